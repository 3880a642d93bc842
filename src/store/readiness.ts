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

/**
 * Whether this node can serve (GET /ready): the database answers within `limitMs`, and every
 * migration this node's code knows is applied. Migrations a newer node applied beyond them do not
 * count against it: they only add. Liveness (GET /health) asks nothing of the database. It asks
 * through the store's probe pool, so a database that hangs leaves no connection of the requests
 * stuck behind a check (probe-pool.ts).
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
      if (this.migrated) {
        await within(sql`select 1`.execute(this.store.probe), this.limitMs);
        return { ready: true };
      }
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
      const reason = NOT_READY_REASONS.database;
      return {
        ready: false,
        reason,
        detail: `${reason}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
