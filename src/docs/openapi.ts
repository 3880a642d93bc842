import type { Operation } from '../api/operation.js';
import type { ParamDef } from '../api/params/param-table.js';
import type { ValueDoc } from '../api/params/value-type.js';
import { SANDBOX_PATH_PREFIX } from '../api/rest/sandbox-clock-operations.js';
import { REFUSALS } from '../domain/refusals.js';
import { browserPaths } from './browser-paths.js';
import { answerHeaders, headerComponents, REQUEST_ID_PARAMETER } from './http-headers.js';
import { okAnswerSchema } from './published-answer.js';
import { ENVELOPE_NAMES, ENVELOPES, errorCodeSchema } from './refusal-envelopes.js';
import { schemaOf } from './value-schema.js';

type Schema = Record<string, unknown>;

const FORM = 'application/x-www-form-urlencoded';
const SANDBOX_TAG = 'Sandbox test clocks';
const JSON_TYPE = 'application/json';

/** OpenAPI's form serialization writes a boolean as the words true/false. */
function formSchema(doc: ValueDoc): Schema {
  return doc.type === 'boolean' ? { type: 'boolean' } : schemaOf(doc);
}

function paramSchema(def: ParamDef, encoding: Operation['encoding']): Schema {
  const base = encoding === 'form' ? formSchema(def.type.doc) : schemaOf(def.type.doc);
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
  const user = loginMember(operation);
  return {
    [user]: { type: 'string', maxLength: 100, description: 'AUTH: the API user (with password), or token' },
    password: { type: 'string', maxLength: 200, description: 'AUTH: with the user name' },
    ...(user === 'userName'
      ? { token: { type: 'string', maxLength: 256, description: 'AUTH: instead of userName and password' } }
      : {}),
  };
}

function loginMember(operation: Operation): 'userName' | 'username' {
  return operation.path.includes('/api/p2p/') ? 'username' : 'userName';
}

function requestSchema(operation: Operation): Schema {
  const properties: Record<string, Schema> = { ...credentialSchemas(operation) };
  for (const def of operation.params) properties[def.name] = paramSchema(def, operation.encoding);
  const required = operation.params.filter((def) => def.presence === 'mandatory').map((def) => def.name);
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required }) };
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

/** A node that is shutting down answers before the pipeline runs, as Fastify does: send it elsewhere. */
const DRAINING: Schema = {
  description: 'The node is shutting down (Fastify answers before the call is read): send it again',
  content: {
    [JSON_TYPE]: {
      schema: {
        type: 'object',
        required: ['error', 'message', 'statusCode'],
        properties: {
          error: { type: 'string' },
          message: { type: 'string' },
          statusCode: { const: 503 },
        },
      },
    },
  },
};

function responsesOf(operation: Operation, components: Record<string, Schema>): Record<string, Schema> {
  const envelope = { $ref: `#/components/schemas/${ENVELOPE_NAMES[operation.envelope]}` };
  const responses: Record<string, Schema> = {
    '200': {
      description: 'The answer: success, or a refusal with its errorCode (see the ErrorCode schema)',
      headers: answerHeaders(200),
      content: { [JSON_TYPE]: { schema: okAnswerSchema(operation, components) } },
    },
  };
  for (const status of refusalStatuses()) {
    responses[String(status)] = {
      description: 'A refusal before or outside the operation (see the ErrorCode schema)',
      headers: answerHeaders(status),
      content: { [JSON_TYPE]: { schema: envelope } },
    };
  }
  responses['503'] = DRAINING;
  return responses;
}

/**
 * Who may call: the API user's credentials travel as body members (AUTH), which no OpenAPI
 * security scheme can name, so the operation requires no scheme for them, names them in
 * `x-body-credentials` and says so in words. A signature (X-Hash, X-Signature) is a scheme: always
 * required by some operations, and by the others for a merchant set to require signatures.
 */
function securityOf(operation: Operation): Schema {
  const signed = { XHash: [], XSignature: [] };
  return {
    security: operation.alwaysSigned === true ? [signed] : [{}, signed],
    'x-body-credentials': Object.keys(credentialSchemas(operation)),
  };
}

function authNote(operation: Operation): string {
  if (operation.identifiedBy === 'merchant') {
    return 'No credentials: the payment token names the shop, and only its key opens it.';
  }
  const login = loginMember(operation);
  const token = login === 'userName' ? ', or token' : '';
  return `Authenticates with body members (AUTH): ${login} + password${token}; OpenAPI has no security scheme for credentials in a body.`;
}

function pathItem(operation: Operation, components: Record<string, Schema>): Schema {
  const sandboxOnly = operation.path.startsWith(SANDBOX_PATH_PREFIX);
  const notes = [
    sandboxOnly
      ? "The sandbox's own operation, not in the real gateway's API; under GATEHOUSE_ENV=production the address is unknown (404)."
      : undefined,
    authNote(operation),
    operation.requiredPermission === undefined
      ? undefined
      : `Needs the merchant permission \`${operation.requiredPermission}\`.`,
    operation.mutates === true ? 'Honours an `Idempotency-Key` header.' : undefined,
    operation.alwaysSigned === true
      ? 'Every call is signed: `X-Hash` and `X-Signature`.'
      : 'Signed (`X-Hash`, `X-Signature`) when the merchant is set to require signatures.',
  ].filter((note) => note !== undefined);
  return {
    post: {
      operationId: operationId(operation.path),
      summary: operation.summary,
      description: notes.join(' '),
      tags: [tagOf(operation.path)],
      ...(sandboxOnly ? { 'x-sandbox-only': true } : {}),
      ...securityOf(operation),
      parameters: [
        REQUEST_ID_PARAMETER,
        ...(operation.mutates === true
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'The same key with the same body gets the first answer again instead of a second operation.',
                schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
              },
            ]
          : []),
      ],
      requestBody: {
        required: true,
        content: {
          [operation.encoding === 'form' ? FORM : JSON_TYPE]: { schema: requestSchema(operation) },
        },
      },
      responses: responsesOf(operation, components),
    },
  };
}

function tagOf(path: string): string {
  if (path.startsWith(SANDBOX_PATH_PREFIX)) return SANDBOX_TAG;
  if (path.includes('/api/p2p/')) return 'Card-to-card transfers';
  if (/\/payment\/(wallet-|applepay|google|samsung)/.test(path)) return 'Wallets';
  return 'Orders and payments';
}

const TAGS: readonly { name: string; description: string }[] = [
  {
    name: 'Orders and payments',
    description: 'Orders, card payments, 3-D Secure, captures, refunds, stored credentials, DCC',
  },
  { name: 'Wallets', description: 'Payments with wallet tokens (wallet A, B, C and their aliases)' },
  { name: 'Card-to-card transfers', description: 'The P2P document: every call signed' },
  {
    name: SANDBOX_TAG,
    description:
      "The sandbox's own operations, not in the real gateway's API: test clocks (issue 45). Served only outside GATEHOUSE_ENV=production; there they answer as an unknown address (404).",
  },
  { name: '3-D Secure pages', description: "Addresses the customer's browser is sent to, not API calls" },
];

/**
 * The OpenAPI 3.1 document of the merchant API, written from the operation and parameter tables
 * (never by hand): GET /openapi.json serves it, `npm run gen:docs` writes docs/openapi.json.
 */
export function openApiDocument(operations: readonly Operation[], version: string): Schema {
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
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths: { ...paths, ...browserPaths() },
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
      ...headerComponents(),
      schemas: {
        ErrorCode: errorCodeSchema(),
        ...Object.fromEntries(
          Object.entries(ENVELOPE_NAMES).map(([style, name]) => [
            name,
            ENVELOPES[style as keyof typeof ENVELOPES],
          ]),
        ),
        ...answerBlocks,
      },
    },
  };
}
