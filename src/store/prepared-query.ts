import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

const MARKER = '\u0000gatehouse-parameter-';

interface Compiled {
  readonly sql: string;
  readonly slots: readonly ({ arg: number } | { constant: unknown })[];
}

/**
 * A hot query built with Kysely and compiled on first use; each later call only substitutes its
 * values. Building and compiling costs more than running a primary-key lookup, so the queries on
 * every request's path use this. Create one per repository instance: a repository serves one
 * store, so one dialect. `build` receives markers and must pass each where its value goes.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Executor, ...markers: Args) => Compilable<Row>,
  arity: Args['length'],
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  let compiled: Compiled | undefined;
  return (db, ...args) => {
    if (compiled === undefined) {
      const markers = Array.from({ length: arity }, (_, index) => `${MARKER}${index}`) as Args;
      const query = build(db, ...markers).compile();
      compiled = {
        sql: query.sql,
        slots: query.parameters.map((parameter) =>
          typeof parameter === 'string' && parameter.startsWith(MARKER)
            ? { arg: Number(parameter.slice(MARKER.length)) }
            : { constant: parameter },
        ),
      };
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.constant));
    return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
