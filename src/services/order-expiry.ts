import type { Clock } from '../domain/clock.js';
import type { GroupCommit } from '../store-engine/index.js';
import { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { ExpiringOrder } from '../store/order-columns.js';
import type { PaymentEventSink } from './callbacks/payment-event.js';
import { paymentEventFor } from './callbacks/payment-event.js';

/**
 * Declines a registered order whose lifetime is over (status 6, actionCode -2007) and writes the
 * `declinedByTimeout` callback in the same unit. The change is guarded, so when a reader and the
 * job (or two nodes) race, one of them declines the order and only that one sends the callback.
 */
export class OrderExpiry {
  constructor(
    private readonly deadlines: OrderDeadlineRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
    private readonly emit: PaymentEventSink,
  ) {}

  /** Sandbox: the order's lifetime ends now, with its callback, as if its time had come. */
  async expireNow(order: ExpiringOrder): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    return this.writes.run(async (db) => {
      await OrderDeadlineRepository.endLifetime(db, order.id, nowMs);
      if (!(await this.deadlines.expireOne(db, order.id, nowMs))) return false;
      await this.emit(db, paymentEventFor(order, 'declinedByTimeout', false), nowMs);
      return true;
    });
  }

  async expire(order: ExpiringOrder): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    return this.writes.run(async (db) => {
      if (!(await this.deadlines.expireOne(db, order.id, nowMs))) return false;
      await this.emit(db, paymentEventFor(order, 'declinedByTimeout', false), nowMs);
      return true;
    });
  }
}
