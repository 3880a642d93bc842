import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Executor, Work } from './unit-contract.js';

/**
 * How a unit's second run went: it threw (its guard refused it, a key was taken), or it ran and
 * changed no row, or it changed rows, which breaks the unit contract (unit-contract.ts, rule 1).
 */
export type SecondRun = 'refused' | 'unchanged' | 'changed';

export interface UnitCheckRecord {
  /** The unit's kind: the file and line of the `run`/`runAhead` call that submitted it. */
  readonly site: string;
  readonly secondRun: SecondRun;
  /** Rows the second run inserted, updated or deleted. */
  readonly changes: number;
}

/** Wraps a unit when it is submitted; the site is read from the submitting call's stack. */
export type UnitCheck = <T>(work: Work<T>) => Work<T>;

/**
 * Set by the test runner (scripts/run-tests.js), never in production: a folder where SQLite stores
 * record what the after-run checks judge (test/after-run/store-contract.test.ts): each unit kind's
 * second run, and each writing statement's text.
 */
export const STORE_CHECKS_ENV = 'GATEHOUSE_STORE_CHECKS_DIR';

export interface StoreChecks {
  readonly unitCheck: UnitCheck;
  readonly onWrite: (sql: string) => void;
}

/** The checks the environment asks for, or none. */
export function storeChecksOfEnvironment(): StoreChecks | undefined {
  const dir = process.env[STORE_CHECKS_ENV];
  if (dir === undefined || dir === '') return undefined;
  const unitsFolder = join(dir, 'unit-checks');
  const writesFolder = join(dir, 'written-statements');
  mkdirSync(unitsFolder, { recursive: true });
  mkdirSync(writesFolder, { recursive: true });
  return {
    unitCheck: unitContractCheck(onceEach(join(unitsFolder, `${process.pid}.jsonl`), unitKey)),
    onWrite: onceEach(join(writesFolder, `${process.pid}.jsonl`), (text: string) => text),
  };
}

/**
 * The enforcement of the unit contract's first rule, for test runs on SQLite: every unit runs a
 * second time, at once, on the state its first run left, inside a savepoint that is always rolled
 * back. A second run that is refused (throws) or changes nothing is what a replayed batch needs;
 * one that changes rows is recorded as a breach. The run's result is the first run's, so the
 * service sees nothing.
 *
 * PostgreSQL's pass runs a batch's units at once on one transaction, where a savepoint would
 * cover the other units' statements too; the units are the same code on both engines, so the
 * check runs on SQLite only (docs/decisions/0031-the-unit-contract-checked-on-every-test-run.md).
 */
export function unitContractCheck(record: (entry: UnitCheckRecord) => void): UnitCheck {
  return <T>(work: Work<T>): Work<T> => {
    const site = submittingSite(new Error().stack ?? '');
    return async (db) => {
      const value = await work(db);
      record({ site, ...(await secondRun(db, work)) });
      return value;
    };
  };
}

/**
 * Runs `work` again inside a savepoint that is always rolled back. SQLite counts a row rewritten
 * with the values it had (a guard's touch, a deferral set again) as a change; when the count is
 * not zero, the run is repeated between two snapshots of every table, and only a difference in
 * content is a change.
 */
async function secondRun(db: Executor, work: Work<unknown>): Promise<Omit<UnitCheckRecord, 'site'>> {
  const counted = await inSavepoint(db, async () => {
    const before = await totalChanges(db);
    await work(db);
    return (await totalChanges(db)) - before;
  });
  if (counted === undefined) return { secondRun: 'refused', changes: 0 };
  if (counted === 0) return { secondRun: 'unchanged', changes: 0 };
  const same = await inSavepoint(db, async () => {
    const before = await snapshot(db);
    await work(db);
    return before === (await snapshot(db));
  });
  if (same === undefined) return { secondRun: 'refused', changes: 0 };
  return same ? { secondRun: 'unchanged', changes: 0 } : { secondRun: 'changed', changes: counted };
}

/** `run`'s value, or undefined when it threw; whatever it wrote is rolled back. */
async function inSavepoint<T>(db: Executor, run: () => Promise<T>): Promise<T | undefined> {
  await sql`savepoint unit_contract_check`.execute(db);
  try {
    return await run();
  } catch {
    return undefined;
  } finally {
    await sql`rollback to savepoint unit_contract_check`.execute(db);
    await sql`release savepoint unit_contract_check`.execute(db);
  }
}

/** Every row of every table, as one string. */
async function snapshot(db: Executor): Promise<string> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    // Without `order by`: a table whose content did not change is scanned in the same order.
    const rows = await sql`select * from ${sql.table(name)}`.execute(db);
    parts.push(name, JSON.stringify(rows.rows));
  }
  return parts.join('\n');
}

async function totalChanges(db: Executor): Promise<number> {
  const result = await sql<{ n: number }>`select total_changes() as n`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

function unitKey(entry: UnitCheckRecord): string | undefined {
  // Every breach is kept; a passing outcome once per kind.
  return entry.secondRun === 'changed' ? undefined : `${entry.site} ${entry.secondRun}`;
}

/** Appends each entry as a JSON line, once per key (an undefined key: always). */
function onceEach<E>(file: string, keyOf: (entry: E) => string | undefined): (entry: E) => void {
  const seen = new Set<string>();
  return (entry) => {
    const key = keyOf(entry);
    if (key !== undefined) {
      if (seen.has(key)) return;
      seen.add(key);
    }
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  };
}

const OWN_FRAMES = /[/\\](group-commit|store-checks)\.[jt]s:/;

/** The first stack frame outside the group commit: `src/services/card-payment.js:118`. */
export function submittingSite(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?$/.exec(line.trim());
    if (match === null || OWN_FRAMES.test(line)) continue;
    const path = (match[1] ?? '').replace(/^file:\/\//, '');
    const at = path.lastIndexOf('/src/');
    return `${at < 0 ? path : path.slice(at + 1)}:${match[2] ?? ''}`;
  }
  return 'unknown';
}
