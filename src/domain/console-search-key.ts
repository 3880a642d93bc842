/**
 * What a support person types into the console's search box, read as every kind of key it could
 * be. "4444553333" is a first-six-last-four, and could as well be an order number or a phone: the
 * list shows the orders any of them names, each found through its own index.
 */
export type SearchKey =
  | { readonly kind: 'orderNumber'; readonly value: string }
  | { readonly kind: 'orderId'; readonly value: string }
  | { readonly kind: 'lastFour'; readonly value: string }
  | { readonly kind: 'card'; readonly firstSix: string; readonly lastFour: string }
  | { readonly kind: 'email'; readonly value: string }
  | { readonly kind: 'phone'; readonly value: string }
  | { readonly kind: 'rrn'; readonly value: string }
  | { readonly kind: 'approvalCode'; readonly value: string }
  | { readonly kind: 'bindingId'; readonly value: string }
  | { readonly kind: 'clientId'; readonly value: string };

export type SearchKind = SearchKey['kind'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 444455******3333, 444455...3333, 444455…3333, 4444553333 (spaces dropped first). */
const FIRST_SIX_LAST_FOUR = /^(\d{6})(?:\*+|\.{2,}|…|x+|X+)?(\d{4})$/;
const PHONE = /^\+?\d{6,15}$/;
/** An RRN is 12 characters (ISO 8583 field 37); approval codes are 6 (field 38). */
const RRN = /^[0-9A-Za-z]{12}$/;
const APPROVAL_CODE = /^[0-9A-Za-z]{6}$/;

/** The longest key read (an order number's column length). */
export const SEARCH_KEY_MAX = 255;

export function searchKeysOf(typed: string): SearchKey[] {
  const value = typed.trim().slice(0, SEARCH_KEY_MAX);
  if (value === '') return [];
  const compact = value.replace(/[\s-]/g, '');
  const keys: SearchKey[] = [
    { kind: 'orderNumber', value },
    { kind: 'clientId', value },
  ];
  if (UUID.test(value)) {
    keys.push({ kind: 'orderId', value: value.toLowerCase() }, { kind: 'bindingId', value });
    return keys;
  }
  if (/^\d{4}$/.test(value)) keys.push({ kind: 'lastFour', value });
  const card = FIRST_SIX_LAST_FOUR.exec(compact);
  if (card !== null) keys.push({ kind: 'card', firstSix: card[1] ?? '', lastFour: card[2] ?? '' });
  if (value.includes('@')) keys.push({ kind: 'email', value });
  const phone = value.replace(/[\s()./-]/g, '');
  // Kept as the merchant sent it: with the country's plus or without.
  if (PHONE.test(phone)) {
    const digits = phone.replace('+', '');
    keys.push({ kind: 'phone', value: digits }, { kind: 'phone', value: `+${digits}` });
  }
  if (RRN.test(value)) keys.push({ kind: 'rrn', value });
  if (APPROVAL_CODE.test(value)) keys.push({ kind: 'approvalCode', value });
  return keys;
}
