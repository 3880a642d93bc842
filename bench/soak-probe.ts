import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import pg from 'pg';

/*
 * What the soak reads from outside the server every sample: the memory of its processes from
 * /proc, its Prometheus metrics, and the size of its database and WAL.
 */

export interface ProcessMemory {
  readonly pid: number;
  readonly rssBytes: number;
}

/** A process's VmRSS from /proc/<pid>/status, or undefined once it is gone. */
function rssOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) is in parentheses and may hold spaces; the parent follows the state.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The resident memory of `root` and every process below it (a cluster primary and its workers),
 * each on its own: the metrics' process_resident_memory_bytes of a cluster sums the workers and
 * leaves the primary out, and per-process figures show which one grows.
 */
export function processTreeMemory(root: number): ProcessMemory[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const found: ProcessMemory[] = [];
  const visit = (pid: number) => {
    const rssBytes = rssOf(pid);
    if (rssBytes !== undefined) found.push({ pid, rssBytes });
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return found;
}

/** `name value` lines of a Prometheus text scrape, for unlabelled gauges; NaN when absent. */
export function gaugeValue(scrape: string, name: string): number {
  const line = scrape.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
}

export async function scrapeMetrics(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.text();
}

export interface StorageReading {
  readonly databaseBytes: number;
  readonly walBytes: number;
}

export interface StorageProbe {
  read(): Promise<StorageReading>;
  close(): Promise<void>;
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** The SQLite database file and its -wal file (absent between a close and the next open: 0). */
export function sqliteStorage(file: string): StorageProbe {
  return {
    read: () => Promise.resolve({ databaseBytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) }),
    close: () => Promise.resolve(),
  };
}

/** pg_database_size of the served database and the sum of pg_wal's files, over one admin connection. */
export async function postgresStorage(adminUrl: string, database: string): Promise<StorageProbe> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  return {
    async read() {
      const { rows } = await client.query<{ database: string; wal: string }>(
        'select pg_database_size($1)::text as database, (select coalesce(sum(size), 0) from pg_ls_waldir())::text as wal',
        [database],
      );
      return { databaseBytes: Number(rows[0]?.database), walBytes: Number(rows[0]?.wal) };
    },
    close: () => client.end(),
  };
}

/** A setting of the PostgreSQL server in bytes or seconds, as pg_settings states it with its unit. */
export async function postgresSetting(adminUrl: string, name: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string; unit: string | null }>(
      'select setting, unit from pg_settings where name = $1',
      [name],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`PostgreSQL has no setting ${name}`);
    const units: Record<string, number> = { B: 1, kB: 1024, '8kB': 8192, MB: 1024 ** 2, GB: 1024 ** 3, s: 1 };
    const unit = units[row.unit ?? 'B'];
    if (unit === undefined) throw new Error(`${name}'s unit ${row.unit} is not one the soak reads`);
    return Number(row.setting) * unit;
  } finally {
    await client.end();
  }
}
