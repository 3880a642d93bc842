import type pg from 'pg';
import { nameStatement, namedQuery, statementName } from './named-statements.js';
import { spentBy } from './spent-connection.js';

/**
 * PostgreSQL's prepared reads outside a transaction, shared per event-loop turn: the reads a turn
 * issues run on one pooled connection, pipelined (the pool's clients are in `pg`'s pipeline mode),
 * so they leave in one socket write and come back in one read, as a batch's writes do. Each read
 * alone cost its own pool checkout and socket write; the profile of a PostgreSQL status showed the
 * write as a fifth of its CPU (docs/history/performance-journal.md, issue 24). A read sees what was
 * committed when it runs, as on its own connection: no transaction is open on the shared one.
 */
export class TurnReads {
  /** The connection of the turn under way, if any read was issued in it. */
  private turn: Turn | undefined;

  constructor(private readonly pool: pg.Pool) {}

  async query(text: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    let turn = this.turn;
    if (turn === undefined) {
      turn = { client: this.pool.connect(), reading: 0, ended: false, released: false, broken: undefined };
      this.turn = turn;
      const ending = turn;
      // Reads issued later than this turn take another connection; this one goes back to the
      // pool once its reads are answered.
      setImmediate(() => {
        ending.ended = true;
        if (this.turn === ending) this.turn = undefined;
        void release(ending);
      });
    }
    turn.reading += 1;
    try {
      const client = await turn.client;
      const json = jsonFormOf(text);
      if (json === undefined) return await client.query(namedQuery(text, values));
      const result = await client.query<{ row: unknown }>(namedQuery(json, values));
      return { ...result, rows: result.rows.map((row) => row.row) } as pg.QueryResult;
    } catch (error) {
      // A statement's own error (a timeout) leaves the pipeline usable; a lost connection, or one
      // to a server that is no longer the primary (spent-connection.ts), does not.
      if (isConnectionError(error)) turn.broken = error instanceof Error ? error : new Error(String(error));
      else turn.broken ??= spentBy(error);
      throw error;
    } finally {
      turn.reading -= 1;
      void release(turn);
    }
  }
}

/**
 * A read's rows as one JSON value each. pg describes a result column by column on every execution
 * and builds a row template for it (Result.addFields): for the order's 69 columns that was a
 * quarter of a PostgreSQL status's CPU (docs/history/performance-journal.md, issue 24). One JSON
 * column costs it almost nothing, and the row comes back with the same members and values: the
 * schema's columns are text, integers and doubles only (test/integration/group-commit.test.ts),
 * whose JSON forms parse to what pg's parsers give. Only named reads with no `order by` take this
 * form, so the rows' order is never in question.
 */
const jsonForms = new Map<string, string | null>();

function jsonFormOf(text: string): string | undefined {
  let json = jsonForms.get(text);
  if (json === undefined) {
    json =
      statementName(text) === undefined || /\border\s+by\b/i.test(text)
        ? null
        : `select row_to_json(r) as "row" from (${text}) as r`;
    if (json !== null) nameStatement(json);
    jsonForms.set(text, json);
  }
  return json ?? undefined;
}

interface Turn {
  readonly client: Promise<pg.PoolClient>;
  reading: number;
  ended: boolean;
  released: boolean;
  broken: Error | undefined;
}

async function release(turn: Turn): Promise<void> {
  if (!turn.ended || turn.reading > 0 || turn.released) return;
  turn.released = true;
  try {
    (await turn.client).release(turn.broken);
  } catch {
    // The connection was never made: nothing to give back.
  }
}

function isConnectionError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  // PostgreSQL's SQLSTATE codes are five characters; a socket's errors are not.
  return typeof code !== 'string' || code.length !== 5 || code.startsWith('08') || code.startsWith('57P');
}

/** The turn reads of a Kysely handle (prepared-query.ts), on PostgreSQL only. */
const owners = new WeakMap<object, TurnReads>();

export function ownTurnReads(handle: object, reads: TurnReads): void {
  owners.set(handle, reads);
}

export function turnReadsOf(handle: object): TurnReads | undefined {
  return owners.get(handle);
}
