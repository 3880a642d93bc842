import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { OperationRecord } from '../domain/operation-record.js';
import type { BindingRecord } from '../domain/binding-record.js';
import type { ConsoleAuditRecord } from '../domain/console-audit-record.js';
import type { DccCalculationRecord } from '../domain/dcc/dcc-calculation-record.js';
import type { OrderPaymentRecord, OrderRecord, OrderRegistrationRecord } from '../domain/order-record.js';

/**
 * Row shapes of every table, as Kysely sees them. Booleans are 0/1 integers and times are epoch
 * milliseconds on both engines, so one migration set and one set of queries serve SQLite and PostgreSQL.
 */
export interface MerchantsTable {
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
  /** hmac (merchant key, HMAC-SHA256) or rsa (gateway key, SHA-512 with RSA); gateway-facts §4.3. */
  callback_signing: Generated<string>;
  /** POST (form body) or GET (query), per merchant as the real gateway has it. */
  callback_http_method: Generated<string>;
  /** JSON of the P2P fee plan (percent, fixedMinor, minMinor, maxMinor); null: no fee. */
  p2p_fee: string | null;
  /** 1: P2P perform replies carry `statusResponse` (p2p-api.md: "only when enabled by support"). */
  p2p_status_response: Generated<number>;
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

/** What registration writes; the payment columns start empty (NULL, amounts 0). */
export type OrderRegistrationColumns = OrderRegistrationRecord;

/** The amounts the database defaults to 0, so registration need not write them. */
type DefaultedAmounts =
  | 'approved_minor'
  | 'deposited_minor'
  | 'refunded_minor'
  | 'dcc_approved_minor'
  | 'dcc_deposited_minor'
  | 'dcc_refunded_minor';

/** What a payment adds to an order: the card summary, the network references and the money. */
export type OrderPaymentColumns = Omit<OrderPaymentRecord, DefaultedAmounts> & {
  [K in DefaultedAmounts]: Generated<number>;
};

export type MerchantRow = Selectable<MerchantsTable>;
export type NewMerchant = Insertable<MerchantsTable>;

export type OrdersTable = OrderRegistrationColumns & OrderPaymentColumns;
/** The domain's order record (domain/order-record.ts): what Kysely selects from OrdersTable. */
export type OrderRow = OrderRecord;

/**
 * One movement of an order, append-only: the amounts of the order are their sum. The columns are
 * the domain's operation record (domain/operation-record.ts), so the row the domain builds before
 * the acquirer call is the row written.
 */
export type OrderOperationRow = OperationRecord;

/** The callback outbox: written in the transaction of the change it reports. */
export interface CallbackRow {
  id: string;
  merchant_id: string;
  order_id: string | null;
  operation: string;
  url: string;
  /** JSON object of the parameters to send; the checksum is added at each attempt with the current key. */
  params: string;
  /** pending | delivered | dead */
  state: string;
  attempts: number;
  next_attempt_at_ms: number;
  claimed_until_ms: number | null;
  last_error: string | null;
  created_at_ms: number;
  delivered_at_ms: number | null;
  /** X-Request-Id of the request that caused the change; null when no request did (jobs). */
  request_id: string | null;
}

export interface IdempotencyKeyRow {
  merchant_id: string;
  idempotency_key: string;
  path: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at_ms: number;
}

export interface Database {
  merchants: MerchantsTable;
  merchant_permissions: MerchantPermissionRow;
  merchant_access: MerchantAccessRow;
  api_users: ApiUserRow;
  api_tokens: ApiTokenRow;
  merchant_certificates: MerchantCertificateRow;
  orders: OrdersTable;
  order_operations: OrderOperationsTable;
  step_resolutions: StepResolutionRow;
  sandbox_acquirer_operations: SandboxAcquirerOperationRow;
  callbacks: CallbackRow;
  idempotency_keys: IdempotencyKeyRow;
  threeds_transactions: ThreeDsTransactionRow;
  acs_transactions: AcsTransactionRow;
  bindings: BindingRow;
  pending_credit_cards: PendingCreditCardRow;
  wallet_keys: WalletKeyRow;
  wallet_trust_anchors: WalletTrustAnchorRow;
  wallet_token_uses: WalletTokenUseRow;
  wallet_sandbox_authorities: WalletSandboxAuthorityRow;
  dcc_rates: DccRateRow;
  dcc_calculations: DccCalculationRow;
  operators: OperatorRow;
  operator_merchants: OperatorMerchantRow;
  operator_sessions: OperatorSessionRow;
  console_audit: ConsoleAuditRow;
  console_action_keys: ConsoleActionKeyRow;
  order_page_visits: OrderPageVisitRow;
  callback_attempts: CallbackAttemptRow;
  serving_processes: ServingProcessRow;
  login_failures: LoginFailureRow;
  order_rollups: OrderRollupRow;
  order_rollup_state: OrderRollupStateRow;
  threeds_rollups: ThreeDsRollupRow;
  callback_rollups: CallbackRollupRow;
  sandbox_clocks: SandboxClockRow;
}

/** A sandbox merchant's test clock: how far ahead of real time it reads (migration 0028). */
export interface SandboxClockRow {
  merchant_id: string;
  offset_ms: number;
  updated_at_ms: number;
}

/** Orders created in one hour or day of one merchant, alike in the rest (migration 0026). */
export interface OrderRollupRow {
  span_ms: number;
  start_ms: number;
  merchant_id: string;
  currency: string;
  status: number;
  p2p_type: string | null;
  action_code: number;
  orders: number;
  amount_minor: number;
  issuer_declines: number;
}

/** Authentications started in one hour or day of one merchant, alike in outcome (migration 0027). */
export interface ThreeDsRollupRow {
  span_ms: number;
  start_ms: number;
  merchant_id: string;
  protocol: string;
  ares_status: string | null;
  rreq_status: string | null;
  events: number;
}

/** Callbacks created in one hour or day of one merchant, in one state (migration 0027). */
export interface CallbackRollupRow {
  span_ms: number;
  start_ms: number;
  merchant_id: string;
  state: string;
  events: number;
}

/** The roll-ups' watermark (one row, id 1). */
export interface OrderRollupStateRow {
  id: number;
  folded_to_ms: number | null;
  backfilled_from_ms: number | null;
  folded_at_ms: number | null;
}

/** One failed console login, counted against `name`: `email:…` or `address:…`. */
export interface LoginFailureRow {
  id: string;
  name: string;
  at_ms: number;
}

/** A process serving the API (any node) and when it last said it was alive. */
export interface ServingProcessRow {
  id: string;
  host: string;
  pid: number;
  started_at_ms: number;
  seen_at_ms: number;
}

/** The customer's browser opened the order's page (payment or transfer page). */
export interface OrderPageVisitRow {
  id: string;
  order_id: string;
  /** payment | transfer */
  page: string;
  at_ms: number;
}

/** One delivery attempt of a callback and what it met. */
export interface CallbackAttemptRow {
  id: string;
  callback_id: string;
  at_ms: number;
  /** delivered | retry | dead */
  outcome: string;
  /** The HTTP status or the error, as the callback row's last_error keeps it. */
  detail: string | null;
}

export interface ConsoleActionKeyRow {
  key: string;
  operator_id: string;
  created_at_ms: number;
}

/** A person who runs the gateway (the operator console); never a merchant's API user. */
export interface OperatorRow {
  id: string;
  /** Lower case; the login name. */
  email: string;
  /** admin | support | finance | viewer (domain/operator-roles.ts) */
  role: string;
  password_hash: string;
  disabled: number;
  /** The TOTP secret sealed with the master key; null while the second factor is off. */
  totp_sealed: string | null;
  /** The last time step a code was accepted for: a code is good once. */
  totp_last_step: number | null;
  created_at_ms: number;
  updated_at_ms: number;
}

/** A merchant a limited operator may see; an operator without rows sees every merchant. */
export interface OperatorMerchantRow {
  operator_id: string;
  merchant_id: string;
}

export interface OperatorSessionRow {
  /** SHA-256 of the session token: the cookie's value is never stored. */
  id: string;
  operator_id: string;
  created_at_ms: number;
  last_seen_ms: number;
}

/** The operator's rate from one currency to another, with the markup added for the customer. */
export interface DccRateRow {
  from_currency: string;
  to_currency: string;
  /** Decimal string: units of to_currency per unit of from_currency. */
  rate: string;
  /** Decimal string: percent added to the rate (3.5 = 3.5 %). */
  markup_percent: string;
  updated_at_ms: number;
}

/** The sandbox world's vendor of one wallet: its signing keys and certificates, sealed. */
export interface WalletSandboxAuthorityRow {
  /** The wallet, 'a' or 'b'; also the associated data of the seal. */
  id: string;
  material_sealed: string;
  created_at_ms: number;
}

/** A merchant's key for one wallet: the one its tokens are encrypted to. */
export interface WalletKeyRow {
  id: string;
  merchant_id: string;
  /** 'a' or 'b'. */
  wallet: string;
  /** PKCS#8 PEM of the P-256 private key, sealed under the master key, bound to `id`. */
  private_key_sealed: string;
  /** Wallet A: the payment processing certificate the wallet vendor issued for the key. */
  certificate_pem: string | null;
  /** Wallet A: Base64 SHA-256 of the certificate's public key, as a token's header names it. */
  public_key_hash: string | null;
  /** Wallet B: the recipient id tokens are addressed to. */
  recipient_id: string | null;
  created_at_ms: number;
}

/** A root a wallet's signature chain must end in: a CA certificate (A) or a root signing key (B). */
export interface WalletTrustAnchorRow {
  id: string;
  wallet: string;
  /** 'rootCa' (PEM) or 'rootKey' (Base64 SPKI). */
  kind: string;
  value: string;
  /** Wallet B: the protocol version the key signs for (ECv1, ECv2). */
  protocol_version: string | null;
  key_expiration_ms: number | null;
  /** 1 for the sandbox world's own anchors (GATEHOUSE_SANDBOX_WALLETS). */
  sandbox: number;
  created_at_ms: number;
}

/** A wallet token already paid: its transactionId (A) or messageId (B). */
export interface WalletTokenUseRow {
  wallet: string;
  token_id: string;
  merchant_id: string;
  order_id: string;
  created_at_ms: number;
}

/** The card of an instant refund while its credit is with the acquirer (deleted with its outcome). */
export interface PendingCreditCardRow {
  /** The credit's operation id. */
  id: string;
  merchant_id: string;
  /** JSON of PAN, expiry and holder (never the CVC) sealed under the master key, bound to `id`. */
  card_sealed: string;
  created_at_ms: number;
}

/** One 3-D Secure authentication as the gateway's 3DS Server runs it. */
export interface ThreeDsTransactionRow {
  /** threeDSServerTransID (2.x) or the XID's id (1.0). */
  id: string;
  order_id: string;
  merchant_id: string;
  /** '2' (EMV 3DS) | '1' (3-D Secure 1.0 redirect) */
  protocol: string;
  message_version: string;
  /**
   * method (3DS Method, AReq not sent) | authenticating (one caller's AReq in flight) | challenge
   * (the customer at the ACS) | paying (one caller authorizing or declining) | closed
   */
  stage: string;
  /** PAN, expiry and holder sealed under the master key; cleared once the payment is decided. */
  card_sealed: string | null;
  card_network: string;
  method_url: string | null;
  /** unavailable (no method URL) | pending | completed */
  method_state: string;
  method_started_at_ms: number | null;
  merchant_notification_url: string | null;
  finish_url: string | null;
  acs_trans_id: string | null;
  ds_trans_id: string | null;
  acs_url: string | null;
  pa_req: string | null;
  ares_status: string | null;
  ares_reason: string | null;
  rreq_status: string | null;
  rreq_reason: string | null;
  challenge_cancel: string | null;
  eci: string | null;
  authentication_value: string | null;
  /** JSON of how to pay once authenticated (phases, automatic capture or reversal). */
  payment: string;
  created_at_ms: number;
  updated_at_ms: number;
  /** EMV deviceChannel: '02' browser, '01' an app's 3DS SDK. */
  device_channel: string;
  /** The app channel's challenge: the ARes's acsSignedContent (a JWS) and acsReferenceNumber. */
  acs_signed_content: string | null;
  acs_reference_number: string | null;
}

/** The sandbox ACS's record of one authentication it was asked for. */
export interface AcsTransactionRow {
  id: string;
  three_ds_server_trans_id: string;
  ds_trans_id: string;
  protocol: string;
  message_version: string;
  notification_url: string;
  network: string;
  masked_pan: string;
  merchant_name: string;
  purchase_amount: string;
  purchase_currency: string;
  purchase_exponent: number;
  /** challenge | done */
  state: string;
  failures: Generated<number>;
  created_at_ms: number;
  /** '02' browser, '01' app (the challenge runs as JWE messages with the SDK). */
  device_channel: Generated<string>;
  /** App channel: the session key, sealed under the master key bound to the ACS transaction id. */
  session_sealed: string | null;
  sdk_trans_id: string | null;
  /** The challenge screen (acsUiType 01–05) chosen for the app. */
  ui_type: string | null;
  /** CReqs received and CRes sent so far: the next sdkCounterStoA and acsCounterAtoS. */
  sdk_counter: Generated<number>;
  acs_counter: Generated<number>;
  /** The SDK's timeout (sdkMaxTimeout from the AReq) as a moment; null for the browser. */
  deadline_ms: number | null;
  /** The emulated bank app's answer to an out-of-band step: approved | declined. */
  oob_decision: string | null;
}

/** What the money engine keeps on each step besides its intent and outcome; written by the engine only. */
export interface StepColumns {
  /** Tries by the recovery job (the live call is not counted). */
  attempts: number;
  /** Not tried again before this time (backoff); null: due once the live call's deadline passed. */
  next_attempt_at_ms: number | null;
  /** A node holds the step until then (its lease); null: free. */
  claimed_until_ms: number | null;
  last_error: string | null;
}

/** The operation rows as stored: the engine's columns have defaults, so an insert names none of them. */
export type OrderOperationsTable = OrderOperationRow & {
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at_ms: ColumnType<number | null, number | null | undefined, number | null>;
  claimed_until_ms: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
};

/** An operation row read with the engine's columns. */
export type StepRow = OrderOperationRow & StepColumns;

/** An operator's account of a step that needed attention (gatehouse attention resolve). */
export interface StepResolutionRow {
  operation_id: string;
  note: string;
  resolved_by: string;
  resolved_at_ms: number;
}

/** The sandbox acquirer's own record of an operation it was sent (processing/sandbox). */
export interface SandboxAcquirerOperationRow {
  operation_id: string;
  /** hold | sale | debit | capture | reverse | refund | credit */
  call: string;
  order_id: string;
  /** The operation a capture, reversal or refund follows. */
  original_id: string | null;
  /** The test card's issuer behaviour (never the card number): how later calls on it are answered. */
  behaviour: string;
  amount_minor: number;
  currency: string;
  /** JSON of the answer the acquirer gave (and gives again to a resend). */
  answer: string;
  /** How many times it was sent (resends included). */
  calls: number;
  created_at_ms: number;
  updated_at_ms: number;
}

/** The domain's records (decision 0153): the rows are their shapes, column for column. */
export type ConsoleAuditRow = ConsoleAuditRecord;
export type DccCalculationRow = DccCalculationRecord;
export type BindingRow = BindingRecord;
