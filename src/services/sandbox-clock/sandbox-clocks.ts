import { CLOCK_MOVE_MAX_MS } from '../../domain/clock-duration.js';
import { invalidParam } from '../../domain/refusals.js';
import type { GroupCommit } from '../../store-engine/index.js';
import { SandboxClockRepository } from '../../store/sandbox-clock-repository.js';
import type { MerchantTime } from './merchant-time.js';

/** How a developer moves a clock: by a duration, or to a moment (never back). */
export type ClockMove = { readonly byMs: number } | { readonly toMs: number };

/** A merchant's clock as read now. */
export interface ClockReading {
  readonly nowMs: number;
  /** How far ahead of real time it reads; 0 on real time. */
  readonly offsetMs: number;
}

/**
 * The sandbox merchants' test clocks, kept in the database (every node reads the same) and in
 * this process's MerchantTime, which every service dates a merchant's work by. A clock only moves
 * forward; it goes back to real time only for a merchant with no orders yet.
 */
export class SandboxClocks {
  constructor(
    private readonly time: MerchantTime,
    private readonly repository: SandboxClockRepository,
    private readonly writes: GroupCommit,
  ) {}

  /** Takes every clock as the database holds it (another node may have moved one). */
  async refresh(): Promise<void> {
    const rows = await this.repository.all();
    this.time.load(rows.map((row) => ({ merchantId: row.merchant_id, offsetMs: row.offset_ms })));
  }

  read(merchantId: string): ClockReading {
    return { nowMs: this.time.nowOf(merchantId), offsetMs: this.time.offsetOf(merchantId) };
  }

  /** Where a move takes the merchant's clock; refused when it is not forward, or too far. */
  targetOf(merchantId: string, move: ClockMove): number {
    const nowMs = this.time.nowOf(merchantId);
    if ('byMs' in move) {
      if (!(move.byMs > 0 && move.byMs <= CLOCK_MOVE_MAX_MS))
        throw invalidParam('by', 'reason.clockDuration');
      return nowMs + move.byMs;
    }
    if (!(move.toMs > nowMs)) throw invalidParam('to', 'reason.future');
    if (move.toMs - nowMs > CLOCK_MOVE_MAX_MS) throw invalidParam('to', 'reason.clockDuration');
    return move.toMs;
  }

  /** Sets the merchant's clock to read `targetMs` now, unless it reads that or later already. */
  async moveTo(merchantId: string, targetMs: number): Promise<ClockReading> {
    const realMs = this.time.real.nowMs();
    const offsetMs = await this.writes.run((db) =>
      SandboxClockRepository.moveAhead(db, merchantId, Math.round(targetMs - realMs), realMs),
    );
    this.time.set(merchantId, offsetMs);
    return this.read(merchantId);
  }

  /** Back on real time, for a merchant with no orders (older orders would be dated after new ones). */
  async reset(merchantId: string): Promise<ClockReading> {
    if (!(await this.writes.run((db) => SandboxClockRepository.reset(db, merchantId))))
      throw invalidParam('merchant', 'reason.clockWithoutOrders');
    this.time.set(merchantId, 0);
    return this.read(merchantId);
  }
}
