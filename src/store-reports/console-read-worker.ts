import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { ConsoleOrderList } from './console-order-list.js';
import type { ConsoleReadRequest, ConsoleReadAnswer } from './console-read-thread.js';
import type { Database } from '../store/schema.js';

/*
 * The console's list reads on a thread and a connection of their own (see console-read-thread.ts):
 * a read-only connection to the same file, which WAL lets read beside the serving connection's
 * commits, each read seeing the last commit before it started. Runs until terminated.
 */
const { file, lockMs, hold } = workerData as {
  file: string;
  lockMs: number;
  hold?: Int32Array;
};
const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: lockMs });
const list = new ConsoleOrderList(new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }));

async function answer(request: ConsoleReadRequest): Promise<ConsoleReadAnswer> {
  // A test holds the reads here to see the serving thread answer while one is under way; the
  // second element counts the reads that reached the hold.
  if (hold !== undefined) {
    Atomics.add(hold, 1, 1);
    Atomics.wait(hold, 0, 0);
  }
  try {
    const result =
      request.method === 'page'
        ? await list.page(request.filter)
        : await list.count(request.filter, request.cap);
    return { id: request.id, result };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: ConsoleReadRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
