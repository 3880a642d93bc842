import { callbackSigningString } from '../../src/domain/callback-checksum.js';
import type { Store } from '../../src/store-engine/index.js';
import { chargedBy, ledgersByOrder } from '../../test/support/acquirer-ledger.js';
import type { OrderRecord } from './load.js';
import type { ChaosReceiver } from './receiver.js';

/** One verdict of the run: its name, pass or fail, the figure and up to a few examples. */
export interface Check {
  readonly name: string;
  readonly passed: boolean;
  readonly figure: string;
  readonly examples: readonly string[];
}

/** The states an order ends in once nothing is left in flight for it. */
const FINAL_STATES: readonly number[] = [1, 2, 3, 4, 6];

interface StoredOrder {
  id: string;
  status: number;
  amount_minor: number;
  deposited_minor: number;
  refunded_minor: number;
  p2p_type: string | null;
}

export function check(name: string, problems: readonly string[], figure = `${problems.length}`): Check {
  return { name, passed: problems.length === 0, figure, examples: problems.slice(0, 5) };
}

/** Why an acknowledged order does not read back as its last acknowledged answer said, if it does not. */
function lostReason(record: OrderRecord, order: StoredOrder | undefined): string | undefined {
  if (order === undefined) return 'not in the database';
  if (Number(order.amount_minor) !== record.amount)
    return `amount ${order.amount_minor}, acknowledged ${record.amount}`;
  const deposited = Number(order.deposited_minor);
  const refunded = Number(order.refunded_minor);
  const seen = `status ${order.status}, deposited ${deposited}, refunded ${refunded}`;
  const expected = record.expected;
  if (expected === 'final')
    return FINAL_STATES.includes(order.status) ? undefined : `${seen}, never finished`;
  if (record.uncertain) {
    // A later step may or may not have happened: money only moves on from what was acknowledged.
    if (deposited < (expected.deposited ?? 0) || refunded < (expected.refunded ?? 0))
      return `${seen}; acknowledged ${JSON.stringify(expected)} before an unanswered step`;
    return undefined;
  }
  const wrong =
    (expected.status !== undefined && expected.status !== order.status) ||
    (expected.deposited !== undefined && expected.deposited !== deposited) ||
    (expected.refunded !== undefined && expected.refunded !== refunded);
  return wrong ? `${seen}; acknowledged ${JSON.stringify(expected)}` : undefined;
}

export async function acknowledgedChecks(store: Store, records: readonly OrderRecord[]): Promise<Check> {
  const orders = await store.db
    .selectFrom('orders')
    .select(['id', 'status', 'amount_minor', 'deposited_minor', 'refunded_minor', 'p2p_type'])
    .execute();
  const byId = new Map<string, StoredOrder>(orders.map((order) => [order.id, order]));
  const lost = records.flatMap((record) => {
    const reason = lostReason(record, byId.get(record.orderId));
    return reason === undefined ? [] : [`${record.flow} ${record.orderId}: ${reason}`];
  });
  return check('acknowledged operations lost', lost, `${lost.length} of ${records.length}`);
}

/**
 * The money invariants of test/integration/issue-23-fault-schedule.test.ts for every order: what
 * the sandbox acquirer's own ledger charged equals deposited less refunded; a transfer's credit is
 * the amount exactly when it was made (an OCT charges nothing and credits what it says).
 */
export async function moneyCheck(store: Store): Promise<{ check: Check; attention: Check }> {
  const orders = (await store.db
    .selectFrom('orders')
    .select(['id', 'status', 'amount_minor', 'deposited_minor', 'refunded_minor', 'p2p_type'])
    .execute()) as StoredOrder[];
  const attentionRows = await store.db
    .selectFrom('order_operations')
    .select(['order_id', 'kind'])
    .where('state', '=', 'needsAttention')
    .execute();
  const attention = new Set(attentionRows.map((row) => row.order_id));
  // An order with a step still pending has not settled yet: the pending check fails for it.
  const pendingRows = await store.db
    .selectFrom('order_operations')
    .select('order_id')
    .where('state', '=', 'pending')
    .execute();
  const unsettled = new Set(pendingRows.map((row) => row.order_id));
  const ledgers = await ledgersByOrder(store);
  const violations: string[] = [];
  for (const order of orders) {
    if (attention.has(order.id) || unsettled.has(order.id)) continue;
    const { charged, credited } = chargedBy(ledgers.get(order.id) ?? []);
    const says = Number(order.deposited_minor) - Number(order.refunded_minor);
    const story = `${order.id} (status ${order.status}, p2p ${order.p2p_type ?? '-'}): ledger charged ${charged}, credited ${credited}; order says ${says}`;
    if (order.p2p_type === 'OCT') {
      if (charged !== 0 || credited !== says) violations.push(story);
      continue;
    }
    if (charged !== says) violations.push(story);
    else if (order.p2p_type !== null) {
      const made = order.status === 2 && order.p2p_type !== 'AFT';
      if (credited !== (made ? Number(order.amount_minor) : 0))
        violations.push(`${story}; credit once, only when made`);
    }
  }
  return {
    check: check(
      'money-invariant violations',
      violations,
      `${violations.length} of ${orders.length - unsettled.size} settled orders (${unsettled.size} with a step pending)`,
    ),
    // No card of the load refuses reversals, so nothing the schedule did should need a person.
    attention: check(
      'steps needing attention',
      attentionRows.map((row) => `${row.kind} of order ${row.order_id}`),
    ),
  };
}

/** Steps still pending, each with how far its recovery got (tries, next try, lease, last error). */
export async function pendingSteps(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom('order_operations')
    .select(['order_id', 'kind', 'attempts', 'next_attempt_at_ms', 'claimed_until_ms', 'last_error'])
    .where('state', '=', 'pending')
    .execute();
  const nowMs = Date.now();
  const inSeconds = (ms: number | null) =>
    ms === null ? '-' : `${((Number(ms) - nowMs) / 1000).toFixed(0)} s`;
  return rows.map(
    (row) =>
      `${row.kind} of order ${row.order_id}: tries ${row.attempts}, next try in ${inSeconds(row.next_attempt_at_ms)}, ` +
      `claimed for ${inSeconds(row.claimed_until_ms)}, last error ${row.last_error ?? '-'}`,
  );
}

export async function undeliveredCallbacks(store: Store, receiver: ChaosReceiver): Promise<string[]> {
  const rows = await store.db
    .selectFrom('callbacks')
    .select(['id', 'state', 'params', 'operation'])
    .execute();
  return rows.flatMap((row) => {
    if (row.state !== 'delivered') return [`${row.id} (${row.operation}) ${row.state}`];
    const signed = callbackSigningString(JSON.parse(row.params) as Record<string, string>);
    return receiver.verified.has(signed)
      ? []
      : [`${row.id} (${row.operation}) delivered but never received with a valid checksum`];
  });
}

export async function callbackCount(store: Store): Promise<number> {
  const rows = await store.db.selectFrom('callbacks').select('id').execute();
  return rows.length;
}
