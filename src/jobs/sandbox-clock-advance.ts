import type { SandboxClocks, ClockMove } from '../services/sandbox-clock/sandbox-clocks.js';
import type { MerchantTime } from '../services/sandbox-clock/merchant-time.js';
import type { OrderExpiry } from '../services/order-expiry.js';
import type { CallbackRepository } from '../store/callback-repository.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { AutomaticHoldActions, HoldAction } from './automatic-hold-job.js';
import type { CallbackDelivery } from './callback-delivery-job.js';
import type { ClockAdvanced, ClockEvent } from '../services/sandbox-clock/clock-advanced.js';

export type { ClockAdvanced, ClockEvent } from '../services/sandbox-clock/clock-advanced.js';

/** Due items one advance runs at most; what is left is the jobs' (on the merchant's clock). */
export const ADVANCE_ITEMS_MAX = 500;
/** Due items looked at per kind and step: an item refused for now is passed over for the next. */
const LOOK_AHEAD = 20;

interface DueItem {
  readonly atMs: number;
  readonly key: string;
  run(): Promise<ClockEvent[]>;
}

export interface ClockAdvanceDeps {
  readonly clocks: SandboxClocks;
  readonly time: MerchantTime;
  readonly deadlines: OrderDeadlineRepository;
  readonly expiry: OrderExpiry;
  readonly holds: AutomaticHoldActions;
  readonly callbacks: CallbackRepository;
  readonly delivery: CallbackDelivery;
}

/**
 * Moves a sandbox merchant's test clock and, before answering, runs everything of the merchant's
 * that became due on the way, in time order: the clock is stepped to each item's moment and the
 * item is run on it, so an order that expired before a hold's automatic reversal was due is
 * declined first, and each change is dated when it was due. The items are the jobs' own (expiry,
 * automatic hold actions, callback deliveries, retries included), run through the same services,
 * so a job on another node that takes one first is simply first: the guarded writes keep one.
 */
export class SandboxClockAdvance {
  constructor(private readonly deps: ClockAdvanceDeps) {}

  async advance(merchantId: string, move: ClockMove): Promise<ClockAdvanced> {
    const { clocks, time } = this.deps;
    await clocks.refresh();
    const fromMs = time.nowOf(merchantId);
    const toMs = clocks.targetOf(merchantId, move);
    const events: ClockEvent[] = [];
    const tried = new Set<string>();
    let moreDue = false;
    for (;;) {
      const next = await this.nextDue(merchantId, toMs, tried);
      if (next === undefined) break;
      if (tried.size >= ADVANCE_ITEMS_MAX) {
        moreDue = true;
        break;
      }
      tried.add(next.key);
      await clocks.moveTo(merchantId, next.atMs);
      const happened = await time.within(merchantId, () => next.run());
      // Dated when due, as the answer promises: the run itself takes real time on the clock.
      events.push(...happened.map((event) => ({ ...event, atMs: next.atMs })));
    }
    await clocks.moveTo(merchantId, toMs);
    return { fromMs, toMs: Math.max(toMs, time.nowOf(merchantId)), events, moreDue };
  }

  /** The merchant's earliest due item by `beforeMs` not yet tried in this advance. */
  private async nextDue(
    merchantId: string,
    beforeMs: number,
    tried: ReadonlySet<string>,
  ): Promise<DueItem | undefined> {
    const items = [
      ...(await this.expiries(merchantId, beforeMs)),
      ...(await this.holdActions(merchantId, beforeMs, 'complete')),
      ...(await this.holdActions(merchantId, beforeMs, 'reverse')),
      ...(await this.callbackRun(merchantId, beforeMs)),
    ].filter((item) => !tried.has(item.key));
    // Stable: at one moment an expiry, then the holds, then the callbacks they wrote.
    return items.reduce<DueItem | undefined>(
      (earliest, item) => (earliest === undefined || item.atMs < earliest.atMs ? item : earliest),
      undefined,
    );
  }

  private async expiries(merchantId: string, beforeMs: number): Promise<DueItem[]> {
    const due = await this.deps.deadlines.dueForExpiry(beforeMs, LOOK_AHEAD, merchantId);
    return due.map((order) => ({
      atMs: Number(order.expires_at_ms),
      key: `expire ${order.id}`,
      run: async (): Promise<ClockEvent[]> =>
        (await this.deps.expiry.expire(order))
          ? [
              {
                atMs: this.deps.time.nowOf(merchantId),
                what: 'expired',
                orderId: order.id,
                orderNumber: order.order_number,
              },
            ]
          : [],
    }));
  }

  private async holdActions(merchantId: string, beforeMs: number, action: HoldAction): Promise<DueItem[]> {
    const due = await this.deps.deadlines.dueForAutomaticAction(action, beforeMs, LOOK_AHEAD, merchantId);
    const what = action === 'complete' ? 'completed' : 'reversed';
    return due.map((order) => ({
      atMs: Number(action === 'complete' ? order.auto_complete_at_ms : order.auto_reverse_at_ms),
      key: `${action} ${order.id}`,
      run: async (): Promise<ClockEvent[]> =>
        (await this.deps.holds.run(order, action)) === 'done'
          ? [
              {
                atMs: this.deps.time.nowOf(merchantId),
                what,
                orderId: order.id,
                orderNumber: order.order_number,
              },
            ]
          : [],
    }));
  }

  private async callbackRun(merchantId: string, beforeMs: number): Promise<DueItem[]> {
    const atMs = await this.deps.callbacks.nextDue(merchantId, beforeMs, this.deps.time.real.nowMs());
    if (atMs === undefined) return [];
    return [
      {
        atMs,
        key: `callbacks ${String(atMs)}`,
        run: async (): Promise<ClockEvent[]> => {
          const outcomes = await this.deps.delivery.deliverDue({
            merchantId,
            nowMs: this.deps.time.nowOf(merchantId),
          });
          return outcomes.map((outcome) => ({
            atMs: this.deps.time.nowOf(merchantId),
            what: 'callback',
            outcome,
          }));
        },
      },
    ];
  }
}
