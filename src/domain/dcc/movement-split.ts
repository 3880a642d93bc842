import { toDcc, toOriginal, type ConversionPair } from './conversion.js';

/**
 * How a capture, reversal or refund of a DCC order is split between its two currencies. The
 * merchant names the amount in one currency (`side`); the other follows from what is left in
 * both. Rather than converting each movement on its own (whose roundings would add up), what is
 * left after the movement is converted, and the movement in the other currency is the
 * difference. So rounding never accumulates, and:
 *
 * - moving all that is left in one currency moves all that is left in the other (a sequence of
 *   partial refunds adds up exactly to the full refund, in both currencies);
 * - a partial movement moves at least one minor unit and leaves at least one in the other currency
 *   (nothing is moved for free, and nothing stays stranded on one side only).
 *
 * A partial movement that cannot keep both (one minor unit left in the other currency) is refused.
 */
export type MovementSide = 'original' | 'dcc';

export interface Remaining {
  readonly originalMinor: number;
  readonly dccMinor: number;
}

export interface MovementAmounts {
  readonly originalMinor: number;
  readonly dccMinor: number;
}

export function splitMovement(
  side: MovementSide,
  requestedMinor: number,
  remaining: Remaining,
  pair: ConversionPair,
): MovementAmounts | undefined {
  const own = side === 'original' ? remaining.originalMinor : remaining.dccMinor;
  const other = side === 'original' ? remaining.dccMinor : remaining.originalMinor;
  if (requestedMinor < 1 || requestedMinor > own) return undefined;
  if (requestedMinor === own) return { originalMinor: remaining.originalMinor, dccMinor: remaining.dccMinor };
  const ownLeft = own - requestedMinor;
  const converted = side === 'original' ? toDcc(ownLeft, pair) : toOriginal(ownLeft, pair);
  const otherLeft = Math.min(Math.max(converted, 1), other - 1);
  if (otherLeft < 1) return undefined;
  const otherMoved = other - otherLeft;
  return side === 'original'
    ? { originalMinor: requestedMinor, dccMinor: otherMoved }
    : { originalMinor: otherMoved, dccMinor: requestedMinor };
}
