/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the operations' success answers. docs/openapi.json
 * publishes them (src/docs/openapi.ts), the integration suite's client checks every answer it reads
 * against them with every object closed (test/support/answer-validation.ts), and the hot operations
 * compile them into their serializers (src/http/answer-serializer.ts).
 *
 * Members are listed in the order the views write them, because a compiled serializer writes them
 * in that order. Every object admits unlisted members in the published document: clients must
 * tolerate members added later.
 */

interface Annotations {
  readonly title?: string;
  readonly description?: string;
}

export type ScalarType = 'string' | 'integer' | 'number' | 'boolean' | 'null';

export interface ScalarSchema extends Annotations {
  readonly type: ScalarType | readonly ScalarType[];
  /** The closed set of values, where the code can write no other. */
  readonly enum?: readonly (string | number | boolean | null)[];
}

export interface ArraySchema extends Annotations {
  readonly type: 'array';
  readonly items: MemberSchema;
}

/** An object whose members are known: `required` names those always present. */
export interface ObjectSchema extends Annotations {
  /**
   * The name the document publishes it under in components.schemas, referenced where it is used:
   * for a block several answers share (an order status block), written once.
   */
  readonly component?: string;
  /**
   * Its members are data parsed from storage, in the order they were stored (which varies by who
   * wrote them): a compiled serializer must write it as JSON.stringify does, not in listed order.
   */
  readonly storedOrder?: true;
  readonly type: 'object';
  readonly properties: Readonly<Record<string, MemberSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties: true;
}

/** An object whose member names are data (the merchant's name/value pairs, a stored cart). */
export interface MapSchema extends Annotations {
  readonly type: 'object';
  readonly additionalProperties: ScalarSchema | true;
}

/** Anything JSON: written as JSON.stringify writes it. */
export type AnySchema = Annotations;

export type MemberSchema = ScalarSchema | ArraySchema | ObjectSchema | MapSchema | AnySchema;

/** An answer with several shapes (a payment decided, or waiting for 3-D Secure): each answer has one. */
export interface AlternativesSchema extends Annotations {
  readonly anyOf: readonly ObjectSchema[];
}

export type AnswerSchema = ObjectSchema | AlternativesSchema;

export const TEXT = { type: 'string' } as const;
export const INTEGER = { type: 'integer' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const ANY: AnySchema = {};

export function described<Schema extends MemberSchema>(schema: Schema, description: string): Schema {
  return { ...schema, description };
}

/** A member that is null where the code has no value, else of `schema`'s type. */
export function nullable(schema: ScalarSchema): ScalarSchema {
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  return {
    ...schema,
    type: [...types, 'null'],
    ...(schema.enum === undefined ? {} : { enum: [...schema.enum, null] }),
  };
}

/** One of a closed set of values, all of one JSON type. */
export function enumOf(
  values: readonly string[] | readonly number[] | readonly boolean[],
  description?: string,
): ScalarSchema {
  const first = values[0];
  const type = typeof first === 'string' ? 'string' : typeof first === 'boolean' ? 'boolean' : 'integer';
  return {
    type,
    enum: [...values],
    ...(description === undefined ? {} : { description }),
  };
}

interface ObjectOptions<Name extends string> {
  /** The members always present: their names, or 'all'. */
  readonly required?: readonly Name[] | 'all';
  readonly component?: string;
  readonly storedOrder?: true;
  readonly title?: string;
  readonly description?: string;
}

export function object<const Properties extends Record<string, MemberSchema>>(
  properties: Properties,
  options: ObjectOptions<keyof Properties & string> = {},
): ObjectSchema {
  const required = options.required === 'all' ? Object.keys(properties) : (options.required ?? []);
  return {
    ...(options.component === undefined ? {} : { component: options.component }),
    ...(options.storedOrder === undefined ? {} : { storedOrder: options.storedOrder }),
    type: 'object',
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.description === undefined ? {} : { description: options.description }),
    properties,
    ...(required.length === 0 ? {} : { required: [...required] }),
    additionalProperties: true,
  };
}

/** The members of `parts` in their order, as one object: an answer built from shared groups. */
export function joined(parts: readonly ObjectSchema[], annotations: Annotations = {}): ObjectSchema {
  const properties: Record<string, MemberSchema> = {};
  const required: string[] = [];
  for (const part of parts) {
    for (const [name, member] of Object.entries(part.properties)) {
      if (name in properties) throw new Error(`answer schema: member ${name} is listed twice`);
      properties[name] = member;
    }
    required.push(...(part.required ?? []));
  }
  return {
    type: 'object',
    ...annotations,
    properties,
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: true,
  };
}

export function arrayOf(items: MemberSchema, description?: string): ArraySchema {
  return { type: 'array', items, ...(description === undefined ? {} : { description }) };
}

export function mapOf(values: ScalarSchema | true, description?: string): MapSchema {
  return {
    type: 'object',
    additionalProperties: values,
    ...(description === undefined ? {} : { description }),
  };
}

export function alternatives(variants: readonly ObjectSchema[], description?: string): AlternativesSchema {
  return { anyOf: variants, ...(description === undefined ? {} : { description }) };
}
