/** A stored credential: the card of one client of one merchant, sealed in the vault. */
export interface BindingRecord {
  id: string;
  merchant_id: string;
  client_id: string;
  /** PAN sealed under the master key (AES-256-GCM, key id inside); bound to the binding id. */
  pan_sealed: string;
  /** Keyed hash (HMAC) of the PAN under the key that sealed it: finds the card without decrypting. */
  pan_hash: string;
  masked_pan: string;
  /** YYYYMM */
  expiry: string;
  payment_system: string;
  /** COMMON | RECURRENT | INSTALLMENT */
  category: string;
  active: number;
  origin_order_id: string;
  origin_order_number: string;
  /** paymentNetRefNum and date of the initiating payment: what later merchant-initiated payments cite. */
  original_net_ref_num: string | null;
  original_scheme_transaction_id: string | null;
  original_payment_date_ms: number | null;
  created_at_ms: number;
  updated_at_ms: number;
}
