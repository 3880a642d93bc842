import type { ValueDoc } from '../api/params/value-type.js';

type Schema = Record<string, unknown>;

const JSON_TYPE = 'application/json';

/**
 * A parameter's type as JSON Schema (2020-12, what OpenAPI 3.1 uses), for either encoding: the
 * gateway reads an integer or a decimal from its text as well as from a JSON number.
 */
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
  if (doc.type === 'integer' || doc.type === 'number') return numericSchema(doc);
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
 * A number as JSON number or as text. Length keywords mean nothing to a number (and `minLength` on
 * an integer validates anything), so the digits the spec counts become a range for the number and
 * a pattern for the text: "abc" or 19 digits fail against the document as they fail at the gateway.
 */
function numericSchema(doc: ValueDoc): Schema {
  const number: Schema = { type: doc.type };
  if (doc.minimum !== undefined) number.minimum = doc.minimum;
  if (doc.maximum !== undefined) number.maximum = doc.maximum;
  const text: Schema = { type: 'string' };
  if (doc.pattern !== undefined) text.pattern = doc.pattern;
  if (doc.minLength !== undefined) text.minLength = doc.minLength;
  if (doc.maxLength !== undefined) text.maxLength = doc.maxLength;
  return {
    anyOf: [number, text],
    ...(doc.format === undefined ? {} : { format: doc.format }),
  };
}
