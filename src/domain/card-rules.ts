/** Card networks as the spec names them; OTHER is any network that is neither (e.g. 2200…). */
export const CARD_NETWORKS = ['M', 'V', 'OTHER'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/** `paymentSystem` names of getOrderStatusExtended (gateway-facts §2.6, version 8/17). */
export const PAYMENT_SYSTEM_BY_NETWORK: Record<CardNetwork, string> = {
  V: 'VISA',
  M: 'MASTERCARD',
  OTHER: 'OTHER',
};

export const PAN_DIGITS_MIN = 15;
export const PAN_DIGITS_MAX = 19;

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Network by first digits (test-cards.md): 4 is V; 51–55 and 2221–2720 are M. */
export function networkOf(digits: string): CardNetwork {
  if (digits.startsWith('4')) return 'V';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'M';
  return 'OTHER';
}

export interface CardExpiry {
  readonly year: number;
  readonly month: number;
}

/** YYYYMM as the spec writes `expiry`; undefined when it is not a real month. */
export function parseExpiry(yyyymm: string): CardExpiry | undefined {
  if (!/^\d{6}$/.test(yyyymm)) return undefined;
  const year = Number(yyyymm.slice(0, 4));
  const month = Number(yyyymm.slice(4));
  return month >= 1 && month <= 12 && year >= 2000 ? { year, month } : undefined;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function expiryInPast(expiry: CardExpiry, nowMs: number): boolean {
  const now = new Date(nowMs);
  return expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function formatExpiry(expiry: CardExpiry): string {
  return `${expiry.year}${String(expiry.month).padStart(2, '0')}`;
}
