import type {
  ConsoleOrderSummary,
  Keyset,
  StoryAuthentication,
  StoryCallback,
  StoryOperation,
} from '../../domain/console-order-views.js';
import type { AuditListEntry, AuditRepository } from '../../store/audit-repository.js';
import type { ConsoleOrderFilter } from '../../store-reports/console-order-filter.js';
import type { ConsoleOrderReads } from '../../store-reports/console-order-list.js';
import type { ConsoleOrderRepository } from '../../store-reports/console-order-repository.js';
import type { CallbackAttemptRow, ConsoleAuditRow, OrderPageVisitRow, OrderRow } from '../../store/schema.js';
import { keyedOf, unindexedOf } from '../../store-reports/console-order-filter.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { merchantLimit, requireRight, seesMerchant, visibleOrder, type Operator } from './operator.js';

export const ORDER_PAGE_SIZE = 50;
/** Orders are counted up to this many; past it the page says "more than". */
export const COUNT_CAP = 10_000;

/** One page of the list, with where its neighbours start and how many orders the filter names. */
export interface OrderPage {
  readonly orders: readonly ConsoleOrderSummary[];
  /** The orders of the page with a money step waiting for a person. */
  readonly waiting: ReadonlySet<string>;
  /**
   * The older page: after the page's last order, or, when a bounded window of a filter no index
   * serves ended before the page was full, after the window (`window` true: "search older").
   */
  readonly older?: { readonly keyset: Keyset; readonly window: boolean };
  /** The newer page: before the page's first order, or the list's start. */
  readonly newer?: Keyset | 'start';
  /** Orders the filter names, counted up to COUNT_CAP + 1 (more than COUNT_CAP). */
  readonly count: number;
  /** The count is of the filter's first window (a filter no index serves). */
  readonly countWindowed: boolean;
}

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

function keysetOf(row: { readonly created_at_ms: number; readonly id: string }): Keyset {
  return { createdAtMs: row.created_at_ms, id: row.id };
}

export type ConsoleOrderQuery = Omit<ConsoleOrderFilter, 'merchantIds' | 'limit'>;

/** What the console reads: always within the operator's merchants and rights. */
export class ConsoleOrders {
  constructor(
    private readonly list_: ConsoleOrderReads,
    private readonly orders: ConsoleOrderRepository,
    private readonly audit: AuditRepository,
    private readonly directory: MerchantDirectory,
  ) {}

  /** One page, newest first, from the query's keyset in either direction, with the count. */
  async list(operator: Operator, query: ConsoleOrderQuery): Promise<OrderPage> {
    requireRight(operator, 'orders.view');
    const filter = this.scoped(operator, query, ORDER_PAGE_SIZE + 1);
    const [page, count] = await Promise.all([
      this.list_.page(filter),
      this.list_.count(filter, COUNT_CAP + 1),
    ]);
    const countWindowed = unindexedOf(filter) && !keyedOf(filter);
    let rows = page.rows;
    const more = rows.length > ORDER_PAGE_SIZE;
    rows = rows.slice(0, ORDER_PAGE_SIZE);
    if (query.before !== undefined) {
      // Nothing newer than this page: it is the list's start, read as such (a full first page).
      if (!more && page.windowEnd === undefined) return this.list(operator, { ...query, before: undefined });
      rows = [...rows].reverse();
      const newest = rows[0];
      const oldest = rows.at(-1);
      const newer = more && newest !== undefined ? keysetOf(newest) : page.windowEnd;
      return {
        orders: rows,
        waiting: await this.orders.waitingAmong(rows.map((row) => row.id)),
        older: { keyset: oldest === undefined ? query.before : keysetOf(oldest), window: false },
        ...(newer === undefined ? {} : { newer }),
        count,
        countWindowed,
      };
    }
    const last = rows.at(-1);
    const older =
      more && last !== undefined
        ? { keyset: keysetOf(last), window: false }
        : page.windowEnd === undefined
          ? undefined
          : { keyset: page.windowEnd, window: true };
    const first = rows[0];
    const newer = query.after === undefined ? undefined : first === undefined ? 'start' : keysetOf(first);
    return {
      orders: rows,
      waiting: await this.orders.waitingAmong(rows.map((row) => row.id)),
      ...(older === undefined ? {} : { older }),
      ...(newer === undefined ? {} : { newer }),
      count,
      countWindowed,
    };
  }

  /** The query within the operator's merchants. */
  scoped(operator: Operator, query: ConsoleOrderQuery, limit: number): ConsoleOrderFilter {
    const merchants = merchantLimit(operator);
    return { ...query, ...(merchants === undefined ? {} : { merchantIds: merchants }), limit };
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
