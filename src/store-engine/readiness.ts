import { sql } from 'kysely';
import type { Store } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * `reason` is generic, fit for anyone who can reach the API port; `detail` names what failed (the
 * database's host and port, the missing migrations) and goes only to the log and the metrics port.
 */
export type Readiness =
  { readonly ready: true } | { readonly ready: false; readonly reason: string; readonly detail: string };

export const NOT_READY_REASONS = {
  database: 'the database does not answer',
  readOnly: 'the database is read-only: no writable primary answers',
  migrations: 'migrations not applied',
} as const;

/** Kysely's Migrator keeps the applied migrations here. */
const MIGRATION_TABLE = 'kysely_migration';

function within<T>(promise: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** SQLSTATE read_only_sql_transaction: what a standby answers a write. */
const READ_ONLY = '25006';

/**
 * PostgreSQL: `select 1` is answered by a standby too, which refuses every write. This fails on a
 * server that cannot write (in recovery, or read-only by setting) as a write would, with 25006,
 * and the probe pool discards the connection (probe-pool.ts), so the next check takes a fresh one,
 * through the load balancer, to whichever server is the primary by then.
 */
const WRITABLE = sql.raw(
  `do $$ begin if current_setting('transaction_read_only') = 'on' then ` +
    `raise exception 'the server is read-only (a standby)' using errcode = '${READ_ONLY}'; end if; end $$`,
);

/**
 * Whether this node can serve (GET /ready): the database answers within `limitMs` as a writable
 * primary (PostgreSQL; a standby does not count), and every migration this node's code knows is
 * applied. Migrations a newer node applied beyond them do not count against it: they only add.
 * Liveness (GET /health) asks nothing of the database. It asks through the store's probe pool, so
 * a database that hangs leaves no connection of the requests stuck behind a check (probe-pool.ts).
 */
export class ReadinessProbe {
  /** Once current, the schema stays current: migrations are never undone under a running node. */
  private migrated = false;

  /** The last answer's detail (undefined: ready), so a change is reported once, not every probe. */
  private lastDetail: string | undefined;

  constructor(
    private readonly store: Store,
    private readonly limitMs: number,
    /** Told when the answer changes: where the detail goes to the log. */
    private readonly onChange: (state: Readiness) => void = () => undefined,
  ) {}

  async check(): Promise<Readiness> {
    const state = await this.probe();
    const detail = state.ready ? undefined : state.detail;
    if (detail !== this.lastDetail) {
      this.lastDetail = detail;
      this.onChange(state);
    }
    return state;
  }

  private async probe(): Promise<Readiness> {
    try {
      await within(
        (this.store.engine === 'postgres' ? WRITABLE : sql`select 1`).execute(this.store.probe),
        this.limitMs,
      );
      if (this.migrated) return { ready: true };
      const { rows } = await within(
        sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(this.store.probe),
        this.limitMs,
      );
      const applied = new Set(rows.map((row) => row.name));
      const pending = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
      if (pending.length > 0) {
        const reason = NOT_READY_REASONS.migrations;
        return { ready: false, reason, detail: `${reason}: ${pending.join(', ')}` };
      }
      this.migrated = true;
      return { ready: true };
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
      const reason = code === READ_ONLY ? NOT_READY_REASONS.readOnly : NOT_READY_REASONS.database;
      return {
        ready: false,
        reason,
        detail: `${reason}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
