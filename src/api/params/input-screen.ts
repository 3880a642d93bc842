import { invalidParam } from '../../domain/refusals.js';
import { RepeatedField, type ParamTable, type RawParams } from './param-table.js';

/**
 * How deep a JSON value (a JSON body, or a JSON-valued field such as `orderBundle`) may nest. The
 * deepest shape of the spec, a cart item's `itemDetails.itemDetailsParams` inside `orderBundle`,
 * is six levels; 32 leaves room for merchant-defined members and keeps every later
 * `JSON.stringify` and database write far from the call-stack limit.
 */
export const JSON_DEPTH_MAX = 32;

/** The largest JSON-valued field, in characters of its JSON text (a cart of 100 full items fits). */
export const JSON_FIELD_CHARS_MAX = 65_536;

/**
 * C0 control characters and DEL. PostgreSQL's text types refuse NUL outright, and none of these
 * belongs in a payment parameter; tab, line feed and carriage return are whitespace that free text
 * (a description) may hold, and every store and log line carries them safely.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * A UTF-16 surrogate without its pair: only a JSON escape (`"\\udfff"`) can make one, it is no
 * character at all, and PostgreSQL refuses to store it (UTF-8 cannot encode it): the JSON is not
 * valid text, refused like malformed JSON.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function screenText(text: string, path: string): void {
  if (CONTROL_CHARACTER.test(text)) throw invalidParam(path, 'reason.controlCharacter');
  if (LONE_SURROGATE.test(text)) throw invalidParam(path, 'reason.json');
}

/**
 * Walks a JSON value no deeper than JSON_DEPTH_MAX (so the walk itself cannot exhaust the stack),
 * refusing control characters in member names and string values on the way.
 */
export function screenJsonValue(value: unknown, path: string, depth = 1): void {
  if (typeof value === 'string') {
    screenText(value, path);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth > JSON_DEPTH_MAX) throw invalidParam(path, 'reason.jsonDepth', { depth: JSON_DEPTH_MAX });
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      screenJsonValue(value[index], `${path}[${index}]`, depth + 1);
    }
    return;
  }
  for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
    screenText(name, path);
    screenJsonValue(member, `${path}.${name}`, depth + 1);
  }
}

/** A JSON-valued field's size, refused beyond JSON_FIELD_CHARS_MAX (its depth is already bounded). */
export function screenJsonSize(value: unknown, path: string): void {
  const chars = typeof value === 'string' ? value.length : JSON.stringify(value).length;
  if (chars > JSON_FIELD_CHARS_MAX)
    throw invalidParam(path, 'reason.jsonSize', { max: JSON_FIELD_CHARS_MAX });
}

/**
 * The first step after a body is decoded, before authentication: every parameter that arrived,
 * known to the operation or not, is text without control characters, and every JSON value is
 * within the depth limit; the operation's JSON-valued fields are within the size limit. So no
 * input reaches a database, a log line or `JSON.stringify` in a form that can throw.
 */
export function screenRawParams(table: ParamTable, raw: RawParams): void {
  for (const [name, value] of Object.entries(raw)) {
    screenText(name, name);
    if (value instanceof RepeatedField) {
      for (const item of value.values) screenText(item, name);
    } else {
      screenJsonValue(value, name);
    }
  }
  for (const def of table) {
    const value = raw[def.name];
    const jsonValued = def.type.doc.type === 'object' || def.type.doc.type === 'array';
    if (jsonValued && value !== undefined && value !== null && !(value instanceof RepeatedField)) {
      screenJsonSize(value, def.name);
    }
  }
}
