import fc from 'fast-check';
import type { Operation } from '../../src/api/operation.js';
import type { ParamDef } from '../../src/api/params/param-table.js';
import type { ValueDoc } from '../../src/api/params/value-type.js';
import type { FuzzWorld } from './request-fuzz.js';

/**
 * Parameter values for the request generators: how they go on the wire, valid ones (from the
 * ValueDoc, or from what a parameter names: real orders, test cards) and the raw material of
 * broken ones. See fuzz-breakage.ts and fuzz-json.ts for what breaks them.
 */

/** A parameter value: its wire form, and the text the gateway should decode from it. */
export interface Val {
  readonly wire: string;
  readonly text: string;
  /** Raw JSON text, for JSON-valued fields of JSON bodies. */
  readonly json?: boolean;
  readonly deep?: boolean;
}

const URL_OK = 'https://shop.example/ok';
const FUTURE_DATE_TIME = '2034-12-01T00:00:00';
/** Nesting from which a JSON value belongs to the known `deep` class. */
const DEEP_KNOWN_FROM = 1000;
/** Cards the sandbox approves at once (no acquirer timeout, no 3-D Secure for an SSL-only merchant). */
const CARDS = ['4111111111111111', '5555555555554444', '2200000000000053', '4000000000000002'];
const CVC = '123';

const UNRESERVED = /^[A-Za-z0-9\-_.~]$/;

/** application/x-www-form-urlencoded of a string's UTF-8 bytes (no `+` for spaces). */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out +=
      byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Escapes only what changes a form's structure, so hundred-kilobyte JSON stays that size on the wire. */
function lightEncode(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return value.replace(/[%&=+#;\u0000-\u001f\u007f-\u{10ffff}]/gu, (char) => percentEncode(char));
}

export function val(text: string): Val {
  return { wire: percentEncode(text), text };
}

/** JSON text as a value: light encoding (it may be large), marked deep when it nests that far. */
export function jsonVal(text: string, depth = 0): Val {
  return { wire: lightEncode(text), text, json: true, deep: depth >= DEEP_KNOWN_FROM };
}

/** A value whose wire form is given as is (malformed percent-encoding, raw bytes). */
export function wireVal(wire: string, text: string): Val {
  return { wire, text };
}

export function isJsonValued(doc: ValueDoc): boolean {
  return doc.type === 'object' || doc.type === 'array' || doc.jsonEncodedInForm === true;
}

const LENGTH_CAP = 48;

const scalars = new WeakMap<ValueDoc, fc.Arbitrary<string>>();

/** A value the ValueDoc allows (the operation may still refuse it for what it means). */
function docScalar(doc: ValueDoc): fc.Arbitrary<string> {
  let scalar = scalars.get(doc);
  if (scalar === undefined) {
    scalar = newDocScalar(doc);
    scalars.set(doc, scalar);
  }
  return scalar;
}

function newDocScalar(doc: ValueDoc): fc.Arbitrary<string> {
  if (doc.enum !== undefined && doc.enum.length > 0) return fc.constantFrom(...doc.enum);
  if (doc.type === 'boolean') return fc.constantFrom('true', 'false');
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(doc.format ?? '');
  if (range !== null) return fc.integer({ min: Number(range[1]), max: Number(range[2]) }).map(String);
  if (doc.format === 'uri') return fc.constantFrom(URL_OK, 'http://shop.example/back?x=1');
  if (doc.format === 'yyyy-MM-ddTHH:mm:ss') return fc.constant(FUTURE_DATE_TIME);
  if (doc.type === 'number') return fc.constantFrom('1', '2.5', '0.125', '10');
  const min = doc.minLength ?? 0;
  const max = doc.maxLength ?? LENGTH_CAP;
  if (doc.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(doc.pattern))
      .filter((value) => value.length >= min && value.length <= max);
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, LENGTH_CAP)) });
}

/** A JSON value the ValueDoc allows. */
export function docJson(doc: ValueDoc, level = 0): fc.Arbitrary<unknown> {
  switch (doc.type) {
    case 'object': {
      const properties = Object.entries(doc.properties ?? {});
      if (properties.length === 0 || level > 4) {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 24 }), {
          maxKeys: 4,
        });
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) model[name] = docJson(property.doc, level + 1);
      const requiredKeys = properties.filter(([, property]) => property.required).map(([name]) => name);
      return fc.record(model, { requiredKeys });
    }
    case 'array':
      return fc.array(docJson(doc.items ?? { type: 'string' }, level + 1), {
        minLength: Math.max(1, doc.minItems ?? 0),
        maxLength: Math.max(1, Math.min(doc.maxItems ?? 3, 3)),
      });
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(docScalar(doc), docScalar(doc).map(Number));
    case 'number':
    case 'string':
      return docScalar(doc);
  }
}

const VALID_BUNDLE = {
  cartItems: {
    items: [
      {
        positionId: 1,
        name: 'Tea',
        quantity: { value: 1, measure: 'pcs' },
        itemAmount: 1500,
        itemCode: 'T-1',
      },
    ],
  },
};

/** Parameters whose valid values the ValueDoc cannot tell (they name things), by name. */
function namedValue(op: Operation, name: string, world: FuzzWorld): fc.Arbitrary<string> | undefined {
  const registers = op.params.some((def) => def.name === 'returnUrl');
  const orderIds = world.orders.map((order) => order.orderId);
  switch (name) {
    case 'amount':
    case 'expectedDepositedAmount':
      return fc.constantFrom('1500', '100', '0', '1');
    case 'currency':
      return fc.constant('978');
    case 'orderId':
    case 'mdOrder':
    case 'threeDSVer2MdOrder':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...orderIds) }, fc.uuid());
    case 'orderNumber':
      return registers
        ? fc.uuid().map((id) => id.slice(0, 32))
        : fc.constantFrom(...world.orders.map((order) => order.orderNumber));
    case 'bindingId':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...world.bindings.map((binding) => binding.bindingId)) },
        fc.uuid(),
      );
    case 'clientId':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...world.bindings.map((binding) => binding.clientId)) },
        fc.string({ minLength: 1, maxLength: 20 }),
      );
    case 'pan':
      return fc.constantFrom(...CARDS);
    case 'expiry':
    case 'newExpiry':
      return fc.constantFrom('203412', '203501', '209912');
    case 'cvc':
      return fc.constant(CVC);
    case 'email':
      return fc.constant('payer@shop.example');
    case 'phone':
      return fc.constant('+35312345678');
    case 'ip':
      return fc.constantFrom('10.0.0.1', '2001:db8::1');
    case 'merchantLogin':
      return fc.constant(world.merchant.login);
    case 'orderBundle':
      return fc.constant(JSON.stringify(VALID_BUNDLE));
    case 'depositItems':
    case 'refundItems':
      return fc.constant(JSON.stringify(VALID_BUNDLE.cartItems));
    case 'jsonParams':
      return fc.constant('{"source":"fuzz"}');
    case 'cardholderName':
      return fc.constant('JOHN DOE');
    case 'description':
      return fc.string({ minLength: 1, maxLength: 40 });
    default:
      return undefined;
  }
}

export function goodValue(op: Operation, def: ParamDef, world: FuzzWorld): fc.Arbitrary<string> {
  const doc = def.type.doc;
  const named = namedValue(op, def.name, world);
  const fromDoc = isJsonValued(doc) ? docJson(doc).map((value) => JSON.stringify(value)) : docScalar(doc);
  return named === undefined ? fromDoc : fc.oneof({ weight: 5, arbitrary: named }, fromDoc);
}

/** C0 control characters, NUL the likeliest. */
export const CONTROL = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  fc.integer({ min: 1, max: 31 }).map((code) => String.fromCharCode(code)),
  fc.constant('\u007f'),
);

/** Texts of the wrong type, or shaped to probe for injection. */
export const WRONG_TYPES = [
  'abc',
  '-1',
  '1.5',
  '1e3',
  ' 12',
  '12 ',
  '0x1F',
  '\uff11\uff12',
  '\u0661\u0662\u0663',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '-0',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%s%n%x',
  '\\',
  '"',
];
