import { currencyName, minorUnits, money, text } from './console-text.js';

/** The amount an operator chose, in minor units, or why the form cannot take it, in words. */
export type AmountEntry = { readonly amountMinor: number } | { readonly problem: string };

/**
 * Reads the amount of a capture, reversal or refund form. The console never passes "0" or an
 * absent amount on (the money engine would read it as the full amount): the operator types a
 * positive amount no larger than what is left, or picks "the whole remaining" choice, which is
 * resolved here to the exact amount the form showed.
 */
export function enteredAmount(
  fields: Readonly<Record<string, string>>,
  movableMinor: number,
  currency: string,
): AmountEntry {
  if (movableMinor < 1) return { problem: text('nothingLeft') };
  if (fields.whole === 'yes') return { amountMinor: movableMinor };
  const typed = (fields.amount ?? '').trim();
  if (typed === '') return { problem: text('amountMissing', { currency: currencyName(currency) }) };
  const amountMinor = minorUnits(typed, currency);
  if (amountMinor === undefined)
    return {
      problem: text('amountUnreadable', { typed: typed.slice(0, 40), currency: currencyName(currency) }),
    };
  if (amountMinor === 0) return { problem: text('amountZero') };
  if (amountMinor > movableMinor)
    return { problem: text('amountTooLarge', { left: money(movableMinor, currency) }) };
  return { amountMinor };
}

/** The minor units a confirmation form carried: a whole positive number, or undefined. */
export function confirmedAmount(field: string | undefined): number | undefined {
  return field !== undefined && /^[1-9]\d{0,14}$/.test(field) ? Number(field) : undefined;
}
