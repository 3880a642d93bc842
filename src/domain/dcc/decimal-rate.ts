/**
 * Exchange rates as exact decimals: a rate is read from its decimal string into an integer and a
 * scale (1.0832 = 10832 / 10^4), so no binary float ever touches money. Rates stay strings at
 * rest and on the wire; arithmetic is BigInt.
 */
export interface DecimalRate {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** A positive decimal with at most 12 digits on each side of the point, or undefined. */
export function parseRate(text: string): DecimalRate | undefined {
  const match = DECIMAL.exec(text.trim());
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  const units = BigInt(`${match[1] ?? '0'}${fraction}`);
  if (units === 0n) return undefined;
  return { units, scale: fraction.length };
}

/** A markup percentage: 0 or more, at most 100, with at most 4 decimals (3.5 = 3.5 %). */
export function parseMarkup(text: string): DecimalRate | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  const value = { units: BigInt(`${match[1] ?? '0'}${fraction}`), scale: fraction.length };
  return value.units > 100n * 10n ** BigInt(value.scale) ? undefined : value;
}

/** The decimal string of a rate, without trailing zeros after the point. */
export function formatRate(rate: DecimalRate): string {
  const digits = rate.units.toString().padStart(rate.scale + 1, '0');
  if (rate.scale === 0) return digits;
  const whole = digits.slice(0, digits.length - rate.scale);
  const fraction = digits.slice(digits.length - rate.scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * The rate the customer pays: the reference rate raised by the markup,
 * rate × (1 + markup / 100), exact (the product of two decimals is a decimal).
 */
export function withMarkup(rate: DecimalRate, markup: DecimalRate): DecimalRate {
  const hundred = 100n * 10n ** BigInt(markup.scale);
  return normalized({ units: rate.units * (hundred + markup.units), scale: rate.scale + markup.scale + 2 });
}

/** The same value with trailing zero digits dropped from the scale. */
function normalized(rate: DecimalRate): DecimalRate {
  let { units, scale } = rate;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** a / b for non-negative integers, rounded half-up: a remainder of exactly half goes up. */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return (a % b) * 2n >= b ? quotient + 1n : quotient;
}
