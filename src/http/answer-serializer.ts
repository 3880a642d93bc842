import build from 'fast-json-stringify';
import type { AnswerSchema, MemberSchema, ObjectSchema, ScalarType } from '../api/answers/answer-schema.js';

export type AnswerSerializer = (answer: object) => string;

/**
 * Test runs set this: every answer a compiled serializer writes is compared with JSON.stringify's
 * text, so a member the schema would coerce (a number as text, null as "") or reorder fails the
 * test that produced it instead of reaching a merchant.
 */
const CHECKED = process.env.GATEHOUSE_CHECK_ANSWERS === '1';

type Wire = Record<string, unknown>;

function isObjectSchema(schema: AnswerSchema | MemberSchema): schema is ObjectSchema {
  return 'properties' in schema;
}

/**
 * One object with every member of `variants`, in an order each variant's own order keeps: the
 * serializer writes the members an answer has in this order, which is then the view's order.
 */
function merged(variants: readonly ObjectSchema[]): Wire {
  const order: string[] = [];
  const members = new Map<string, Wire>();
  for (const variant of variants) {
    let previous = -1;
    for (const [name, schema] of Object.entries(variant.properties)) {
      const wire = wireSchema(schema);
      const at = order.indexOf(name);
      if (at === -1) {
        order.splice(previous + 1, 0, name);
        members.set(name, wire);
        previous += 1;
        continue;
      }
      if (at <= previous) throw new Error(`answer alternatives write ${name} in different orders`);
      if (JSON.stringify(members.get(name)) !== JSON.stringify(wire)) {
        throw new Error(`answer alternatives give ${name} different types`);
      }
      previous = at;
    }
  }
  return {
    type: 'object',
    properties: Object.fromEntries(order.map((name) => [name, members.get(name)])),
    additionalProperties: true,
  };
}

/**
 * What fast-json-stringify compiles: types and members only, so that the text stays JSON.stringify's
 * whatever the document claims (the tests hold answers to the claims). `required` is left out
 * because the compiled code writes required members before the others (the wire order is the
 * view's) and throws when one is absent; alternatives become one object because it would otherwise
 * validate each answer against each of them with Ajv to choose, on the hot path.
 */
export function wireSchema(schema: AnswerSchema | MemberSchema): Wire {
  if ('anyOf' in schema) return merged(schema.anyOf);
  if (isObjectSchema(schema)) return schema.storedOrder === true ? {} : merged([schema]);
  if (!('type' in schema)) return {};
  if (schema.type === 'array') return { type: 'array', items: wireSchema(schema.items) };
  if (schema.type === 'object') {
    const values = schema.additionalProperties;
    return { type: 'object', additionalProperties: values === true ? true : wireSchema(values) };
  }
  // A fraction JSON.stringify writes as it is would be rounded by an integer serializer.
  const wireType = (type: ScalarType): ScalarType => (type === 'integer' ? 'number' : type);
  return { type: typeof schema.type === 'string' ? wireType(schema.type) : schema.type.map(wireType) };
}

// Compiling a schema costs milliseconds (fast-json-stringify writes and evaluates code), and the
// schemas are module constants: a process that builds its app more than once (the test suite
// starts hundreds of gateways) compiles each once.
const compiledSchemas = new WeakMap<AnswerSchema, AnswerSerializer>();

function compiledFor(schema: AnswerSchema): AnswerSerializer {
  let compiled = compiledSchemas.get(schema);
  if (compiled === undefined) {
    compiled = build(wireSchema(schema)) as AnswerSerializer;
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

/**
 * An operation's success answer, written by code compiled from its schema once (issue 13:
 * precompiled serializers) instead of JSON.stringify walking the object. Every object of an
 * answer schema admits members it does not list, so a member is never dropped.
 */
export function answerSerializer(schema: AnswerSchema, checked = CHECKED): AnswerSerializer {
  const compiled = compiledFor(schema);
  if (!checked) return compiled;
  return (answer) => {
    const text = compiled(answer);
    const expected = JSON.stringify(answer);
    if (text !== expected) {
      throw new Error(`answer serializer disagrees with JSON.stringify:\n  ${text}\n  ${expected}`);
    }
    return text;
  };
}
