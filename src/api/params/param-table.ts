import type { Permission } from '../../domain/permissions.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { Presence, ValueOf, ValueType } from './value-type.js';

/** One row of a spec parameter table. */
export interface ParamDef<N extends string = string, T = unknown, P extends Presence = Presence> {
  readonly name: N;
  readonly presence: P;
  readonly type: ValueType<T>;
  /** Another name the same parameter travels under (e.g. `backUrl` for `returnUrl`). */
  readonly alias?: string;
  /** The merchant needs this permission to send the parameter at all. */
  readonly permission?: Permission;
  /** The parameter may be repeated; its values arrive as a list (`features`). */
  readonly repeated?: boolean;
  readonly note?: string;
}

export function param<N extends string, T, P extends Presence>(
  name: N,
  presence: P,
  type: ValueType<T>,
  extra: Omit<ParamDef, 'name' | 'presence' | 'type'> = {},
): ParamDef<N, T, P> {
  return { name, presence, type, ...extra };
}

/** A parameter that may repeat (`features=A&features=B`); its value is the list. */
export function repeatedParam<N extends string, T, P extends Presence>(
  name: N,
  presence: P,
  type: ValueType<T>,
): ParamDef<N, T, P> & { readonly repeated: true } {
  return { name, presence, type, repeated: true };
}

export type ParamTable = readonly ParamDef<string, unknown>[];

type ValueOfDef<D> = D extends ParamDef<string, infer T> ? (D extends { repeated: true } ? T[] : T) : never;

/** The typed result of validating a table: mandatory parameters are present, the rest optional. */
export type ParamsOf<Table extends ParamTable> = {
  [D in Table[number] as D['presence'] extends 'mandatory' ? D['name'] : never]: ValueOfDef<D>;
} & {
  [D in Table[number] as D['presence'] extends 'mandatory' ? never : D['name']]?: ValueOfDef<D>;
};

/** Raw parameters as they arrived: strings from a form body, any JSON value from a JSON body. */
export type RawParams = Readonly<Record<string, unknown>>;

/** A form field sent more than once (`features=A&features=B`). */
export class RepeatedField {
  constructor(readonly values: readonly string[]) {}
}

function isAbsent(value: unknown): boolean {
  // "If there is no value, an empty value in the expected format is sent": empty means absent.
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (value instanceof RepeatedField && value.values.every((item) => item === ''))
  );
}

function valueOf(raw: RawParams, def: ParamDef): unknown {
  const direct = raw[def.name];
  const value = !isAbsent(direct) || def.alias === undefined ? direct : raw[def.alias];
  // JSON null in a JSON-valued form field is no value: the Go client of this API family sends
  // `jsonParams=null` with every call that has none
  // (docs/decisions/0001-empty-unknown-repeated-and-null-parameters.md).
  return value === 'null' && def.type.doc.jsonEncodedInForm === true ? undefined : value;
}

/** Validates raw parameters against a table, in table order, so the first refusal is predictable. */
export function validateParams<Table extends ParamTable>(table: Table, raw: RawParams): ParamsOf<Table> {
  const result: Record<string, unknown> = {};
  for (const def of table) {
    const value = valueOf(raw, def);
    if (isAbsent(value)) {
      if (def.presence === 'mandatory') throw new Refusal('PARAM_MISSING', { param: def.name });
      continue;
    }
    if (def.repeated) {
      const list: readonly unknown[] =
        value instanceof RepeatedField ? value.values : Array.isArray(value) ? value : [value];
      result[def.name] = list.filter((item) => !isAbsent(item)).map((item) => def.type.parse(item, def.name));
      continue;
    }
    if (value instanceof RepeatedField) throw invalidParam(def.name, 'reason.single');
    result[def.name] = def.type.parse(value, def.name) satisfies ValueOf<typeof def.type>;
  }
  return result as ParamsOf<Table>;
}

/** Names of the permission-gated parameters present in `params`, with the permission each needs. */
export function gatedParamsPresent(table: ParamTable, params: Readonly<Record<string, unknown>>): ParamDef[] {
  return table.filter((def) => def.permission !== undefined && params[def.name] !== undefined);
}
