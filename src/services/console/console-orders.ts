import type { AuditListEntry, AuditRepository } from '../../store/audit-repository.js';
import type {
  ConsoleOrderFilter,
  ConsoleOrderRepository,
  ConsoleOrderSummary,
  StoryAuthentication,
  StoryCallback,
  StoryOperation,
} from '../../store/console-order-repository.js';
import type { CallbackAttemptRow, ConsoleAuditRow, OrderPageVisitRow, OrderRow } from '../../store/schema.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { merchantLimit, requireRight, seesMerchant, visibleOrder, type Operator } from './operator.js';

export const ORDER_PAGE_SIZE = 50;

/** An order's whole story: the row and everything that happened to it, each with its time. */
export interface OrderStory {
  readonly order: OrderRow;
  readonly merchantLogin: string;
  readonly operations: readonly StoryOperation[];
  readonly authentications: readonly StoryAuthentication[];
  readonly callbacks: readonly StoryCallback[];
  /** Each delivery attempt of the callbacks above. */
  readonly callbackAttempts: readonly CallbackAttemptRow[];
  /** Each time the customer's browser opened the order's page. */
  readonly visits: readonly OrderPageVisitRow[];
  readonly actions: readonly ConsoleAuditRow[];
}

export type ConsoleOrderQuery = Omit<ConsoleOrderFilter, 'merchantIds' | 'limit'>;

/** What the console reads: always within the operator's merchants and rights. */
export class ConsoleOrders {
  constructor(
    private readonly orders: ConsoleOrderRepository,
    private readonly audit: AuditRepository,
    private readonly directory: MerchantDirectory,
  ) {}

  /** One page, newest first, and the keyset of the next page when there is one. */
  async list(
    operator: Operator,
    query: ConsoleOrderQuery,
  ): Promise<{ orders: ConsoleOrderSummary[]; next?: { createdAtMs: number; id: string } }> {
    requireRight(operator, 'orders.view');
    const limit = merchantLimit(operator);
    const rows = await this.orders.list({
      ...query,
      ...(limit === undefined ? {} : { merchantIds: limit }),
      limit: ORDER_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, ORDER_PAGE_SIZE);
    const last = page.at(-1);
    return rows.length > ORDER_PAGE_SIZE && last !== undefined
      ? { orders: page, next: { createdAtMs: last.created_at_ms, id: last.id } }
      : { orders: page };
  }

  async story(operator: Operator, orderId: string): Promise<OrderStory> {
    requireRight(operator, 'orders.view');
    const order = await visibleOrder(this.orders, operator, orderId);
    const [operations, authentications, callbacks, visits, actions, merchant] = await Promise.all([
      this.orders.operations(order.id),
      this.orders.authentications(order.id),
      this.orders.callbacks(order.id),
      this.orders.visits(order.id),
      this.orders.audit(order.id),
      this.directory.byId(order.merchant_id),
    ]);
    const callbackAttempts = await this.orders.callbackAttempts(callbacks.map((callback) => callback.id));
    return {
      order,
      merchantLogin: merchant?.login ?? order.merchant_id,
      operations,
      authentications,
      callbacks,
      callbackAttempts,
      visits,
      actions,
    };
  }

  /** The audit log within the operator's merchants (entries of no merchant: admins only). */
  async auditLog(
    operator: Operator,
    filter: {
      operatorEmail?: string;
      action?: string;
      orderId?: string;
      before?: { atMs: number; id: string };
    },
  ): Promise<AuditListEntry[]> {
    requireRight(operator, 'audit.view');
    const limit = merchantLimit(operator);
    return this.audit.list({
      ...filter,
      ...(limit === undefined ? {} : { merchantIds: limit }),
      limit: ORDER_PAGE_SIZE,
    });
  }

  /** The merchants the operator may pick in filters: login and id. */
  async merchants(operator: Operator): Promise<{ id: string; login: string }[]> {
    const all = await this.directory.all();
    return all
      .filter((merchant) => seesMerchant(operator, merchant.id))
      .map((merchant) => ({ id: merchant.id, login: merchant.login }));
  }
}
