import { loadConfig } from '../../src/config/config.js';
import { openStore, type Store } from '../../src/store-engine/index.js';
import { send, sleep, type Auth } from '../../test/support/payment-load.js';
import { acknowledgedChecks, check, moneyCheck, pendingSteps, type Check } from '../chaos/checks.js';
import { Cluster } from '../chaos/cluster.js';
import type { OrderRecord } from '../chaos/load.js';

const STATUS = '/payment/rest/getOrderStatusExtended.do';
const READ_BACK_CONNECTIONS = 8;

export interface RestoreVerdict {
  readonly checks: readonly Check[];
  readonly ordersChecked: number;
  /** From Gatehouse's start on the restored database until no step was pending. */
  readonly settledMs: number | undefined;
}

/** Orders the copy holds that were made after its moment: a restore that went too far. */
async function ordersAfter(store: Store, latestMs: number): Promise<string[]> {
  const rows = await store.db
    .selectFrom('orders')
    .select(['id', 'created_at_ms'])
    .where('created_at_ms', '>', latestMs)
    .execute();
  return rows.map((row) => `${row.id} made ${Number(row.created_at_ms) - latestMs} ms after`);
}

/** Each acknowledged order asked for through the restored Gatehouse, as a merchant would. */
async function apiReadBack(url: string, auth: Auth, records: readonly OrderRecord[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const record = records[next++]!;
      const outcome = await send(url, STATUS, { ...auth, orderId: record.orderId });
      const body = outcome.answered ? outcome.body : undefined;
      if (body?.errorCode !== '0' || body.amount !== record.amount)
        problems.push(
          `${record.flow} ${record.orderId}: ${outcome.answered ? outcome.text.slice(0, 120) : 'no answer'}`,
        );
    }
  };
  await Promise.all(Array.from({ length: READ_BACK_CONNECTIONS }, worker));
  return problems;
}

/**
 * Starts Gatehouse on a restored database (`env` names it), lets recovery finish the steps the
 * restore caught in flight, then checks the chaos run's invariants against what was acknowledged
 * before the restore's moment: every order reads back (in the database and through the API), the
 * money invariant against the sandbox acquirer's ledger, nothing pending, nothing after the moment.
 */
export async function verifyRestore(options: {
  readonly env: Readonly<Record<string, string>>;
  readonly logFd: number;
  readonly auth: Auth;
  readonly acknowledged: readonly OrderRecord[];
  /** No order of the copy can have been made after this. */
  readonly latestMs: number;
  readonly stepDeadlineMs: number;
  readonly log: (line: string) => void;
}): Promise<RestoreVerdict> {
  const { env, acknowledged } = options;
  const cluster = await Cluster.start(env, options.logFd, 1);
  const startedMs = Date.now();
  const store = openStore(loadConfig(env).database);
  try {
    const url = cluster.nodes[0]!.process!.url;
    options.log(`Gatehouse serving the restored database at ${url}`);
    let pending = await pendingSteps(store);
    options.log(`steps pending in the restored database: ${pending.length}`);
    while (pending.length > 0 && Date.now() - startedMs <= options.stepDeadlineMs) {
      await sleep(500);
      pending = await pendingSteps(store);
    }
    const settledMs = pending.length === 0 ? Date.now() - startedMs : undefined;
    options.log(`steps settled ${settledMs === undefined ? 'never' : `after ${settledMs} ms`}`);
    const money = await moneyCheck(store);
    const readBack = await apiReadBack(url, options.auth, acknowledged);
    const checks: Check[] = [
      await acknowledgedChecks(store, acknowledged),
      check(
        'acknowledged orders not read back through the API',
        readBack,
        `${readBack.length} of ${acknowledged.length}`,
      ),
      money.check,
      money.attention,
      check(`steps pending ${options.stepDeadlineMs} ms after the start`, pending),
      check('orders made after the restore point', await ordersAfter(store, options.latestMs)),
      check('nodes that ended by themselves', cluster.crashes),
    ];
    return { checks, ordersChecked: acknowledged.length, settledMs };
  } finally {
    await cluster.stop();
    await store.close();
  }
}
