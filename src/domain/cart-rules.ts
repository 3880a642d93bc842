import { Refusal } from './refusals.js';

const THOUSANDTHS_PER_UNIT = 1000n;

/** A quantity (at most 3 decimals, already validated; text or a JSON number) in thousandths, exactly. */
export function quantityInThousandths(quantity: string | number): bigint {
  const [whole = '0', fraction = ''] = String(quantity).split('.');
  return BigInt(whole) * THOUSANDTHS_PER_UNIT + BigInt(fraction.padEnd(3, '0'));
}

/**
 * itemPrice × quantity in minor units. A fractional quantity can give a fraction of a minor unit;
 * that is rounded half up, which is how a merchant's own till computes the line total.
 */
export function lineTotalMinor(itemPriceMinor: number, quantity: string | number): bigint {
  const product = BigInt(itemPriceMinor) * quantityInThousandths(quantity);
  return (product + THOUSANDTHS_PER_UNIT / 2n) / THOUSANDTHS_PER_UNIT;
}

export interface CartLine {
  readonly positionId: number;
  readonly quantity: { readonly value: string | number };
  readonly itemAmount?: number;
  readonly itemPrice?: number;
}

/** The spec's cart rules: unique positionId; itemAmount = itemPrice × quantity when both are given. */
export function checkCartLines(lines: readonly CartLine[], path: string): void {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.positionId))
      throw new Refusal('CART_POSITION_DUPLICATE', { position: line.positionId });
    seen.add(line.positionId);
    if (line.itemAmount === undefined && line.itemPrice === undefined) {
      throw new Refusal('PARAM_MISSING', { param: `${path}[${index}].itemAmount` });
    }
    if (line.itemAmount !== undefined && line.itemPrice !== undefined) {
      const expected = lineTotalMinor(line.itemPrice, line.quantity.value);
      if (BigInt(line.itemAmount) !== expected) {
        throw new Refusal('CART_ITEM_AMOUNT_MISMATCH', {
          position: line.positionId,
          expected: expected.toString(),
        });
      }
    }
  });
}
