/**
 * An order as the gateway records it: what registration wrote and what payments added. The store's
 * order row is this shape (schema.ts builds its table and OrderRow from it), so what a repository
 * reads is what services, operations and pages are handed, and no layer above the store names a
 * row type (decision 0153). Booleans are 0/1 and times epoch milliseconds, as stored.
 */

/** What registration writes; the payment columns start empty (NULL, amounts 0). */
export interface OrderRegistrationRecord {
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
  /** The DCC calculation the order is paid with (instantPayment.do with dccData), else set by the claim. */
  dcc_uuid: string | null;
  /** The card's currency the customer chose to pay in, and the amount in it. */
  dcc_currency: string | null;
  dcc_amount_minor: number | null;
  /** The rate applied (card-currency units per original unit, markup included), the reference rate, the markup. */
  dcc_rate: string | null;
  dcc_direct_rate: string | null;
  dcc_fee_percent: string | null;
  /** A card-to-card transfer: STANDARD, AFT or OCT; null for payments. */
  p2p_type: string | null;
  /** JSON of what registerP2P.do carried beyond a payment's parameters. */
  p2p_details: string | null;
}

/** What a payment adds to an order: the card summary, the network references and the money. */
export interface OrderPaymentRecord {
  /** Set when a payment attempt claims the order, so two attempts can never both run. */
  payment_attempt_id: string | null;
  payment_way: string | null;
  card_masked_pan: string | null;
  card_expiry: string | null;
  card_holder: string | null;
  card_network: string | null;
  approval_code: string | null;
  rrn: string | null;
  payment_net_ref_num: string | null;
  terminal_id: string | null;
  auth_ref_num: string | null;
  auth_at_ms: number | null;
  deposited_at_ms: number | null;
  reversed_at_ms: number | null;
  refunded_at_ms: number | null;
  auto_complete_at_ms: number | null;
  auto_reverse_at_ms: number | null;
  /** JSON of the 3-D Secure result (eci, cavv, version, ARes and RReq status), once authenticated. */
  secure_auth: string | null;
  /** The transaction initiator indicator the order was paid with (CI, F, U, R), if any. */
  tii: string | null;
  /** The credited card of a transfer: masked 6+4, and its payment system. */
  to_masked_pan: string | null;
  to_network: string | null;
  /** The recipient card while the debited card is authenticated (sealed, bound to the order id). */
  to_card_sealed: string | null;
  /** JSON of the transfer's cards' issuers (bank name, country), for its callback. */
  p2p_parties: string | null;
  /** Default to 0 in the database, so registration need not write them (schema.ts). */
  approved_minor: number;
  deposited_minor: number;
  refunded_minor: number;
  /** The same amounts in the DCC currency (0 for orders paid without conversion). */
  dcc_approved_minor: number;
  dcc_deposited_minor: number;
  dcc_refunded_minor: number;
}

/** An order as recorded: the one read model of an order up to the API and the pages. */
export type OrderRecord = OrderRegistrationRecord & OrderPaymentRecord;
