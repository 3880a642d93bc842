import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toDcc, toOriginal, type ConversionPair } from './conversion.js';
import { formatRate, parseMarkup, parseRate, withMarkup } from './decimal-rate.js';
import { splitMovement, type MovementSide } from './movement-split.js';
import { propertySeed } from '../../../test/support/property-seed.js';

function rate(text: string) {
  const parsed = parseRate(text);
  assert.ok(parsed, text);
  return parsed;
}

test('rates are exact decimals: parsed, marked up and printed without float error', () => {
  assert.equal(formatRate(rate('1.0832')), '1.0832');
  assert.equal(formatRate(rate('160.50')), '160.5');
  assert.equal(formatRate(withMarkup(rate('1.0832'), parseMarkup('3.5') ?? assert.fail())), '1.121112');
  assert.equal(formatRate(withMarkup(rate('0.1'), parseMarkup('0') ?? assert.fail())), '0.1');
  for (const bad of ['0', '0.000', '-1', '1e3', 'NaN', '1.2.3', '', ' . ', '1234567890123']) {
    assert.equal(parseRate(bad), undefined, bad);
  }
  assert.equal(parseMarkup('100.0001'), undefined);
  assert.equal(parseMarkup('-1'), undefined);
});

test('conversion rounds half-up to the card currency exponent, in both directions', () => {
  const eurUsd: ConversionPair = { rate: rate('1.121112'), originalExponent: 2, dccExponent: 2 };
  assert.equal(toDcc(10000, eurUsd), 11211); // 112.1112 -> 112.11
  assert.equal(toDcc(5, eurUsd), 6); // 0.0560556 -> 0.06
  const half: ConversionPair = { rate: rate('1.5'), originalExponent: 2, dccExponent: 2 };
  assert.equal(toDcc(1, half), 2); // 1.5 cents: exactly half goes up
  assert.equal(toDcc(3, half), 5); // 4.5 -> 5
  const eurJpy: ConversionPair = { rate: rate('161.234'), originalExponent: 2, dccExponent: 0 };
  assert.equal(toDcc(1999, eurJpy), 3223); // 19.99 EUR = 3223.06 JPY
  assert.equal(toOriginal(3223, eurJpy), 1999);
  const eurKwd: ConversionPair = { rate: rate('0.3312'), originalExponent: 2, dccExponent: 3 };
  assert.equal(toDcc(1999, eurKwd), 6621); // 6.620688 KWD -> 6.621
  const jpyEur: ConversionPair = { rate: rate('0.0062'), originalExponent: 0, dccExponent: 2 };
  assert.equal(toDcc(1000, jpyEur), 620);
});

test('a full movement in either currency moves all that is left in both', () => {
  const pair: ConversionPair = { rate: rate('0.3312'), originalExponent: 2, dccExponent: 3 };
  const left = { originalMinor: 1999, dccMinor: 6621 };
  assert.deepEqual(splitMovement('original', 1999, left, pair), left);
  assert.deepEqual(splitMovement('dcc', 6621, left, pair), left);
  assert.equal(splitMovement('dcc', 6622, left, pair), undefined);
  assert.equal(splitMovement('original', 0, left, pair), undefined);
  // One cent left on the other side: a partial movement would strand it, so it is refused.
  assert.equal(splitMovement('dcc', 1, { originalMinor: 1, dccMinor: 4 }, pair), undefined);
});

const pairs = fc.record({
  rate: fc
    .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
    .map(([units, scale]) => ({ units: BigInt(units), scale })),
  originalExponent: fc.constantFrom(0, 2, 3),
  dccExponent: fc.constantFrom(0, 2, 3),
});

test('property: random sequences of partial movements in mixed currencies keep both ledgers exact', () => {
  fc.assert(
    fc.property(
      pairs,
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.array(
        fc.tuple(
          fc.constantFrom<MovementSide>('original', 'dcc'),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        {
          maxLength: 30,
        },
      ),
      (pair, originalTotal, moves) => {
        const dccTotal = toDcc(originalTotal, pair);
        fc.pre(dccTotal >= 1);
        let left = { originalMinor: originalTotal, dccMinor: dccTotal };
        for (const [side, share] of moves) {
          const own = side === 'original' ? left.originalMinor : left.dccMinor;
          if (own === 0) break;
          const requested = Math.max(1, Math.round(own * share));
          const moved = splitMovement(side, requested, left, pair);
          if (moved === undefined) continue;
          assert.ok(
            moved.originalMinor >= 1 && moved.dccMinor >= 1,
            'every movement moves money on both sides',
          );
          assert.equal(side === 'original' ? moved.originalMinor : moved.dccMinor, requested);
          left = {
            originalMinor: left.originalMinor - moved.originalMinor,
            dccMinor: left.dccMinor - moved.dccMinor,
          };
          assert.ok(left.originalMinor >= 0 && left.dccMinor >= 0, 'never more than was there');
          assert.equal(left.originalMinor === 0, left.dccMinor === 0, 'both currencies close together');
        }
        // Whatever is left closes exactly with one full movement, from either side.
        if (left.originalMinor > 0) {
          assert.deepEqual(splitMovement('dcc', left.dccMinor, left, pair), left);
          assert.deepEqual(splitMovement('original', left.originalMinor, left, pair), left);
        }
      },
    ),
    // A fresh seed each run (printed); replay one with GATEHOUSE_DCC_SEED=<seed>.
    { seed: propertySeed('GATEHOUSE_DCC_SEED', 'dcc arithmetic'), numRuns: 400 },
  );
});
