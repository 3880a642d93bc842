import fc from 'fast-check';
import type { EnvelopeStyle, Operation } from '../../src/api/operation.js';
import type { ValueDoc } from '../../src/api/params/value-type.js';
import { atBounds, brokenValue, oddEncoding, withControl } from './fuzz-breakage.js';
import { brokenJson } from './fuzz-json.js';
import { goodValue, isJsonValued, percentEncode, val, WRONG_TYPES, type Val } from './fuzz-values.js';

/**
 * Generators of hostile and mostly-valid requests, derived from each operation's parameter table
 * (name, presence, ValueDoc): what the input-fuzz test and `npm run fuzz` send. A request is plain
 * data (the wire form of its body and query); sending and judging the answer is fuzz-client.ts. Values come from fuzz-values.ts,
 * fuzz-breakage.ts and fuzz-json.ts.
 */

/** What the generators need to know of a running gateway, prepared by fuzz-world.ts. */
export interface FuzzWorld {
  readonly operations: readonly Operation[];
  /** Has every permission; its password is never sent wrong, so it is never locked out. */
  readonly merchant: {
    readonly login: string;
    readonly userName: string;
    readonly password: string;
    readonly token: string;
  };
  /** The merchant whose user name goes with wrong passwords: it gets locked out, as it should. */
  readonly victim: { readonly userName: string; readonly password: string };
  /** Real orders of `merchant` (registered, paid, held), so identifiers sometimes name one. */
  readonly orders: readonly { readonly orderId: string; readonly orderNumber: string }[];
  /** Real stored credentials of `merchant` with their client. */
  readonly bindings: readonly { readonly bindingId: string; readonly clientId: string }[];
  readonly bodyLimitBytes: number;
}

/**
 * Inputs the gateway answered 500 for when the fuzz test was written (issue 9): a NUL in any
 * parameter (PostgreSQL) and arrays nested thousands deep inside a JSON-valued field.
 */
export type KnownClass = 'nul' | 'deep';

export interface FuzzRequest {
  /** Which generator made it, e.g. `broken-param amount`: the statistics group by its first word. */
  readonly kind: string;
  /** The operation it was generated from (its address; `path` may differ). */
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** The query string as sent (already encoded), without `?`. */
  readonly query?: string;
  /** Absent: no Content-Type header at all. */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as sent (already encoded); `latin1` when it carries raw bytes that are not UTF-8. */
  readonly body: string;
  readonly bodyBytes: 'utf8' | 'latin1';
  /** Pad the body with an unknown parameter up to this many bytes (body-limit cases). */
  readonly padTo?: number;
  /** Send the body with chunked transfer encoding instead of a Content-Length. */
  readonly chunked?: boolean;
  /** The envelope a refusal must have. */
  readonly envelope: EnvelopeStyle;
  /** Card numbers and CVCs the request carried: none may come back. */
  readonly pans: readonly string[];
  readonly cvcs: readonly string[];
  readonly known: readonly KnownClass[];
}

/** One name=value pair of a form (or member of a JSON body). */
interface Field {
  readonly name: string;
  readonly value: Val;
}

const REST = '/payment/rest';

// ---------------------------------------------------------------------------------------------
// Credentials

type CredentialMode = 'password' | 'token';

function validCredentials(world: FuzzWorld, mode: CredentialMode): Field[] {
  return mode === 'token'
    ? [{ name: 'token', value: val(world.merchant.token) }]
    : [
        { name: 'userName', value: val(world.merchant.userName) },
        { name: 'password', value: val(world.merchant.password) },
      ];
}

const AUTH_TEXT: ValueDoc = { type: 'string', minLength: 1, maxLength: 50 };

/**
 * Credentials that must be refused. The valid merchant's user name never goes with a wrong
 * password (that would lock it out and starve the rest of the run); the victim's does.
 */
function brokenCredentials(world: FuzzWorld): fc.Arbitrary<readonly Field[]> {
  const { merchant, victim } = world;
  const someText = fc.constantFrom(merchant.userName, victim.userName, 'nobody', 'admin');
  const broken = (good: fc.Arbitrary<string>) =>
    fc.oneof(
      withControl(good),
      atBounds({ ...AUTH_TEXT, maxLength: 256 }),
      oddEncoding(good),
      fc.constantFrom(...WRONG_TYPES).map(val),
    );
  const field = (name: string, value: Val): Field => ({ name, value });
  return fc.oneof(
    // A wrong user name (control characters, NUL, too long...) with some password.
    fc
      .tuple(broken(someText), fc.constantFrom(victim.password, 'wrong'))
      .map(([userName, password]) => [field('userName', userName), field('password', val(password))]),
    // The victim's user name with a wrong password.
    broken(fc.constant(victim.password)).map((password) => [
      field('userName', val(victim.userName)),
      field('password', password),
    ]),
    // A wrong token, or a token beside a user name and password.
    broken(fc.constant(merchant.token)).map((token) => [field('token', token)]),
    fc.constant([...validCredentials(world, 'password'), ...validCredentials(world, 'token')]),
    // Missing or empty.
    fc.constant([]),
    fc.constant([field('userName', val('')), field('password', val(''))]),
    fc.constant([field('userName', val(merchant.userName))]),
    // Lower-case `username` (a JSON-body spelling) and repeated credentials.
    fc.constant([field('username', val(merchant.userName)), field('password', val(merchant.password))]),
    fc.constant([...validCredentials(world, 'password'), field('userName', val(merchant.userName))]),
    fc.constant([...validCredentials(world, 'password'), field('password', val(merchant.password))]),
    fc.constant([...validCredentials(world, 'token'), field('token', val(merchant.token))]),
  );
}

const credentials = (world: FuzzWorld): fc.Arbitrary<readonly Field[]> =>
  fc
    .constantFrom<CredentialMode>('password', 'password', 'token')
    .map((mode) => validCredentials(world, mode));

// ---------------------------------------------------------------------------------------------
// Requests

/** Conditional parameters a valid call usually needs (a card, an order reference). */
const USUALLY_NEEDED = new Set(['pan', 'expiry', 'cvc', 'orderId', 'mdOrder', 'bindingId', 'newExpiry']);

/** A valid call's parameters: the mandatory ones, the usual conditional ones, now and then an optional one. */
function validParams(op: Operation, world: FuzzWorld): fc.Arbitrary<Field[]> {
  const optionalCount = op.params.filter((def) => def.presence !== 'mandatory').length;
  const optionalFreq = Math.max(6, Math.round(optionalCount / 1.5));
  const hasPan = op.params.some((def) => def.name === 'pan');
  const fields = op.params.map((def) => {
    const value = goodValue(op, def, world).map((text): Field => ({ name: def.name, value: val(text) }));
    if (def.presence === 'mandatory') return value;
    const usual = USUALLY_NEEDED.has(def.name) && !(hasPan && def.name === 'bindingId');
    return fc.oneof(
      { weight: usual ? 1 : optionalFreq, arbitrary: fc.constant(undefined) },
      { weight: usual ? 4 : 1, arbitrary: value },
    );
  });
  return fc.tuple(...fields).map((list) => list.filter((field): field is Field => field !== undefined));
}

interface Draft {
  readonly op: Operation;
  readonly kind: string;
  readonly fields: readonly Field[];
  readonly method?: string;
  readonly path?: string;
  /** Fields that travel in the query string instead of the body. */
  readonly queryFields?: readonly Field[];
  /** The query string as is, when it is not built from fields. */
  readonly rawQuery?: string;
  readonly contentType?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body as is, when it is not built from fields. */
  readonly rawBody?: string;
  readonly bodyBytes?: 'utf8' | 'latin1';
  readonly padTo?: number;
  readonly chunked?: boolean;
  readonly deep?: boolean;
}

function formOf(fields: readonly Field[]): string {
  return fields.map((field) => `${percentEncode(field.name)}=${field.value.wire}`).join('&');
}

/** A JSON body: members in order (a repeated name is written twice), JSON-valued fields as JSON. */
function jsonOf(fields: readonly Field[]): string {
  const members = fields.map(
    (field) =>
      `${JSON.stringify(field.name)}:${field.value.json === true ? field.value.text : JSON.stringify(field.value.text)}`,
  );
  return `{${members.join(',')}}`;
}

// eslint-disable-next-line no-control-regex -- a raw NUL byte is one of the forms looked for
const NUL_ON_WIRE = /%00|\u0000|\\u0000/i;

function render(draft: Draft): FuzzRequest {
  const { op } = draft;
  const method = draft.method ?? 'POST';
  const path = draft.path ?? op.path;
  const body =
    draft.rawBody ??
    (method === 'GET' || method === 'HEAD'
      ? ''
      : op.encoding === 'json'
        ? jsonOf(draft.fields)
        : formOf(draft.fields));
  const query = draft.rawQuery ?? (draft.queryFields === undefined ? undefined : formOf(draft.queryFields));
  const defaultType = op.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  const contentType = draft.contentType === null ? undefined : (draft.contentType ?? defaultType);
  const all = [...draft.fields, ...(draft.queryFields ?? [])];
  const pans = all
    .filter((field) => field.name === 'pan')
    .map((field) => field.value.text.replace(/\D/g, ''));
  const cvcs = all.filter((field) => field.name === 'cvc').map((field) => field.value.text);
  const known: KnownClass[] = [];
  if (NUL_ON_WIRE.test(body) || NUL_ON_WIRE.test(query ?? '')) known.push('nul');
  if (draft.deep === true || all.some((field) => field.value.deep === true)) known.push('deep');
  const resolved = new URL(path, 'http://gatehouse.test').pathname;
  const request: FuzzRequest = {
    kind: draft.kind,
    operation: op.path,
    method,
    path,
    ...(query === undefined ? {} : { query }),
    ...(contentType === undefined ? {} : { contentType }),
    ...(draft.headers === undefined ? {} : { headers: draft.headers }),
    body,
    bodyBytes: draft.bodyBytes ?? 'utf8',
    ...(draft.padTo === undefined ? {} : { padTo: draft.padTo }),
    ...(draft.chunked === true ? { chunked: true } : {}),
    envelope: resolved === op.path ? op.envelope : 'rest',
    pans: pans.filter((digits) => digits.length >= 12),
    cvcs: cvcs.filter((cvc) => /^\d{3,4}$/.test(cvc)),
    known,
  };
  // fast-check prints a failing case with this: one line, the body clipped.
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...(${text.length} chars)`;
}

/** One line that reproduces the request: method, address, headers, body (clipped). */
export function describeRequest(request: FuzzRequest): string {
  const headers = {
    ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
    ...request.headers,
  };
  return [
    `[${request.kind}]`,
    request.method,
    `${request.path}${request.query === undefined ? '' : `?${clip(request.query, 300)}`}`,
    JSON.stringify(headers),
    request.padTo === undefined ? '' : `padded to ${request.padTo} bytes`,
    request.chunked === true ? 'chunked' : '',
    request.known.length === 0 ? '' : `(known class: ${request.known.join(', ')})`,
    `body(${request.bodyBytes}): ${JSON.stringify(clip(request.body, 600))}`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/** Replaces the field named `name` (or adds it) with `value`. */
function withField(fields: readonly Field[], name: string, value: Val): Field[] {
  const index = fields.findIndex((field) => field.name === name);
  if (index < 0) return [...fields, { name, value }];
  return fields.map((field, at) => (at === index ? { name, value } : field));
}

const IDEMPOTENCY_KEYS = fc.oneof(
  fc.constantFrom('fuzz-1', 'fuzz-2', '', ' ', 'x'.repeat(256), '\u00e9t\u00e9'),
  fc.string({ minLength: 1, maxLength: 40 }),
);

function maybeIdempotencyKey(op: Operation): fc.Arbitrary<Record<string, string> | undefined> {
  if (op.mutates !== true) return fc.constant(undefined);
  return fc.oneof(
    { weight: 7, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: IDEMPOTENCY_KEYS.map((key) => ({ 'idempotency-key': key })) },
  );
}

/** A valid call with one parameter broken: reaches past authentication into the operation. */
function oneBroken(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(
      credentials(world),
      validParams(op, world),
      fc.oneof(...op.params.map((def) => brokenValue(op, def, world).map((value) => ({ def, value })))),
      maybeIdempotencyKey(op),
    )
    .map(([auth, params, { def, value }, headers]) => ({
      op,
      kind: `broken-param ${def.name}`,
      fields: [...auth, ...withField(params, def.name, value)],
      ...(headers === undefined ? {} : { headers }),
    }));
}

function allValid(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(credentials(world), validParams(op, world), maybeIdempotencyKey(op))
    .map(([auth, params, headers]) => ({
      op,
      kind: 'valid',
      fields: [...auth, ...params],
      ...(headers === undefined ? {} : { headers }),
    }));
}

/** Every parameter of the table present or not, each valid or broken. */
function anyOfTable(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const fields = op.params.map((def) =>
    fc.option(
      fc
        .oneof(goodValue(op, def, world).map(val), brokenValue(op, def, world))
        .map((value) => ({ name: def.name, value })),
      { freq: 2, nil: undefined },
    ),
  );
  return fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: credentials(world) }, brokenCredentials(world)),
      fc.tuple(...fields),
    )
    .map(([auth, list]) => ({
      op,
      kind: 'any-of-table',
      fields: [...auth, ...list.filter((field): field is Field => field !== undefined)],
    }));
}

function badCredentials(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(brokenCredentials(world), validParams(op, world))
    .map(([auth, params]) => ({ op, kind: 'broken-credentials', fields: [...auth, ...params] }));
}

/** Deep, wide or odd JSON in one of the operation's JSON-valued fields (or any field when it has none). */
function jsonStress(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const jsonDefs = op.params.filter((def) => isJsonValued(def.type.doc));
  const defs = jsonDefs.length > 0 ? jsonDefs : op.params;
  return fc
    .tuple(
      credentials(world),
      validParams(op, world),
      fc.oneof(...defs.map((def) => brokenJson(def.type.doc).map((value) => ({ def, value })))),
    )
    .map(([auth, params, { def, value }]) => ({
      op,
      kind: `json ${def.name}`,
      fields: [...auth, ...withField(params, def.name, value)],
    }));
}

/** A parameter (credentials included) sent twice with the same value, or a parameter added again with another. */
function repeated(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const another = fc.oneof(
    ...op.params.map((def) => goodValue(op, def, world).map((text) => ({ def, text }))),
  );
  return fc
    .tuple(credentials(world), validParams(op, world), fc.nat(), fc.boolean(), another)
    .map(([auth, params, at, same, { def, text }]) => {
      const all = [...auth, ...params];
      const picked = all[at % all.length];
      const again = same && picked !== undefined ? picked : { name: def.name, value: val(text) };
      return { op, kind: `repeated ${again.name}`, fields: [...all, again] };
    });
}

/** Some or all parameters in the query string; a GET with them all there. */
function inQuery(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(credentials(world), validParams(op, world), fc.nat(), fc.constantFrom('POST', 'POST', 'GET'))
    .map(([auth, params, at, method]) => {
      const all = [...auth, ...params];
      const split = method === 'GET' ? 0 : at % (all.length + 1);
      return {
        op,
        kind: `query ${method}`,
        method,
        fields: all.slice(0, split),
        queryFields:
          all.slice(split).length === 0 ? [{ name: 'language', value: val('en') }] : all.slice(split),
      };
    });
}

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'text/html; charset=utf-8',
  'multipart/form-data; boundary=fuzz',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/x-www-form-urlencoded; charset=latin1',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'application/x-www-form-urlencoded, application/json',
  'application/xml',
  'a/b/c',
  '*/*',
  ';',
  '',
];

function wrongContentType(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(
      credentials(world),
      validParams(op, world),
      fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(null)),
      fc.constantFrom('form', 'json', 'empty'),
    )
    .map(([auth, params, contentType, shape]) => {
      const fields = [...auth, ...params];
      return {
        op,
        kind: `content-type ${contentType ?? '(none)'}`,
        fields,
        contentType,
        ...(shape === 'form' ? {} : { rawBody: shape === 'json' ? jsonOf(fields) : '' }),
      };
    });
}

const METHODS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'];

function wrongMethod(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(credentials(world), validParams(op, world), fc.constantFrom(...METHODS), fc.boolean())
    .map(([auth, params, method, withQuery]) => ({
      op,
      kind: `method ${method}`,
      method,
      fields: [...auth, ...params],
      ...(withQuery ? { queryFields: auth } : {}),
    }));
}

/** Bodies just under, at and over the body limit, some sent chunked. */
function oversize(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  return fc
    .tuple(
      credentials(world),
      validParams(op, world),
      fc.constantFrom(-1, 0, 1, 1, 4096, 200_000),
      fc.boolean(),
    )
    .map(([auth, params, over, chunked]) => ({
      op,
      kind: `body-limit ${over > 0 ? 'over' : 'within'}`,
      fields: [...auth, ...params],
      padTo: world.bodyLimitBytes + over,
      chunked,
    }));
}

/** Forms broken as a whole: stray separators, names without values, odd names, raw bytes. */
function garbledForm(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const garble = fc.constantFrom(
    (form: string) => `&&&${form}&&`,
    (form: string) => `${form}&=`,
    (form: string) => `=${form}`,
    (form: string) => `${form}&amount`,
    (form: string) => `${form}&%G1=1&%=%&%%=x`,
    (form: string) => `${form}&user%00Name=x`,
    (form: string) => `${form}&__proto__=x&__proto__=y&constructor=1&hasOwnProperty=1&toString=2`,
    (form: string) => `${form}&${Array.from({ length: 3000 }, (_, index) => `p${index}=${index}`).join('&')}`,
    (form: string) => `${form}&language=en&language=en`,
    (form: string) => `${form}&amount[]=1&amount[x]=2`,
    (form: string) => form.replace(/&/g, ';'),
    (form: string) => form.replace(/=/g, '=='),
    (form: string) => form.replace(/%/g, '%25'),
    (form: string) => `${form}&description=\u00ff\u00fe\u00c0\u0080`,
    (form: string) => `${form}&description=a\u0000b`,
    (form: string) => `\u00ef\u00bb\u00bf${form}`,
  );
  return fc.tuple(credentials(world), validParams(op, world), garble).map(([auth, params, change]) => {
    const fields = [...auth, ...params];
    const body = change(formOf(fields));
    return { op, kind: 'garbled-form', fields, rawBody: body, bodyBytes: 'latin1' as const };
  });
}

/** Addresses near the operation's: another case, a trailing slash, odd encodings. */
function oddPath(op: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const name = op.path.slice(REST.length + 1);
  return fc
    .tuple(
      credentials(world),
      validParams(op, world),
      fc.constantFrom(
        `${op.path}/`,
        `${REST}/${name.toUpperCase()}`,
        `/${op.path}`,
        `${op.path}%00`,
        `${op.path}%`,
        `${op.path}%2F`,
        `${op.path};jsessionid=1`,
        `${REST}/./${name}`,
        `${REST}/x/../${name}`,
        `${REST}/%2e%2e/${name}`,
        `${REST}/${name.replace('.do', '%2Edo')}`,
        `${REST}/${name}.do`,
      ),
    )
    .map(([auth, params, path]) => ({ op, kind: 'path', path, fields: [...auth, ...params] }));
}

/** The request generator: every operation of the world, every kind of breakage. */
export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  // Built once per operation: building arbitraries (regular expressions above all) is what costs.
  const perOperation = world.operations.map((op) =>
    fc.oneof(
      { weight: 30, arbitrary: oneBroken(op, world) },
      { weight: 6, arbitrary: allValid(op, world) },
      { weight: 12, arbitrary: anyOfTable(op, world) },
      { weight: 7, arbitrary: badCredentials(op, world) },
      { weight: 12, arbitrary: jsonStress(op, world) },
      { weight: 5, arbitrary: repeated(op, world) },
      { weight: 4, arbitrary: inQuery(op, world) },
      { weight: 4, arbitrary: wrongContentType(op, world) },
      { weight: 3, arbitrary: wrongMethod(op, world) },
      { weight: 2, arbitrary: oversize(op, world) },
      { weight: 4, arbitrary: garbledForm(op, world) },
      { weight: 1, arbitrary: oddPath(op, world) },
    ),
  );
  return fc.oneof(...perOperation).map(render);
}
