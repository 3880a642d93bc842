import { sql } from 'kysely';
import type { Store } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

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
 * count against it: they only add. Liveness (GET /health) asks nothing of the database.
 */
export class ReadinessProbe {
  /** Once current, the schema stays current: migrations are never undone under a running node. */
  private migrated = false;

  constructor(
    private readonly store: Store,
    private readonly limitMs: number,
  ) {}

  async check(): Promise<Readiness> {
    try {
      if (this.migrated) {
        await within(sql`select 1`.execute(this.store.db), this.limitMs);
        return { ready: true };
      }
      const { rows } = await within(
        sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(this.store.db),
        this.limitMs,
      );
      const applied = new Set(rows.map((row) => row.name));
      const pending = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
      if (pending.length > 0)
        return { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
      this.migrated = true;
      return { ready: true };
    } catch (error) {
      return {
        ready: false,
        reason: `the database does not answer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
