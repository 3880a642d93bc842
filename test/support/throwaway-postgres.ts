import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/**
 * A throwaway PostgreSQL server: the test runner's (scripts/run-tests.js), the fuzz run's and the
 * crash trial's. initdb into a temp folder, fsync off, a free port, stopped and removed by `stop`.
 * Undefined when PostgreSQL's tools are not installed.
 */
export interface ThrowawayPostgres {
  /** An administrator URL on the `postgres` database, as GATEHOUSE_TEST_PG_URL expects. */
  readonly url: string;
  /** The folder of PostgreSQL's programs (pgbench for the bench). */
  readonly bin: string;
  /** Stops the server and keeps its data: clients get their connections refused until `resume`. */
  halt(): void;
  resume(): void;
  /**
   * SIGSTOP to the postmaster and every child of it: the server keeps its connections open and
   * answers nothing, as a host that hangs or a network that drops packets; `thaw` sends SIGCONT.
   */
  freeze(): void;
  thaw(): void;
  /** A crash and a restart at once (`pg_ctl restart -m immediate`): every connection is cut, recovery replays the WAL. */
  restart(): void;
  stop(): void;
}

/** The folder holding pg_ctl and initdb, or undefined when PostgreSQL is not installed. */
export function findPgBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return join(onPath, '..');
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(base, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb')));
}

/** The postmaster (from its pid file) and its children (from /proc). */
function serverProcesses(data: string): number[] {
  // A stopped server has no pid file, and nothing to signal.
  if (!existsSync(join(data, 'postmaster.pid'))) return [];
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent pid is the second field after the parenthesised command name.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** initdb refuses to run as root; the Debian package's postgres user runs the server then. */
function run(command: string, args: readonly string[]): void {
  const [cmd, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

export async function startThrowawayPostgres(
  bin: string | undefined = findPgBin(),
  /** Keep PostgreSQL's default durability (fsync on): the bench measures what production runs. */
  options: { durable?: boolean } = {},
): Promise<ThrowawayPostgres | undefined> {
  if (bin === undefined) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable === true ? '' : ' -c fsync=off'} -c max_connections=300`;
  const pgCtl = (...args: string[]) =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), ...args]);
  const start = () => pgCtl('-w', '-t', '60', '-o', serverOptions, 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    halt: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    freeze: () => serverProcesses(data).forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => serverProcesses(data).forEach((pid) => process.kill(pid, 'SIGCONT')),
    restart: () => pgCtl('-m', 'immediate', '-w', '-t', '60', '-o', serverOptions, 'restart'),
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
