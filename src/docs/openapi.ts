import type { AnswerSchema, MemberSchema } from '../api/answers/answer-schema.js';
import type { EnvelopeStyle, Operation } from '../api/operation.js';
import type { ParamDef } from '../api/params/param-table.js';
import type { ValueDoc } from '../api/params/value-type.js';
import { REFUSALS } from '../domain/refusals.js';
import { MESSAGES_EN } from '../i18n/messages-en.js';

type Schema = Record<string, unknown>;

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** A parameter's type as JSON Schema (2020-12, what OpenAPI 3.1 uses). */
export function schemaOf(doc: ValueDoc): Schema {
  if (doc.jsonEncodedInForm === true) {
    // A form body carries an object as JSON text in one parameter.
    return {
      type: 'string',
      contentMediaType: JSON_TYPE,
      contentSchema: schemaOf({ ...doc, jsonEncodedInForm: false }),
    };
  }
  // A boolean parameter takes JSON true/false or the words "true"/"false" (bool() in scalar-types.ts).
  if (doc.type === 'boolean') return { anyOf: [{ type: 'boolean' }, BOOLEAN_WORDS] };
  const schema: Schema = { type: doc.type };
  if (doc.minLength !== undefined) schema.minLength = doc.minLength;
  if (doc.maxLength !== undefined) schema.maxLength = doc.maxLength;
  if (doc.pattern !== undefined) schema.pattern = doc.pattern;
  if (doc.enum !== undefined) schema.enum = [...doc.enum];
  if (doc.format !== undefined) schema.format = doc.format;
  if (doc.minItems !== undefined) schema.minItems = doc.minItems;
  if (doc.maxItems !== undefined) schema.maxItems = doc.maxItems;
  if (doc.items !== undefined) schema.items = schemaOf(doc.items);
  if (doc.properties !== undefined) {
    schema.properties = Object.fromEntries(
      Object.entries(doc.properties).map(([name, member]) => [name, schemaOf(member.doc)]),
    );
    const required = Object.entries(doc.properties)
      .filter(([, member]) => member.required)
      .map(([name]) => name);
    if (required.length > 0) schema.required = required;
  }
  return schema;
}

const BOOLEAN_WORDS: Schema = { type: 'string', enum: ['true', 'false'] };

/**
 * Integers travel as digit strings in form bodies, as the spec's `Integer [n]` does. A boolean is
 * `type: boolean`: OpenAPI's form serialization writes it as the words true/false.
 */
function formSchema(doc: ValueDoc): Schema {
  if (doc.type === 'boolean') return { type: 'boolean' };
  if (doc.type === 'integer' || doc.type === 'number') {
    return { anyOf: [schemaOf(doc), { type: 'string' }] };
  }
  return schemaOf(doc);
}

function paramSchema(def: ParamDef, encoding: Operation['encoding']): Schema {
  const typed = encoding === 'form' ? formSchema(def.type.doc) : schemaOf(def.type.doc);
  // A form's optional fields start empty in a "try it" page, so they are not sent unless filled.
  const base = encoding === 'form' && def.presence !== 'mandatory' ? { ...typed, example: '' } : typed;
  const notes = [
    def.presence === 'conditional' ? 'Conditional' : undefined,
    def.note,
    def.alias === undefined ? undefined : `also accepted as ${def.alias}`,
    def.permission === undefined ? undefined : `needs the merchant permission ${def.permission}`,
    def.repeated === true ? 'repeated once per value' : undefined,
  ].filter((note) => note !== undefined);
  const schema = def.repeated === true ? { type: 'array', items: base } : base;
  return notes.length === 0 ? schema : { ...schema, description: notes.join('; ') };
}

/** The login members every operation takes (AUTH), unless the payload itself names the shop. */
function credentialSchemas(operation: Operation): Record<string, Schema> {
  if (operation.identifiedBy === 'merchant') return {};
  const user = operation.path.includes('/api/p2p/') ? 'username' : 'userName';
  const empty = operation.encoding === 'form' ? { example: '' } : {};
  return {
    [user]: {
      type: 'string',
      maxLength: 100,
      description: 'AUTH: the API user (with password), or token',
      ...empty,
    },
    password: { type: 'string', maxLength: 200, description: 'AUTH: with the user name', ...empty },
    ...(user === 'userName'
      ? {
          token: {
            type: 'string',
            maxLength: 256,
            description: 'AUTH: instead of userName and password',
            ...empty,
          },
        }
      : {}),
  };
}

function requestSchema(operation: Operation): Schema {
  const properties: Record<string, Schema> = { ...credentialSchemas(operation) };
  for (const def of operation.params) properties[def.name] = paramSchema(def, operation.encoding);
  const required = operation.params.filter((def) => def.presence === 'mandatory').map((def) => def.name);
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required }) };
}

/**
 * An answer schema as published (it is JSON Schema already): a copy, so that nothing done to the
 * document reaches the schemas the serializers are compiled from, in which each named block
 * (`component`) becomes a reference to its one definition in `components`.
 */
function published(schema: AnswerSchema | MemberSchema, components: Record<string, Schema>): Schema {
  const copy: Schema = {};
  for (const [keyword, value] of Object.entries(schema) as [string, unknown][]) {
    if (keyword === 'component' || keyword === 'storedOrder') continue;
    if (keyword === 'properties') {
      copy.properties = Object.fromEntries(
        Object.entries(value as Record<string, MemberSchema>).map(([name, member]) => [
          name,
          published(member, components),
        ]),
      );
    } else if (keyword === 'anyOf') {
      copy.anyOf = (value as AnswerSchema[]).map((variant) => published(variant, components));
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && value !== true)) {
      copy[keyword] = published(value as MemberSchema, components);
    } else {
      copy[keyword] = Array.isArray(value) ? [...(value as unknown[])] : value;
    }
  }
  if (!('component' in schema) || schema.component === undefined) return copy;
  // A use may describe the block in its own words: that stays with the reference.
  const { description, ...definition } = copy;
  const known = components[schema.component];
  if (known === undefined) components[schema.component] = definition;
  else if (JSON.stringify(known) !== JSON.stringify(definition)) {
    throw new Error(`two answer schemas are published as ${schema.component}`);
  }
  return {
    $ref: `#/components/schemas/${schema.component}`,
    ...(description === undefined ? {} : { description }),
  };
}

/** The refusal envelope of each style (src/http/envelope.ts), as components. */
const ENVELOPES: Readonly<Record<EnvelopeStyle, Schema>> = {
  rest: {
    type: 'object',
    required: ['errorCode', 'errorMessage'],
    properties: { errorCode: { $ref: '#/components/schemas/ErrorCode' }, errorMessage: { type: 'string' } },
  },
  instant: {
    type: 'object',
    required: ['errorCode', 'error'],
    properties: {
      errorCode: { $ref: '#/components/schemas/ErrorCode' },
      error: { type: 'string' },
      errorMessage: { type: 'string' },
    },
  },
  legacyStatus: {
    type: 'object',
    required: ['ErrorCode', 'ErrorMessage'],
    properties: { ErrorCode: { $ref: '#/components/schemas/ErrorCode' }, ErrorMessage: { type: 'string' } },
  },
  wallet: {
    type: 'object',
    required: ['success', 'error'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'description'],
        properties: {
          code: { $ref: '#/components/schemas/ErrorCode' },
          message: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
  },
};

const ENVELOPE_NAMES: Readonly<Record<EnvelopeStyle, string>> = {
  rest: 'RestRefusal',
  instant: 'InstantRefusal',
  legacyStatus: 'LegacyStatusRefusal',
  wallet: 'WalletRefusal',
};

/** Every errorCode of the catalogue with its refusals, HTTP status and English message. */
function errorCatalogue(): string {
  return Object.entries(REFUSALS)
    .map(
      ([key, refusal]) =>
        `- ${refusal.errorCode} (HTTP ${refusal.httpStatus}) ${key}: ${MESSAGES_EN[refusal.message]}`,
    )
    .join('\n');
}

function operationId(path: string): string {
  return path
    .replace(/^\/payment\//, '')
    .replace(/\.do$/, '')
    .split(/[/-]/)
    .filter((part) => part !== '')
    .map((part, index) => (index === 0 ? part : `${part[0]?.toUpperCase() ?? ''}${part.slice(1)}`))
    .join('');
}

/** HTTP statuses other than 200 that any operation may answer, each with the refusal envelope. */
function refusalStatuses(): number[] {
  return [...new Set(Object.values(REFUSALS).map((refusal) => refusal.httpStatus))]
    .filter((status) => status !== 200)
    .sort();
}

function pathItem(operation: Operation, components: Record<string, Schema>): Schema {
  const envelope = { $ref: `#/components/schemas/${ENVELOPE_NAMES[operation.envelope]}` };
  const success = published(operation.answer, components);
  const responses: Record<string, Schema> = {
    '200': {
      description: 'The answer: success, or a refusal with its errorCode (see the ErrorCode schema)',
      content: { [JSON_TYPE]: { schema: { anyOf: [success, envelope] } } },
    },
  };
  for (const status of refusalStatuses()) {
    responses[String(status)] = {
      description: 'A refusal before or outside the operation (see the ErrorCode schema)',
      content: { [JSON_TYPE]: { schema: envelope } },
    };
  }
  const notes = [
    operation.requiredPermission === undefined
      ? undefined
      : `Needs the merchant permission \`${operation.requiredPermission}\`.`,
    operation.mutates === true ? 'Honours an `Idempotency-Key` header.' : undefined,
    operation.alwaysSigned === true ? 'Every call is signed: `X-Hash` and `X-Signature`.' : undefined,
  ].filter((note) => note !== undefined);
  return {
    post: {
      operationId: operationId(operation.path),
      summary: operation.summary,
      ...(notes.length === 0 ? {} : { description: notes.join(' ') }),
      tags: [tagOf(operation.path)],
      ...(operation.alwaysSigned === true ? { security: [{ XHash: [], XSignature: [] }] } : {}),
      ...(operation.mutates === true
        ? {
            parameters: [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', minLength: 1, maxLength: 255 },
              },
            ],
          }
        : {}),
      requestBody: {
        required: true,
        content: {
          [operation.encoding === 'form' ? FORM : JSON_TYPE]: { schema: requestSchema(operation) },
        },
      },
      responses,
    },
  };
}

function tagOf(path: string): string {
  if (path.includes('/api/p2p/')) return 'Card-to-card transfers';
  if (/\/payment\/(wallet-|applepay|google|samsung)/.test(path)) return 'Wallets';
  return 'Orders and payments';
}

/**
 * The OpenAPI 3.1 document of the merchant API, written from the operation and parameter tables
 * (never by hand): GET /openapi.json serves it, `npm run gen:docs` writes docs/openapi.json.
 */
export function openApiDocument(operations: readonly Operation[], version: string): Schema {
  const codes = [...new Set(Object.values(REFUSALS).map((refusal) => refusal.errorCode))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const answerBlocks: Record<string, Schema> = {};
  const paths = Object.fromEntries(
    operations.map((operation) => [operation.path, pathItem(operation, answerBlocks)]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse merchant API',
      version,
      description:
        'The merchant HTTP API of the RBS/BPC family as Gatehouse serves it (orders, payments, 3-D Secure, stored credentials, wallets, DCC, card-to-card transfers). Every call is a POST with its parameters in the body; AUTH is userName + password (P2P: username + password) or token, in the body.',
    },
    servers: [{ url: '/' }],
    tags: ['Orders and payments', 'Wallets', 'Card-to-card transfers'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        XHash: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Hash',
          description: 'SHA-256 of the body, Base64 (P2P calls; merchant-api.md, request signing)',
        },
        XSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description: "The merchant's RSA signature of the body, Base64",
        },
      },
      schemas: {
        ErrorCode: {
          type: 'string',
          enum: ['0', ...codes],
          description: `0 is success. The refusals, with their HTTP status and English message:\n${errorCatalogue()}`,
        },
        ...Object.fromEntries(
          (Object.keys(ENVELOPES) as EnvelopeStyle[]).map((style) => [
            ENVELOPE_NAMES[style],
            ENVELOPES[style],
          ]),
        ),
        ...answerBlocks,
      },
    },
  };
}
