import type { ConsoleOrderSummary, Keyset } from '../domain/console-order-views.js';
import { Worker } from 'node:worker_threads';
import type { ConsoleOrderFilter } from './console-order-filter.js';
import { ConsoleOrderList, type ConsoleOrderReads } from './console-order-list.js';
import { DEFAULT_DATABASE_LIMITS, type Store } from '../store-engine/index.js';

export type ConsoleReadRequest =
  | { readonly id: number; readonly method: 'page'; readonly filter: ConsoleOrderFilter }
  | {
      readonly id: number;
      readonly method: 'count';
      readonly filter: ConsoleOrderFilter;
      readonly cap: number;
    };

export type ConsoleReadAnswer =
  { readonly id: number; readonly result: unknown } | { readonly id: number; readonly error: string };

interface Waiting {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/**
 * The console's list, search and export reads on SQLite, run on a worker thread with its own
 * read-only connection (console-read-worker.ts). better-sqlite3 runs each statement on the calling
 * thread: on the serving thread, a list's statements (up to a window of orders each) held every
 * payment request that arrived meanwhile (issue 43: a status request waited 13–145 ms beside a
 * list at a million orders). The thread starts at the first read and holds the process open only
 * while a read is under way; a thread that dies fails its reads and is started again by the next.
 */
export class ConsoleReadThread implements ConsoleOrderReads {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly file: string,
    private readonly options: {
      /** How long a read waits for a lock (the serving connection's busy timeout). */
      readonly lockMs: number;
      /** Tests only: each read waits while this array's first element is 0 (its second counts
       * the reads that reached the hold). */
      readonly hold?: Int32Array;
    },
  ) {}

  page(filter: ConsoleOrderFilter): Promise<{ rows: ConsoleOrderSummary[]; windowEnd?: Keyset }> {
    return this.call({ id: this.nextId++, method: 'page', filter }) as Promise<{
      rows: ConsoleOrderSummary[];
      windowEnd?: Keyset;
    }>;
  }

  count(filter: ConsoleOrderFilter, cap: number): Promise<number> {
    return this.call({ id: this.nextId++, method: 'count', filter, cap }) as Promise<number>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }

  private call(request: ConsoleReadRequest): Promise<unknown> {
    const worker = this.started();
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(new URL('./console-read-worker.js', import.meta.url), {
      workerData: {
        file: this.file,
        lockMs: this.options.lockMs,
        ...(this.options.hold === undefined ? {} : { hold: this.options.hold }),
      },
    });
    worker.unref();
    worker.on('message', (answer: ConsoleReadAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (waiting === undefined) return;
      if ('error' in answer) waiting.reject(new Error(`console read: ${answer.error}`));
      else waiting.resolve(answer.result);
    });
    const ended = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the console's read thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/**
 * The console's list reads for a store: on their own thread for a SQLite file; on the store's
 * connections otherwise (PostgreSQL reads in its own processes; an in-memory database has no file
 * another connection could open).
 */
export function consoleOrderReads(
  store: Store,
  hold?: Int32Array,
): { reads: ConsoleOrderReads; close(): Promise<void> } {
  const { location } = store;
  if (location.engine !== 'sqlite' || location.file === ':memory:')
    return { reads: new ConsoleOrderList(store.db), close: () => Promise.resolve() };
  const thread = new ConsoleReadThread(location.file, {
    lockMs: (location.limits ?? DEFAULT_DATABASE_LIMITS).lockMs,
    ...(hold === undefined ? {} : { hold }),
  });
  return { reads: thread, close: () => thread.close() };
}
