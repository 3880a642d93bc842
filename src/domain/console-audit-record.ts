/** One operator action and its outcome; the database refuses to change or delete it. */
export interface ConsoleAuditRecord {
  id: string;
  operator_id: string;
  operator_email: string;
  at_ms: number;
  action: string;
  merchant_id: string | null;
  order_id: string | null;
  amount_minor: number | null;
  currency: string | null;
  /** done | refused: <reason> | … */
  outcome: string;
  /** JSON: what the action said besides its amount (note, side, callback id). */
  details: string | null;
}
