import { expiryInPast, luhnValid, parseExpiry, type CardExpiry } from '../../domain/card-rules.js';
import { Pan } from '../../domain/pan.js';

/*
 * The card fields of a page's form as the server reads them (the page's script checked them
 * already; a browser without script, or a forged post, is checked here the same way).
 */

const HOLDER = /^[A-Za-z .'-]{2,45}$/;

/** The digits of a typed card number, when they are a valid one. */
export function typedPan(value: string | undefined): Pan | undefined {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return /^\d{15,19}$/.test(digits) && luhnValid(digits) ? new Pan(digits) : undefined;
}

/** A typed expiry MM/YY, when it is one and not in the past. */
export function typedExpiry(value: string | undefined, nowMs: number): CardExpiry | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec((value ?? '').trim());
  const expiry = match === null ? undefined : parseExpiry(`20${match[2] ?? ''}${match[1] ?? ''}`);
  return expiry === undefined || expiryInPast(expiry, nowMs) ? undefined : expiry;
}

export interface TypedCard {
  readonly pan?: Pan;
  readonly expiry?: CardExpiry;
  readonly cvc?: string;
  readonly cardholderName?: string;
  /** The fields that are wrong, by their part of the card. */
  readonly wrong: ReadonlySet<'pan' | 'expiry' | 'cvc' | 'cardholderName'>;
}

/** The four fields of a card to pay with, named by `names` in the form. */
export function typedCard(
  fields: Readonly<Record<string, string>>,
  nowMs: number,
  names: { pan: string; expiry: string; cvc: string; cardholderName: string },
): TypedCard {
  const wrong = new Set<'pan' | 'expiry' | 'cvc' | 'cardholderName'>();
  const pan = typedPan(fields[names.pan]);
  if (pan === undefined) wrong.add('pan');
  const expiry = typedExpiry(fields[names.expiry], nowMs);
  if (expiry === undefined) wrong.add('expiry');
  const cvc = (fields[names.cvc] ?? '').trim();
  if (!/^\d{3}$/.test(cvc)) wrong.add('cvc');
  const holder = (fields[names.cardholderName] ?? '').trim();
  if (!HOLDER.test(holder)) wrong.add('cardholderName');
  return {
    ...(pan === undefined ? {} : { pan }),
    ...(expiry === undefined ? {} : { expiry }),
    ...(wrong.has('cvc') ? {} : { cvc }),
    ...(wrong.has('cardholderName') ? {} : { cardholderName: holder.toUpperCase() }),
    wrong,
  };
}
