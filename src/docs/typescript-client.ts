import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../api/operation.js';
import { openApiText } from './api-document.js';
import { apiOperations } from './reference-docs.js';
import { jsDoc, pascal, TypeWriter, type Direction, type Schema } from './schema-types.js';

/** The generated module of the typed client package (clients/typescript). */
export const CLIENT_MODULE = new URL(
  '../../../clients/typescript/src/operations.generated.ts',
  import.meta.url,
);

/** Sent by the client from its own options, so they are not in any call's parameters. */
const CREDENTIALS = new Set(['userName', 'username', 'password', 'token']);
/** Names the generated module itself defines or imports. */
const OWN_NAMES = [
  'GatehouseClient',
  'GatehouseTransport',
  'Answered',
  'CallOptions',
  'OperationSpec',
  'OperationName',
];

export interface PostItem {
  readonly summary?: string;
  readonly description?: string;
  readonly security?: readonly Record<string, unknown>[];
  readonly parameters?: readonly { readonly name?: string; readonly in?: string }[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: Schema }>> };
  readonly responses?: Readonly<
    Record<string, { readonly content?: Readonly<Record<string, { readonly schema?: Schema }>> }>
  >;
}

interface Document {
  readonly paths: Readonly<Record<string, { readonly post?: PostItem }>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, Schema>> };
}

/**
 * The method name of an operation: its address without the common prefixes, in camel case
 * (register.do → register, dcc/calculate.do → dccCalculate, wallet-a/payment.do → walletAPayment,
 * api/p2p/performP2P.do → performP2P).
 */
export function methodName(path: string): string {
  return path
    .replace(/^\/payment\/(rest\/(api\/p2p\/)?)?/, '')
    .replace(/\.do$/, '')
    .split(/[/-]/)
    .filter((word) => word !== '')
    .map((word, index) => (index === 0 ? word : `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`))
    .join('');
}

function requestOf(item: PostItem, path: string): Schema {
  const schema = Object.values(item.requestBody?.content ?? {})[0]?.schema;
  if (schema === undefined) throw new Error(`${path}: the document has no request body schema`);
  return schema;
}

function propertiesOf(schema: Schema): Readonly<Record<string, unknown>> {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
}

/** The request schema of the call's own parameters (the credentials come from the client). */
function paramsSchema(request: Schema): Schema {
  const properties = Object.entries(propertiesOf(request)).filter(([name]) => !CREDENTIALS.has(name));
  const required = (Array.isArray(request.required) ? (request.required as unknown[]) : []).filter(
    (name) => typeof name === 'string' && !CREDENTIALS.has(name),
  );
  return {
    type: 'object',
    properties: Object.fromEntries(properties),
    ...(required.length === 0 ? {} : { required }),
    // An operation with no parameters of its own takes none, rather than any.
    ...(properties.length === 0 ? { additionalProperties: false } : {}),
  };
}

/**
 * The success answer: the 200 schema without the refusal envelopes, which are the schemas the
 * operation's error statuses answer with and which the client throws as GatehouseError instead.
 */
export function successSchema(item: PostItem): Schema {
  const jsonSchema = (status: string) => item.responses?.[status]?.content?.['application/json']?.schema;
  const refusals = Object.keys(item.responses ?? {})
    .filter((status) => !status.startsWith('2'))
    .map(jsonSchema)
    .filter((schema) => schema !== undefined);
  const ok = jsonSchema('200') ?? {};
  // A refusal narrowed so that no success fits it too (allOf: the envelope and a `not`) is one still.
  const isRefusal = (schema: unknown): boolean =>
    refusals.some((refusal) => isDeepStrictEqual(refusal, schema)) ||
    (typeof schema === 'object' &&
      schema !== null &&
      Array.isArray((schema as Schema).allOf) &&
      ((schema as Schema).allOf as unknown[]).some(isRefusal));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = ok[keyword];
    if (!Array.isArray(alternatives)) continue;
    const successes = alternatives.filter((alternative) => !isRefusal(alternative));
    const rest = Object.fromEntries(Object.entries(ok).filter(([key]) => key !== keyword));
    if (successes.length === 1 && Object.keys(rest).length === 0) return successes[0] as Schema;
    return successes.length === 0 ? rest : { ...rest, [keyword]: successes };
  }
  return isRefusal(ok) ? {} : ok;
}

function methodDoc(item: PostItem, operation: Operation): string {
  const summary = item.summary ?? operation.summary;
  const notes = item.description === undefined ? '' : ` ${item.description}`;
  return jsDoc([
    /[.!?]$/.test(summary) ? summary : `${summary}.`,
    '',
    `\`POST ${operation.path}\` (${operation.encoding === 'form' ? 'form' : 'JSON'}).${notes}`,
  ]);
}

function specOf(item: PostItem, operation: Operation): string {
  const request = requestOf(item, operation.path);
  const properties = propertiesOf(request);
  const login = 'username' in properties ? 'username' : 'userName' in properties ? 'userName' : undefined;
  const repeated =
    operation.encoding === 'form'
      ? Object.entries(properties)
          .filter(([, schema]) => (schema as Schema).type === 'array')
          .map(([name]) => name)
      : [];
  const spec = {
    path: operation.path,
    encoding: operation.encoding,
    envelope: operation.envelope,
    // Always signed when every way to call it is signed; `{}` beside a signature makes it optional.
    signed:
      (item.security ?? []).length > 0 &&
      (item.security ?? []).every((requirement) => 'XSignature' in requirement),
    login,
    acceptsToken: 'token' in properties,
    idempotent: (item.parameters ?? []).some(
      (parameter) => parameter.in === 'header' && parameter.name?.toLowerCase() === 'idempotency-key',
    ),
    read: operation.mutates !== true,
    acceptsLanguage: 'language' in properties,
    repeated,
  };
  const members = Object.entries(spec).map(
    ([key, value]) => `${key}: ${value === undefined ? 'undefined' : JSON.stringify(value)}`,
  );
  return `{ ${members.join(', ')} }`;
}

/** The generated module's text before formatting: types, the operation table, the client class. */
export function clientModuleSource(): string {
  const document = JSON.parse(openApiText()) as Document;
  const components = document.components?.schemas ?? {};
  const writer = new TypeWriter(components);
  const operations = apiOperations();
  const names = operations.map((operation) => methodName(operation.path));
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new Error(`two operations would both be the method ${duplicate}`);
  for (const name of [...OWN_NAMES, ...Object.keys(components).map(pascal)]) writer.reserve(name);
  for (const name of names) {
    writer.reserve(`${pascal(name)}Params`);
    writer.reserve(`${pascal(name)}Answer`);
  }

  // Error codes and refusal envelopes, for code that reads GatehouseError.body.
  for (const name of Object.keys(components)) writer.declareComponent(name, 'answer');

  const declared: { readonly schema: Schema; readonly name: string }[] = [];
  /** A wallet alias (applepay/payment.do) has its original's schemas: one type, two names. */
  const declareOnce = (name: string, schema: Schema, direction: Direction, doc: string) => {
    const same = declared.find((earlier) => isDeepStrictEqual(earlier.schema, schema));
    if (same !== undefined && Object.keys(propertiesOf(schema)).length > 0) {
      writer.alias(name, same.name, doc);
      return;
    }
    declared.push({ schema, name });
    writer.declare(name, schema, direction, doc);
  };

  const specs: string[] = [];
  const methods: string[] = [];
  operations.forEach((operation, index) => {
    const name = names[index] as string;
    const item = document.paths[operation.path]?.post;
    if (item === undefined) throw new Error(`${operation.path} is not in the API document`);
    const params = paramsSchema(requestOf(item, operation.path));
    declareOnce(`${pascal(name)}Params`, params, 'request', `/** The parameters of ${name}. */\n`);
    declareOnce(
      `${pascal(name)}Answer`,
      successSchema(item),
      'answer',
      `/** The success answer of ${name}. */\n`,
    );
    specs.push(`${name}: ${specOf(item, operation)},`);
    const optional = !Array.isArray(params.required);
    methods.push(
      `${methodDoc(item, operation)}${name}(params: ${pascal(name)}Params${optional ? ' = {}' : ''}, options?: CallOptions): Promise<Answered<${pascal(name)}Answer>> {\n` +
        `return this.call(OPERATIONS.${name}, params, options);\n}`,
    );
  });

  return [
    '// Generated by `npm run gen:docs` (src/docs/typescript-client.ts) from the API document,',
    '// docs/openapi.json, and the operation table. Do not edit: a test fails when it is stale.',
    '',
    "import { GatehouseTransport, type Answered, type CallOptions, type OperationSpec } from './transport.js';",
    '',
    ...writer.written().map((declaration) => `${declaration}\n`),
    '/** How each operation is called, by method name. */',
    `export const OPERATIONS = {\n${specs.join('\n')}\n} as const satisfies Readonly<Record<string, OperationSpec>>;`,
    '',
    'export type OperationName = keyof typeof OPERATIONS;',
    '',
    '/**',
    ' * A typed method for every operation of the merchant API and the P2P API. A refusal throws',
    ' * GatehouseError with its errorCode; see GatehouseClientOptions for credentials and signing.',
    ' */',
    `export class GatehouseClient extends GatehouseTransport {\n${methods.join('\n\n')}\n}`,
    '',
  ].join('\n');
}

/** The generated module as the repository keeps it: formatted by the project's prettier settings. */
export async function clientModuleText(): Promise<string> {
  // Loaded here only: the server imports this folder's document code, never prettier.
  const prettier = await import('prettier');
  const filepath = fileURLToPath(CLIENT_MODULE);
  const config = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(clientModuleSource(), { ...config, filepath });
}
