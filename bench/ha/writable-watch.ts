import pg from 'pg';

/** A stretch of time in which no write committed through the watched address. */
export interface Gap {
  readonly startMs: number;
  readonly endMs: number;
}

const PROBE_EVERY_MS = 100;
const PROBE_LIMIT_MS = 1_000;

/**
 * Watches whether a writable primary answers behind an address (HAProxy's write port): every
 * 100 ms a transaction that must commit (`txid_current()` takes a transaction id, which a standby
 * refuses; in synchronous mode its commit waits for the standby). A probe that fails or takes
 * longer than a second opens a gap, the next one that commits closes it. The truth the trial and
 * the test measure Gatehouse against: the time without a writable primary per fault.
 */
export class WritableWatch {
  private client: pg.Client | undefined;
  private stopped = false;
  private gapStartMs: number | undefined;
  private lastOkMs = Date.now();
  readonly gaps: Gap[] = [];
  private readonly loop: Promise<void>;

  constructor(private readonly url: string) {
    this.loop = this.run();
  }

  /** Whether the last probe committed. */
  get writable(): boolean {
    return this.gapStartMs === undefined;
  }

  /** Resolves once no gap is open (the first probe that commits). */
  async untilWritable(limitMs = 60_000): Promise<void> {
    const deadlineMs = Date.now() + limitMs;
    while (!this.writable) {
      if (Date.now() > deadlineMs) throw new Error(`no writable primary within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Resolves once a gap has opened (the primary is gone) or the limit passed. */
  async untilGap(limitMs: number): Promise<void> {
    const deadlineMs = Date.now() + limitMs;
    while (this.writable && Date.now() < deadlineMs) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async stop(): Promise<Gap[]> {
    this.stopped = true;
    await this.loop;
    await this.client?.end().catch(() => undefined);
    return this.gaps;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const startedMs = Date.now();
      const ok = await this.probe();
      if (ok) {
        if (this.gapStartMs !== undefined) this.gaps.push({ startMs: this.gapStartMs, endMs: Date.now() });
        this.gapStartMs = undefined;
        this.lastOkMs = Date.now();
      } else {
        // The primary was last seen writable at the previous probe that committed.
        this.gapStartMs ??= this.lastOkMs;
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (Date.now() - startedMs))),
      );
    }
  }

  private async probe(): Promise<boolean> {
    try {
      if (this.client === undefined) {
        const client = new pg.Client({
          connectionString: this.url,
          connectionTimeoutMillis: PROBE_LIMIT_MS,
          query_timeout: PROBE_LIMIT_MS,
          application_name: 'ha-writable-watch',
        });
        client.on('error', () => undefined);
        this.client = client;
        await client.connect();
      }
      await this.client.query('select txid_current()');
      return true;
    } catch {
      const client = this.client;
      this.client = undefined;
      void client?.end().catch(() => undefined);
      return false;
    }
  }
}
