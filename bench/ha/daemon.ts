import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';

/**
 * The user the HA cluster's programs run as. PostgreSQL refuses to run as root, and Patroni runs
 * it, so as root every program of the cluster runs as Debian's `postgres` user (as
 * test/support/throwaway-postgres.ts does); otherwise as whoever runs the trial.
 */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
  readonly home: string;
}

export function clusterUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g'), home: '/var/lib/postgresql' };
}

/** One long-running program of the cluster, started in the foreground and stopped by its pid only. */
export class Daemon {
  private child: ChildProcess | undefined;
  private exitedPromise: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: readonly string[],
    private readonly logFile: string,
    private readonly user: RunAs | undefined,
  ) {}

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  start(): void {
    if (this.pid !== undefined) throw new Error(`${this.name} is already running`);
    const log = openSync(this.logFile, 'a');
    const child = spawn(this.command, this.args, {
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        ...(this.user === undefined ? { HOME: process.env.HOME ?? '/tmp' } : { HOME: this.user.home }),
      },
      ...(this.user === undefined ? {} : { uid: this.user.uid, gid: this.user.gid }),
    });
    closeSync(log);
    this.child = child;
    this.exitedPromise = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Sends `signal` to this program's pid and waits until it has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', limitMs = 30_000): Promise<void> {
    const pid = this.pid;
    if (pid === undefined) return;
    process.kill(pid, signal);
    const timer = setTimeout(() => {
      if (this.pid === pid) process.kill(pid, 'SIGKILL');
    }, limitMs);
    await this.exitedPromise;
    clearTimeout(timer);
  }
}

/**
 * A PostgreSQL server's postmaster and every process it forked, from its data folder's
 * postmaster.pid and /proc: what a lost machine takes with it. Patroni starts the postmaster in a
 * session of its own, so killing Patroni does not reach it.
 */
export function postgresPids(dataDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
  // A file left by a server already gone may name a pid some other program has since been given.
  try {
    if (!readFileSync(`/proc/${postmaster}/cmdline`, 'utf8').includes(dataDir)) return [];
  } catch {
    return [];
  }
  const children = readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // The parent pid is the 4th field, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === postmaster ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
  return [postmaster, ...children];
}

/** SIGKILL to each pid that is still there. */
export function killPids(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
