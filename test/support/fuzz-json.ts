import fc from 'fast-check';
import type { ValueDoc } from '../../src/api/params/value-type.js';
import { CONTROL, docJson, jsonVal, val, WRONG_TYPES, type Val } from './fuzz-values.js';

/**
 * Broken JSON for JSON-valued parameters (orderBundle, the payer blocks, depositItems,
 * refundItems, jsonParams...): not JSON, the wrong JSON, and arrays or objects nested thousands
 * deep, thousands wide or odd (huge numbers, escaped NULs, lone surrogates, `__proto__`) placed
 * anywhere inside an otherwise valid value.
 */

const PLACEHOLDER_TEXT = '__fuzz_placeholder__';
const PLACEHOLDER = JSON.stringify(PLACEHOLDER_TEXT);

/** Arrays (or objects, or both) nested `depth` deep. */
function nested(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  switch (shape) {
    case 'array':
      return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    case 'object':
      return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    case 'mixed':
      return `${'[{"a":'.repeat(depth / 2)}0${'}]'.repeat(depth / 2)}`;
  }
}

/** Around the depth that overflowed the stack when stored (issue 9: 4,000 was accepted, 5,000 was not). */
const DEPTHS = [64, 1000, 4000, 5000, 8000, 10_000, 50_000];

export interface JsonText {
  readonly text: string;
  readonly depth: number;
}

const deepJson: fc.Arbitrary<JsonText> = fc
  .tuple(fc.constantFrom(...DEPTHS), fc.constantFrom('array', 'array', 'object', 'mixed'))
  .map(([depth, shape]) => ({ text: nested(depth, shape), depth }));

const wideJson: fc.Arbitrary<JsonText> = fc.oneof(
  fc.constantFrom(1000, 20_000, 60_000).map((width) => ({ text: `[${'0,'.repeat(width - 1)}0]`, depth: 1 })),
  fc.constantFrom(1000, 8000).map((width) => ({
    text: `{${Array.from({ length: width }, (_, index) => `"k${index}":${index}`).join(',')}}`,
    depth: 1,
  })),
  fc.constantFrom(10_000, 150_000).map((length) => ({ text: JSON.stringify('a'.repeat(length)), depth: 0 })),
  fc.constantFrom(100, 1000).map((count) => ({
    text: JSON.stringify(
      Array.from({ length: count }, (_, index) => ({
        positionId: index + 1,
        name: `item ${index}`,
        quantity: { value: 1, measure: 'pcs' },
        itemAmount: 1,
      })),
    ),
    depth: 4,
  })),
);

/** Odd JSON scalars and strings: huge numbers, escapes of control characters, lone surrogates. */
const oddJson: fc.Arbitrary<JsonText> = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '-0',
    '0.0000000000000000000000001',
    '"\\u0000"',
    '"a\\u0000b"',
    '"\\u0001\\u001f"',
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"\\u202e"',
    '"\\\\"',
    'true',
    'null',
    '[]',
    '{}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":1,"a":2}',
    '{"":0}',
  )
  .map((text) => ({ text, depth: 1 }));

const NOT_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,]',
  '{"a":1}garbage',
  'NaN',
  'undefined',
  '\ufeff{}',
  '{"a":01}',
  '{"a":"\u0000"}',
  '/* */{}',
  ' ',
];

/** `value` as JSON text with `inner` put at a random place inside it (or replacing it). */
function placeInside(value: unknown, inner: string, path: readonly number[]): string {
  if (typeof value !== 'object' || value === null) return inner;
  const copy = structuredClone(value) as Record<string, unknown>;
  let target = copy;
  for (const step of path) {
    const keys = Object.keys(target);
    const key = keys[step % (keys.length + 1)];
    const child = key === undefined ? undefined : target[key];
    if (key === undefined || typeof child !== 'object' || child === null) {
      // Either replace this member or add a member the table does not know (kept as sent).
      target[key ?? 'fuzzExtra'] = PLACEHOLDER_TEXT;
      return JSON.stringify(copy).replace(PLACEHOLDER, () => inner);
    }
    target = child as Record<string, unknown>;
  }
  target.fuzzExtra = PLACEHOLDER_TEXT;
  return JSON.stringify(copy).replace(PLACEHOLDER, () => inner);
}

/** For a JSON-valued parameter: not JSON, the wrong JSON, or deep/wide/odd JSON somewhere inside a valid value. */
export function brokenJson(doc: ValueDoc): fc.Arbitrary<Val> {
  const valid = docJson(doc);
  const inside = (inner: fc.Arbitrary<JsonText>) =>
    fc
      .tuple(
        valid,
        inner,
        fc.array(fc.nat(), { maxLength: 4 }),
        // A member the table does not know is kept as sent: the surest way to reach storage.
        fc.constantFrom('whole', 'extra', 'extra', 'anywhere', 'anywhere'),
      )
      .map(([value, json, path, where]) =>
        where === 'whole'
          ? jsonVal(json.text, json.depth)
          : jsonVal(placeInside(value, json.text, where === 'extra' ? [] : path), json.depth + path.length),
      );
  return fc.oneof(
    fc.constantFrom(...NOT_JSON).map(val),
    { weight: 3, arbitrary: inside(deepJson) },
    { weight: 2, arbitrary: inside(wideJson) },
    { weight: 3, arbitrary: inside(oddJson) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.array(fc.nat(), { maxLength: 4 }), fc.constantFrom(...WRONG_TYPES), CONTROL)
        .map(([value, path, wrong, control]) =>
          jsonVal(
            placeInside(value, JSON.stringify(path.length % 2 === 0 ? wrong : `${wrong}${control}`), path),
          ),
        ),
    },
  );
}
