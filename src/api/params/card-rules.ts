/*
 * The text rules of card fields, shared by every operation that takes card data: a card number
 * is 15 to 19 digits (Luhn is checked where the number is used), a cardholder name Latin letters,
 * spaces and . ' - (merchant-api.md, instantPayment.do `cardholderName`).
 */

export const PAN_RULE = { pattern: /^\d{15,19}$/, reason: 'reason.cardNumber' } as const;

export const LATIN_NAME_RULE = {
  pattern: /^[A-Za-z .'-]+$/,
  reason: 'reason.latin',
  vars: { allowed: ". ' -" },
} as const;
