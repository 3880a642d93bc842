/**
 * Row shapes of every table, as Kysely sees them. Booleans are 0/1 integers and times are epoch
 * milliseconds on both engines, so one migration set and one set of queries serve SQLite and PostgreSQL.
 */
export interface MerchantRow {
  id: string;
  login: string;
  parent_id: string | null;
  default_currency: string;
  default_language: string;
  session_timeout_secs: number;
  callback_url: string | null;
  callback_key_sealed: string | null;
  require_signature: number;
  rate_limit_per_second: number;
  concurrent_limit: number;
  allowed_mccs: string;
  created_at_ms: number;
}

export interface MerchantPermissionRow {
  merchant_id: string;
  permission: string;
}

/** Grants `merchant_id` the right to see and act on `target_merchant_id`'s transactions. */
export interface MerchantAccessRow {
  merchant_id: string;
  target_merchant_id: string;
}

export interface ApiUserRow {
  id: string;
  merchant_id: string;
  user_name: string;
  password_hash: string;
  created_at_ms: number;
}

export interface ApiTokenRow {
  id: string;
  merchant_id: string;
  token_hash: string;
  created_at_ms: number;
  revoked_at_ms: number | null;
}

export interface MerchantCertificateRow {
  id: string;
  merchant_id: string;
  pem: string;
  fingerprint_sha256: string;
  subject: string;
  valid_to: string;
  created_at_ms: number;
}

export interface OrderRow {
  id: string;
  merchant_id: string;
  registered_by_merchant_id: string;
  order_number: string;
  amount_minor: number;
  currency: string;
  fee_minor: number | null;
  two_phase: number;
  status: number;
  action_code: number;
  created_at_ms: number;
  expires_at_ms: number;
  updated_at_ms: number;
  language: string;
  description: string | null;
  return_url: string;
  fail_url: string | null;
  dynamic_callback_url: string | null;
  client_id: string | null;
  ip: string | null;
  email: string | null;
  post_address: string | null;
  cardholder_name: string | null;
  binding_id: string | null;
  mcc: number | null;
  mvv: string | null;
  features: string;
  json_params: string | null;
  order_bundle: string | null;
  payer_data: string | null;
  marketplace: string | null;
  payment_facilitator: string | null;
}

export interface Database {
  merchants: MerchantRow;
  merchant_permissions: MerchantPermissionRow;
  merchant_access: MerchantAccessRow;
  api_users: ApiUserRow;
  api_tokens: ApiTokenRow;
  merchant_certificates: MerchantCertificateRow;
  orders: OrderRow;
}
