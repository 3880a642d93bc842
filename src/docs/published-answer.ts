import type { AnswerSchema, MemberSchema, ObjectSchema } from '../api/answers/answer-schema.js';
import type { Operation } from '../api/operation.js';
import { DISCRIMINATORS, ENVELOPE_NAMES, ENVELOPES } from './refusal-envelopes.js';

type Schema = Record<string, unknown>;

/**
 * An answer schema as published (it is JSON Schema already): a copy, so that nothing done to the
 * document reaches the schemas the serializers are compiled from, in which each named block
 * (`component`) becomes a reference to its one definition in `components`.
 */
export function published(schema: AnswerSchema | MemberSchema, components: Record<string, Schema>): Schema {
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

function variantsOf(answer: AnswerSchema): readonly ObjectSchema[] {
  return 'anyOf' in answer ? answer.anyOf : [answer];
}

const SUCCESS_VALUES: readonly unknown[] = ['0', true];

/** Whether a success shape lets its discriminator carry what a refusal carries (a pending errorCode 7). */
function admitsRefusalValue(variant: ObjectSchema, discriminator: string): boolean {
  const member = variant.properties[discriminator];
  if (member === undefined) return false;
  const values = 'enum' in member ? member.enum : undefined;
  return values === undefined || values.some((value) => !SUCCESS_VALUES.includes(value));
}

/**
 * The members a success shape always has and a refusal never lists: a refusal must not have them
 * all, or an answer could be both. Programmer error when a success shape has neither these nor a
 * discriminator of its own.
 */
function successMarkers(operation: Operation, variant: ObjectSchema): string[] {
  const envelope = ENVELOPES[operation.envelope].properties as Record<string, unknown>;
  const markers = (variant.required ?? []).filter((name) => !(name in envelope));
  const discriminator = DISCRIMINATORS[operation.envelope];
  const discriminates =
    (variant.required ?? []).includes(discriminator) && !admitsRefusalValue(variant, discriminator);
  if (markers.length === 0 && !discriminates) {
    throw new Error(`${operation.path}: a refusal would validate as its success answer`);
  }
  return markers;
}

/**
 * The 200 answer: exactly one of the success and the refusal. A refusal's code is never 0, and
 * where a success may carry a refusal's code (instantRefund.do's pending credit, errorCode 7 with
 * its order) the refusal is further told apart by lacking the members that success always has.
 */
export function okAnswerSchema(operation: Operation, components: Record<string, Schema>): Schema {
  const envelope = { $ref: `#/components/schemas/${ENVELOPE_NAMES[operation.envelope]}` };
  const discriminator = DISCRIMINATORS[operation.envelope];
  const variants = variantsOf(operation.answer);
  const markers = variants.map((variant) => successMarkers(operation, variant));
  const overlapping = markers.filter((_, index) =>
    admitsRefusalValue(variants[index] as ObjectSchema, discriminator),
  );
  const lacking = overlapping.map((required) => ({
    properties: Object.fromEntries(required.map((name) => [name, {}])),
    required,
  }));
  const refusal =
    lacking.length === 0
      ? envelope
      : { allOf: [envelope, { not: lacking.length === 1 ? lacking[0] : { anyOf: lacking } }] };
  return { oneOf: [published(operation.answer, components), refusal] };
}
