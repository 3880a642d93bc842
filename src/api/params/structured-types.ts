import { invalidParam, Refusal } from '../../domain/refusals.js';
import { screenJsonSize, screenJsonValue } from './input-screen.js';
import type { ValueDoc, ValueOf, ValueType } from './value-type.js';

export interface Member<T, R extends boolean> {
  readonly type: ValueType<T>;
  readonly required: R;
}

export function req<T>(type: ValueType<T>): Member<T, true> {
  return { type, required: true };
}

export function opt<T>(type: ValueType<T>): Member<T, false> {
  return { type, required: false };
}

type Members = Readonly<Record<string, Member<unknown, boolean>>>;

type RequiredKeys<M extends Members> = { [K in keyof M]: M[K]['required'] extends true ? K : never }[keyof M];

export type ObjectOf<M extends Members> = { [K in RequiredKeys<M>]: ValueOf<M[K]['type']> } & {
  [K in Exclude<keyof M, RequiredKeys<M>>]?: ValueOf<M[K]['type']>;
} & { readonly [extra: string]: unknown };

function isPlainObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A JSON object validated member by member. Members the spec does not describe (for example `tax`
 * in cart items, whose rules are "not shown") are kept as sent, so nothing accepted is lost.
 */
export function object<M extends Members>(
  members: M,
  check?: (value: ObjectOf<M>, path: string) => void,
): ValueType<ObjectOf<M>> {
  const properties: Record<string, { required: boolean; doc: ValueDoc }> = {};
  for (const [name, member] of Object.entries(members)) {
    properties[name] = { required: member.required, doc: member.type.doc };
  }
  return {
    doc: { type: 'object', properties },
    parse(raw, path) {
      if (!isPlainObject(raw)) throw invalidParam(path, 'reason.object');
      const result: Record<string, unknown> = { ...raw };
      for (const [name, member] of Object.entries(members)) {
        const memberPath = `${path}.${name}`;
        const value = raw[name];
        if (isAbsent(value)) {
          if (member.required) throw new Refusal('PARAM_MISSING', { param: memberPath });
          delete result[name];
          continue;
        }
        result[name] = member.type.parse(value, memberPath);
      }
      const typed = result as ObjectOf<M>;
      check?.(typed, path);
      return typed;
    },
  };
}

export function array<T>(item: ValueType<T>, bounds: { min?: number; max?: number } = {}): ValueType<T[]> {
  const { min = 0, max } = bounds;
  return {
    doc: { type: 'array', items: item.doc, minItems: min, ...(max === undefined ? {} : { maxItems: max }) },
    parse(raw, path) {
      if (!Array.isArray(raw)) throw invalidParam(path, 'reason.array');
      if (min === 1 && max === 1 && raw.length !== 1) throw invalidParam(path, 'reason.exactlyOne');
      if (raw.length < min) throw new Refusal('PARAM_MISSING', { param: `${path}[0]` });
      if (max !== undefined && raw.length > max) throw invalidParam(path, 'reason.itemsMax', { max });
      return raw.map((element, index) => item.parse(element, `${path}[${index}]`));
    },
  };
}

/** Free-form name/value pairs (`jsonParams`): names up to 255 characters, values up to 1024 as text. */
export function stringMap(maxName: number, maxValue: number): ValueType<Record<string, string>> {
  return {
    doc: {
      type: 'object',
      format: `name/value pairs, names up to ${maxName}, values up to ${maxValue} characters`,
    },
    parse(raw, path) {
      if (!isPlainObject(raw)) throw invalidParam(path, 'reason.object');
      const result: Record<string, string> = {};
      for (const [name, value] of Object.entries(raw)) {
        const memberPath = `${path}.${name}`;
        if (name.length === 0 || name.length > maxName)
          throw invalidParam(path, 'reason.tooLong', { max: maxName });
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
          throw invalidParam(memberPath, 'reason.text');
        }
        const textValue = String(value);
        if (textValue.length > maxValue) throw invalidParam(memberPath, 'reason.tooLong', { max: maxValue });
        result[name] = textValue;
      }
      return result;
    },
  };
}

/**
 * Objects travel inside form bodies as JSON text in one parameter; inside JSON bodies they are
 * plain members. Either way the same member rules apply.
 */
export function jsonEncoded<T>(inner: ValueType<T>): ValueType<T> {
  return {
    doc: { ...inner.doc, jsonEncodedInForm: true },
    parse(raw, path) {
      if (typeof raw !== 'string') return inner.parse(raw, path);
      screenJsonSize(raw, path);
      let decoded: unknown;
      try {
        decoded = JSON.parse(raw);
      } catch {
        throw invalidParam(path, 'reason.json');
      }
      // The text was screened as a whole; what its escapes decode to (\u0000, deep nesting) is screened here.
      screenJsonValue(decoded, path);
      return inner.parse(decoded, path);
    },
  };
}
