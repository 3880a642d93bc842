/** What a parameter's type tells the documentation generator. */
export interface ValueDoc {
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  /** Of an integer: its digits (the spec's `Integer [n..m]`), not a numeric range. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Of an integer or a number: its text, as a form body carries it (and a JSON body may). */
  readonly pattern?: string;
  /** Of an integer or a number sent as a JSON number. */
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly format?: string;
  /** Form bodies carry objects as JSON text in one parameter. */
  readonly jsonEncodedInForm?: boolean;
  readonly properties?: Readonly<Record<string, { readonly required: boolean; readonly doc: ValueDoc }>>;
  readonly items?: ValueDoc;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/**
 * A parameter or JSON member type. `parse` takes the raw value (a string from a form body, or any
 * JSON value) and returns the typed value, or throws a Refusal naming `path`.
 */
export interface ValueType<T> {
  readonly doc: ValueDoc;
  parse(raw: unknown, path: string): T;
}

export type Presence = 'mandatory' | 'optional' | 'conditional';

export type ValueOf<V> = V extends ValueType<infer T> ? T : never;
