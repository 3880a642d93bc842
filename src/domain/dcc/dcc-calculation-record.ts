/** A conversion offered to a customer (dcc/calculate.do or the payment page), usable once. */
export interface DccCalculationRecord {
  id: string;
  merchant_id: string;
  /** The order it was calculated for (mdorder, or the page's order); null for amount + currency. */
  order_id: string | null;
  /** Keyed hash of the PAN: the payment must use the same card, and the PAN is never kept. */
  card_key: string;
  original_amount_minor: number;
  original_currency: string;
  dcc_currency: string;
  dcc_amount_minor: number;
  rate: string;
  direct_rate: string;
  fee_percent: string;
  created_at_ms: number;
  expires_at_ms: number;
  used_at_ms: number | null;
}
