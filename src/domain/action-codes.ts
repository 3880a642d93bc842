/** Processing action codes (gateway-facts §5.2). Descriptions are localized via i18n keys. */
export const ACTION_CODE = {
  success: 0,
  awaitingPayment: -100,
  paymentExpired: -2007,
  /** 3-D Secure: ARes N (authentication failed). */
  threeDsFailed: -2006,
  /** The customer went to the ACS and did not come back before the order's lifetime ended. */
  acsNotReturned: -2009,
  /** 3-D Secure could not be performed: ARes U or an EMV error. */
  threeDsUnavailable: -2023,
  /** The challenge ended without authentication (RReq not Y or A): failed or cancelled. */
  challengeFailed: -2025,
  /** ARes R: the issuer rejected the authentication. */
  threeDsRejected: 151017,
  /** The transaction start state: an operation whose answer is not in yet. */
  started: -9000,
} as const;

export type ActionCode = (typeof ACTION_CODE)[keyof typeof ACTION_CODE];
