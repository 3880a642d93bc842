import fc from 'fast-check';
import type { Operation } from '../../src/api/operation.js';
import type { ParamDef } from '../../src/api/params/param-table.js';
import type { ValueDoc } from '../../src/api/params/value-type.js';
import { brokenJson } from './fuzz-json.js';
import {
  CONTROL,
  goodValue,
  isJsonValued,
  percentEncode,
  val,
  wireVal,
  WRONG_TYPES,
  type Val,
} from './fuzz-values.js';
import type { FuzzWorld } from './request-fuzz.js';

/** Broken parameter values: wrong types, bounds, control characters, odd encodings, broken JSON. */

/** A valid value with C0 control characters (NUL among them) put in, or one alone. */
export function withControl(good: fc.Arbitrary<string>): fc.Arbitrary<Val> {
  return fc
    .tuple(good, CONTROL, fc.nat(), fc.constantFrom('insert', 'append', 'prepend', 'alone', 'many'))
    .map(([value, control, at, how]) => {
      switch (how) {
        case 'insert': {
          const index = value.length === 0 ? 0 : at % value.length;
          return val(`${value.slice(0, index)}${control}${value.slice(index)}`);
        }
        case 'append':
          return val(`${value}${control}`);
        case 'prepend':
          return val(`${control}${value}`);
        case 'alone':
          return val(control);
        case 'many':
          return val(control.repeat(1 + (at % 64)));
      }
    });
}

const ODD_UNICODE = [
  '\u202e',
  '\ufeff',
  '\u200b',
  '\u{1f600}',
  '\u00e9',
  '\uffff',
  '\u0301',
  '\u2028',
  '\u{10ffff}',
];

/** Wire forms that are not valid percent-encoding or not valid UTF-8 once decoded. */
const MALFORMED_WIRE = [
  '%',
  '%G1',
  '%zz',
  '%4',
  '%%',
  '%u0041',
  '%C0%80',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%82',
  '%F4%90%80%80',
  '%EF%BB%BF',
  '%0',
];

function lengthsAround(doc: ValueDoc): number[] {
  const min = doc.minLength ?? 1;
  const max = doc.maxLength ?? 2048;
  return [min - 1, min, max - 1, max, max + 1, max * 2 + 3, max + 4096].filter((length) => length >= 0);
}

/** Values at and beyond the ValueDoc's bounds. */
export function atBounds(doc: ValueDoc): fc.Arbitrary<Val> {
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(doc.format ?? '');
  if (range !== null) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return fc
      .constantFrom(min - 1, min, max, max + 1, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 64)
      .map((value) => val(String(value)));
  }
  if (doc.enum !== undefined && doc.enum.length > 0) {
    const values = doc.enum;
    return fc
      .tuple(fc.constantFrom(...values), fc.constantFrom('upper', 'space', 'twice', 'prefix'))
      .map(([value, how]) =>
        val(
          how === 'upper'
            ? value.toUpperCase() === value
              ? value.toLowerCase()
              : value.toUpperCase()
            : how === 'space'
              ? ` ${value}`
              : how === 'twice'
                ? `${value}${value}`
                : `x${value}`,
        ),
      );
  }
  const fill = doc.pattern?.includes('\\d') === true || doc.type === 'integer' ? '7' : 'a';
  return fc
    .tuple(fc.constantFrom(...lengthsAround(doc)), fc.constantFrom(fill, '\u00e9', '\u{1f600}', '9'))
    .map(([length, char]) => val(char.repeat(Math.ceil(length / char.length)).slice(0, length)));
}

/** A valid value with an odd character, malformed percent-encoding or a raw non-UTF-8 byte put in. */
export function oddEncoding(good: fc.Arbitrary<string>): fc.Arbitrary<Val> {
  return fc.oneof(
    fc.tuple(good, fc.constantFrom(...ODD_UNICODE), fc.nat()).map(([value, odd, at]) => {
      const index = at % (value.length + 1);
      return val(`${value.slice(0, index)}${odd}${value.slice(index)}`);
    }),
    fc
      .tuple(good, fc.constantFrom(...MALFORMED_WIRE), fc.boolean())
      .map(([value, bad, before]) =>
        wireVal(before ? `${bad}${percentEncode(value)}` : `${percentEncode(value)}${bad}`, value),
      ),
  );
}

/** Something wrong for parameter `def`. */
export function brokenValue(op: Operation, def: ParamDef, world: FuzzWorld): fc.Arbitrary<Val> {
  const doc = def.type.doc;
  const good = goodValue(op, def, world);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES).map(val) },
    { weight: 3, arbitrary: atBounds(doc) },
    { weight: 4, arbitrary: withControl(good) },
    { weight: 2, arbitrary: oddEncoding(good) },
    { weight: isJsonValued(doc) ? 6 : 1, arbitrary: brokenJson(doc) },
  );
}
