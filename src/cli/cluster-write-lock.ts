import cluster, { type Worker } from 'node:cluster';
import type { WriteLock } from '../store-engine/index.js';

/**
 * SQLite lets one process write at a time and makes the others wait by sleeping (1, 2, 5, 10 ms…),
 * which ruins latency when cluster workers commit all the time. Workers therefore take a token
 * from the primary, FIFO, over IPC before each group commit, so the database lock itself is never
 * contended. A worker that dies holding the token loses it.
 */
const ACQUIRE = 'gatehouse:write-lock:acquire';
const GRANTED = 'gatehouse:write-lock:granted';
const RELEASE = 'gatehouse:write-lock:release';

interface LockMessage {
  readonly type: string;
}

function isLockMessage(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as LockMessage).type === type;
}

/** In the primary: grants the token to one worker at a time, in request order. */
export function serveWriteLock(): void {
  const waiting: Worker[] = [];
  let holder: Worker | undefined;
  const grantNext = () => {
    while (holder === undefined && waiting.length > 0) {
      const next = waiting.shift();
      if (next !== undefined && next.isConnected()) {
        holder = next;
        next.send({ type: GRANTED });
      }
    }
  };
  cluster.on('message', (worker, message: unknown) => {
    if (isLockMessage(message, ACQUIRE)) {
      waiting.push(worker);
      grantNext();
    } else if (isLockMessage(message, RELEASE) && holder === worker) {
      holder = undefined;
      grantNext();
    }
  });
  cluster.on('exit', (worker) => {
    const index = waiting.indexOf(worker);
    if (index >= 0) waiting.splice(index, 1);
    if (holder === worker) {
      holder = undefined;
      grantNext();
    }
  });
}

/** In a worker: the token as a WriteLock. Requests queue locally, one request in flight. */
export function clusterWriteLock(): WriteLock {
  const granted: (() => void)[] = [];
  process.on('message', (message: unknown) => {
    if (isLockMessage(message, GRANTED)) granted.shift()?.();
  });
  return {
    acquire() {
      return new Promise((resolve) => {
        granted.push(() =>
          resolve(() => {
            process.send?.({ type: RELEASE });
          }),
        );
        process.send?.({ type: ACQUIRE });
      });
    },
  };
}
