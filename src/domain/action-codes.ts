/** Processing action codes used so far (gateway-facts §5.2). Descriptions are localized via i18n keys. */
export const ACTION_CODE = {
  success: 0,
  awaitingPayment: -100,
  paymentExpired: -2007,
} as const;

export type ActionCode = (typeof ACTION_CODE)[keyof typeof ACTION_CODE];
