import type { LedgerEntry, SandboxLedger } from './sandbox-ledger.js';

/** The sandbox acquirer's memory in one process's memory: for unit tests and tools without a database. */
export class MemoryLedger implements SandboxLedger {
  readonly entries = new Map<string, LedgerEntry>();

  find(operationId: string): Promise<LedgerEntry | undefined> {
    return Promise.resolve(this.entries.get(operationId));
  }

  behaviourOf(operationId: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(operationId)?.behaviour);
  }

  insert(entry: Omit<LedgerEntry, 'calls'>): Promise<boolean> {
    if (this.entries.has(entry.operationId)) return Promise.resolve(false);
    this.entries.set(entry.operationId, { ...entry, calls: 1 });
    return Promise.resolve(true);
  }

  resend(operationId: string, _seenCalls: number, answer: string | undefined): Promise<void> {
    const entry = this.entries.get(operationId);
    if (entry !== undefined)
      this.entries.set(operationId, { ...entry, calls: entry.calls + 1, answer: answer ?? entry.answer });
    return Promise.resolve();
  }
}
