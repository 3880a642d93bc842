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

/** Every operation the sandbox acquirer holds for an order, oldest first. */
export async function ledgerOf(gh: TestGatehouse, orderId: string): Promise<LedgerCall[]> {
  const rows = await gh.gatehouse.store.db
    .selectFrom('sandbox_acquirer_operations')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at_ms')
    .execute();
  return rows.map((row) => ({
    operationId: row.operation_id,
    call: row.call,
    originalId: row.original_id,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    answer: JSON.parse(row.answer) as Record<string, unknown>,
    calls: Number(row.calls),
  }));
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
