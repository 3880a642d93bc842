import type { Store } from '../../src/store-engine/index.js';
import type { TestGatehouse } from './gatehouse-harness.js';

/** One call the sandbox acquirer recorded: its own ledger, not a copy of the gateway's. */
export interface LedgerCall {
  readonly operationId: string;
  readonly call: string;
  readonly originalId: string | null;
  readonly amountMinor: number;
  readonly currency: string;
  readonly answer: Record<string, unknown>;
  readonly calls: number;
}

type LedgerRow = {
  operation_id: string;
  call: string;
  original_id: string | null;
  amount_minor: number | string | bigint;
  currency: string;
  answer: string;
  calls: number | string | bigint;
};

function ledgerCall(row: LedgerRow): LedgerCall {
  return {
    operationId: row.operation_id,
    call: row.call,
    originalId: row.original_id,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    answer: JSON.parse(row.answer) as Record<string, unknown>,
    calls: Number(row.calls),
  };
}

/** Every operation the sandbox acquirer holds for an order, oldest first. */
export async function ledgerOf(gh: TestGatehouse, orderId: string): Promise<LedgerCall[]> {
  const rows = await gh.gatehouse.store.db
    .selectFrom('sandbox_acquirer_operations')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at_ms')
    .execute();
  return rows.map(ledgerCall);
}

/** The whole ledger by order, oldest first in each: one read for a run's every order. */
export async function ledgersByOrder(store: Store): Promise<Map<string, LedgerCall[]>> {
  const rows = await store.db
    .selectFrom('sandbox_acquirer_operations')
    .selectAll()
    .orderBy('created_at_ms')
    .execute();
  const byOrder = new Map<string, LedgerCall[]>();
  for (const row of rows) {
    const calls = byOrder.get(row.order_id) ?? [];
    calls.push(ledgerCall(row));
    byOrder.set(row.order_id, calls);
  }
  return byOrder;
}

/** The money an order's ledger moved: what the acquirer itself took from and gave to cards. */
export function movedBy(entries: readonly LedgerCall[]): { taken: number; given: number; credited: number } {
  let taken = 0;
  let given = 0;
  let credited = 0;
  for (const entry of entries) {
    const done = entry.answer.approved === true || entry.answer.outcome === 'reversed';
    if (!done) continue;
    if (entry.call === 'sale' || entry.call === 'debit' || entry.call === 'capture')
      taken += entry.amountMinor;
    if (entry.call === 'refund' || entry.call === 'reverse') given += entry.amountMinor;
    if (entry.call === 'credit') credited += entry.amountMinor;
  }
  return { taken, given, credited };
}

/**
 * What the acquirer's ledger says an order's cards were charged, net (sales, captures, debits less
 * refunds and reversals of them), and what it still holds on them (holds neither captured nor
 * released), so a hold recovery never releases shows.
 */
export function chargedBy(entries: readonly LedgerCall[]): {
  charged: number;
  credited: number;
  held: number;
} {
  const byId = new Map(entries.map((entry) => [entry.operationId, entry]));
  let charged = 0;
  let credited = 0;
  let held = 0;
  let captured = false;
  for (const entry of entries) {
    if (entry.answer.approved !== true && entry.answer.outcome !== 'reversed') continue;
    if (entry.call === 'sale' || entry.call === 'debit') charged += entry.amountMinor;
    if (entry.call === 'hold') held += entry.amountMinor;
    if (entry.call === 'capture') {
      charged += entry.amountMinor;
      captured = true;
      // A capture ends the hold: what it did not take is released with it.
      held = 0;
    }
    if (entry.call === 'refund') charged -= entry.amountMinor;
    if (entry.call === 'credit') credited += entry.amountMinor;
    if (entry.call === 'reverse') {
      const original = entry.originalId === null ? undefined : byId.get(entry.originalId);
      // A hold's reversal releases it; after its capture it gives the captured money back.
      if (original?.call === 'sale' || original?.call === 'debit' || (original?.call === 'hold' && captured))
        charged -= entry.amountMinor;
      else if (original?.call === 'hold') held -= entry.amountMinor;
    }
  }
  return { charged, credited, held };
}
