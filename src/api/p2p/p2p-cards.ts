import { expiryInPast, luhnValid } from '../../domain/card-rules.js';
import { Pan } from '../../domain/pan.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { CardForAuthorization, CardForCredit } from '../../processing/acquirer/acquirer-port.js';
import type { fromCard, toCard } from './p2p-blocks.js';

export type FromCard = ReturnType<(typeof fromCard)['parse']>;
export type ToCard = ReturnType<(typeof toCard)['parse']>;

/** Ways of naming a card that arrive with later parts of the P2P issue (bindings, tokens). */
const LATER = [
  ['bindingId', 'transfers with stored credentials'],
  ['seToken', 'transfers with seToken'],
  ['paymentToken', 'transfers with wallet tokens'],
  ['threeDsAuthResult', "the merchant's own 3-D Secure server on transfers"],
] as const;

function refuseLater(card: Readonly<Record<string, unknown>>, block: string): void {
  for (const [name, feature] of LATER) {
    if (card[name] !== undefined)
      throw new Refusal('FEATURE_NOT_ENABLED', { param: `${block}.${name}`, feature });
  }
}

function number(pan: string | undefined, block: string): Pan {
  if (pan === undefined) throw new Refusal('PARAM_MISSING', { param: `${block}.pan` });
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) throw invalidParam(`${block}.pan`, 'reason.cardNumber');
  return new Pan(pan);
}

function expiryOf(
  card: { readonly expirationYear?: number | undefined; readonly expirationMonth?: number | undefined },
  block: string,
  nowMs: number,
): { year: number; month: number } | undefined {
  if (card.expirationYear === undefined && card.expirationMonth === undefined) return undefined;
  if (card.expirationYear === undefined)
    throw new Refusal('PARAM_MISSING', { param: `${block}.expirationYear` });
  if (card.expirationMonth === undefined)
    throw new Refusal('PARAM_MISSING', { param: `${block}.expirationMonth` });
  const expiry = { year: card.expirationYear, month: card.expirationMonth };
  if (expiryInPast(expiry, nowMs)) throw invalidParam(`${block}.expirationYear`, 'reason.cardExpiry');
  return expiry;
}

/** The debited card from card data: number, expiry and CVC are all needed to take money from it. */
export function debitedCard(card: FromCard | undefined, nowMs: number): CardForAuthorization {
  if (card === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard' });
  refuseLater(card, 'fromCard');
  const pan = number(card.pan, 'fromCard');
  const expiry = expiryOf(card, 'fromCard', nowMs);
  if (expiry === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard.expirationYear' });
  if (card.cvc === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard.cvc' });
  return {
    pan,
    expiry,
    cvc: card.cvc,
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}

/** The credited card: its number (the expiry only when given: a credit needs none). */
export function creditedCard(card: ToCard | undefined, nowMs: number): CardForCredit {
  if (card === undefined) throw new Refusal('PARAM_MISSING', { param: 'toCard' });
  refuseLater(card, 'toCard');
  if (card.replacementData !== undefined) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'toCard.replacementData',
      feature: 'account funding (AFT)',
    });
  }
  const expiry = expiryOf(card, 'toCard', nowMs);
  return {
    pan: number(card.pan, 'toCard'),
    ...(expiry === undefined ? {} : { expiry }),
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}
