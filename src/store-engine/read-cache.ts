import type BetterSqlite3 from 'better-sqlite3';
import type { ReadWindows } from './read-window.js';
import { countCachedRead, countStatement } from './statement-counter.js';

/**
 * The tables whose reads SQLite may answer from memory. Only a statement that names such a table
 * can change its rows: no trigger writes them and no foreign key cascades into them (migrations),
 * so a write is recognised by its text.
 */
export type CachedTable = 'orders' | 'merchant_certificates';
export const CACHED_TABLES: readonly CachedTable[] = ['orders', 'merchant_certificates'];

/** Rows kept per table; the oldest entry goes first. */
export const READ_CACHE_MAX_ENTRIES = 1024;

const DATA_VERSION = 'pragma data_version';

/** By statement text: the reads marked cacheable (preparedQuery's `cachedOn`) and their table. */
const cacheable = new Map<string, CachedTable>();

export function cacheReads(sql: string, table: CachedTable): void {
  cacheable.set(sql, table);
}

export function cachedTableOf(sql: string): CachedTable | undefined {
  return cacheable.get(sql);
}

const NAMES = new Map(
  CACHED_TABLES.map((table) => [table, new RegExp(`(^|[^\\w])"?${table}"?([^\\w]|$)`, 'i')]),
);

/** The cached tables a statement's text names: what a writing statement may change. */
export function cachedTablesNamedBy(sql: string): CachedTable[] {
  return CACHED_TABLES.filter((table) => NAMES.get(table)?.test(sql));
}

/**
 * Answers repeated reads of a row (a shop polling an order's status) from memory, on SQLite only.
 * A cached answer is the committed state as of this call, which is what the query would have
 * read:
 * - any statement of this connection that writes a table empties the table's entries as it runs;
 * - another connection's commit (a cluster worker, the CLI) changes `pragma data_version`, which
 *   is checked before a cached read, and empties them all. Inside a read window the first read
 *   checks for all that follow it (read-window.ts says why that is as exact); outside one, every
 *   read checks;
 * - inside a transaction nothing is read from or kept in the cache, so an uncommitted row never
 *   enters it and a rolled-back write leaves it empty.
 * PostgreSQL never uses it: other nodes write without this process seeing it.
 */
export class ReadCache {
  private readonly tables = Object.fromEntries(
    CACHED_TABLES.map((table) => [table, new Map<string, unknown[][]>()]),
  ) as Record<CachedTable, Map<string, unknown[][]>>;
  private readonly dataVersion: BetterSqlite3.Statement;
  private version: unknown;
  /** The read window in which `pragma data_version` was last checked (0: none). */
  private checkedIn = 0;
  private readonly statementNumbers = new Map<string, number>();

  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly windows: ReadWindows,
  ) {
    this.dataVersion = database.prepare(DATA_VERSION).pluck();
  }

  /** The raw rows of `sql` with `parameters`, from memory when nothing has changed since `load` ran. */
  read(
    table: CachedTable,
    sql: string,
    parameters: readonly unknown[],
    load: () => unknown[][],
  ): unknown[][] {
    if (this.database.inTransaction) return load();
    const window = this.windows.current();
    if (window === 0 || window !== this.checkedIn) {
      // Read before the rows: a commit landing in between only empties the cache at the next check.
      const version = this.dataVersion.get();
      countStatement(DATA_VERSION);
      if (version !== this.version) {
        this.invalidate(CACHED_TABLES);
        this.version = version;
      }
      this.checkedIn = window;
    }
    const entries = this.tables[table];
    const key = `${this.numberOf(sql)}\u0000${JSON.stringify(parameters)}`;
    const kept = entries.get(key);
    if (kept !== undefined) {
      countCachedRead(sql);
      return kept;
    }
    const rows = load();
    if (entries.size >= READ_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, rows);
    return rows;
  }

  /**
   * A short stand-in for a statement's text in the keys: a key holding the whole text (an order
   * read lists 70 columns) made every lookup build and hash a 2 KB string. The text is the same
   * string each time, whose hash V8 keeps, so finding its number is cheap.
   */
  private numberOf(sql: string): number {
    let number = this.statementNumbers.get(sql);
    if (number === undefined) this.statementNumbers.set(sql, (number = this.statementNumbers.size));
    return number;
  }

  invalidate(tables: readonly CachedTable[]): void {
    for (const table of tables) this.tables[table].clear();
  }
}
