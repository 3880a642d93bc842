import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const BIN = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const START_DEADLINE_MS = 30_000;
const START_ATTEMPTS = 3;

/** `gatehouse serve` running as a process of its own, as an operator runs it. */
export interface GatehouseProcess {
  readonly url: string;
  /** Resolves when the process has ended, killed or by itself. */
  readonly exited: Promise<void>;
  /** SIGKILL to the process and its cluster workers at once (a crash); resolves once it is gone. */
  kill(): Promise<void>;
}

/** Started and not yet seen to exit: what `killGatehouseProcesses` ends. */
const live = new Set<ChildProcess>();
let cleanupInstalled = false;

/** Each server leads a process group of its own, so one signal reaches its workers too. */
function killGroup(child: ChildProcess): void {
  if (!live.has(child) || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** Kills every server this process started that is still running (after hooks, exit, signals). */
export function killGatehouseProcesses(): void {
  for (const child of live) killGroup(child);
}

/**
 * The servers are detached (their own process groups), so neither a Ctrl-C in a terminal nor the
 * test runner stopping this process reaches them: end them on the way out.
 */
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', killGatehouseProcesses);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killGatehouseProcesses();
      // With no other handler left, the signal's default action ends this process as it would have.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

async function becomesHealthy(url: string, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadlineMs = Date.now() + START_DEADLINE_MS;
  while (!gone && Date.now() < deadlineMs) {
    try {
      if ((await fetch(`${url}/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Starts `node bin/gatehouse.js serve` with `env` on a fresh free port, its stdout and stderr
 * appended to `logFd`, and waits for /health. A port taken between the probe and the listen makes
 * the server exit; it is then tried again on another port.
 */
export async function startGatehouseProcess(
  env: Readonly<Record<string, string>>,
  logFd: number,
): Promise<GatehouseProcess> {
  installCleanup();
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', logFd, logFd],
      detached: true,
    });
    live.add(child);
    const exited = new Promise<void>((resolve) => {
      const gone = () => {
        live.delete(child);
        resolve();
      };
      child.once('exit', gone);
      child.once('error', gone);
    });
    const kill = async () => {
      killGroup(child);
      await exited;
    };
    const url = `http://127.0.0.1:${port}`;
    if (await becomesHealthy(url, exited)) return { url, exited, kill };
    await kill();
  }
  throw new Error(`gatehouse serve did not answer /health after ${START_ATTEMPTS} starts; see its log`);
}
