import { divideHalfUp, type DecimalRate } from './decimal-rate.js';

/**
 * One conversion rule for the offer, the payment and every later movement: minor units of the
 * original currency times the rate (card-currency units per original unit), into minor units of
 * the card currency, rounded half-up to the card currency's exponent. The reverse direction
 * divides by the same rate with the same rounding.
 */
export interface ConversionPair {
  /** Card-currency units per original-currency unit, markup included: the rate the customer accepted. */
  readonly rate: DecimalRate;
  readonly originalExponent: number;
  readonly dccExponent: number;
}

/** original minor × rate × 10^(dccExp − origExp), half-up. */
export function toDcc(originalMinor: number, pair: ConversionPair): number {
  const numerator = BigInt(originalMinor) * pair.rate.units * 10n ** BigInt(pair.dccExponent);
  const denominator = 10n ** BigInt(pair.rate.scale + pair.originalExponent);
  return Number(divideHalfUp(numerator, denominator));
}

/** dcc minor ÷ rate × 10^(origExp − dccExp), half-up. */
export function toOriginal(dccMinor: number, pair: ConversionPair): number {
  const numerator = BigInt(dccMinor) * 10n ** BigInt(pair.rate.scale + pair.originalExponent);
  const denominator = pair.rate.units * 10n ** BigInt(pair.dccExponent);
  return Number(divideHalfUp(numerator, denominator));
}
