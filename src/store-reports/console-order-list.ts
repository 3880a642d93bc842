import { WINDOW_ROWS, type ConsoleOrderSummary, type Keyset } from '../domain/console-order-views.js';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { SearchKey } from '../domain/console-search-key.js';
import { UNPAID } from '../domain/order-status.js';
import {
  indexedPartOf,
  keyedOf,
  SUMMARY_COLUMNS,
  unindexedOf,
  type ConsoleOrderFilter,
} from './console-order-filter.js';
import { isSqlite } from '../store-engine/index.js';
import { EMAIL_EXPRESSION, phoneExpression } from './order-search-expressions.js';
import type { Database } from '../store/schema.js';

/** More merchants than this are filtered with `in` (one query part per merchant up to it). */
const MERCHANTS_APART = 50;

export type Direction = 'older' | 'newer';

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/**
 * The merchants a list is limited to: the operator's limit, narrowed to the merchant filter;
 * undefined for every merchant.
 */
function merchantsOf(filter: ConsoleOrderFilter): readonly string[] | undefined {
  const { merchantId, merchantIds } = filter;
  if (merchantId === undefined) return merchantIds === undefined ? undefined : [...new Set(merchantIds)];
  return merchantIds === undefined || merchantIds.includes(merchantId) ? [merchantId] : [];
}

/** The list's reads, on the calling thread (ConsoleOrderList) or on a thread of their own. */
export interface ConsoleOrderReads {
  /** `limit` orders in `direction` from the keyset, and the window's end when it ended first. */
  page(filter: ConsoleOrderFilter): Promise<{ rows: ConsoleOrderSummary[]; windowEnd?: Keyset }>;
  /** How many orders the filter names, counted up to `cap`. */
  count(filter: ConsoleOrderFilter, cap: number): Promise<number>;
}

/** A part of a list: its orders, the window's bound, and which search key (if any) it reads by. */
interface Part {
  readonly filter: ConsoleOrderFilter;
  readonly merchants: readonly string[] | undefined;
  readonly key?: SearchKey;
  /** The far end of a bounded window, inclusive. */
  readonly edge?: Keyset;
}

/**
 * The console's order list and its count, keyset-paginated on (created_at_ms, id) in both
 * directions: each page starts from an index position, so the hundredth page costs what the first
 * does. The operator's merchants are in the filter (the caller always sets them).
 *
 * No request reads an unbounded part of the table: a search key is read from its own index;
 * filters an index gives in the list's order read one page of it; filters none does (payment way,
 * transfer type, DCC, amount, currency) are searched among WINDOW_ROWS orders the indexed filters
 * give, and the page says where that window ended so the operator may search on from there.
 */
export class ConsoleOrderList implements ConsoleOrderReads {
  private readonly sqlite: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    /** A test's smaller window, to see the bound at work on a few orders. */
    private readonly windowRows = WINDOW_ROWS,
  ) {
    this.sqlite = isSqlite(db as Kysely<unknown>);
  }

  /** `limit` orders in `direction` from the keyset, and the window's end when it ended first. */
  async page(filter: ConsoleOrderFilter): Promise<{ rows: ConsoleOrderSummary[]; windowEnd?: Keyset }> {
    const direction: Direction = filter.before !== undefined ? 'newer' : 'older';
    const edge = await this.windowEdge(filter, direction);
    const parts = this.parts(filter, edge);
    if (parts.length === 0) return { rows: [] };
    const queries = parts.map((part) =>
      ordered(this.where(this.base(part).select(SUMMARY_COLUMNS), part, direction), direction, filter.limit),
    );
    const rows = await this.combined<ConsoleOrderSummary>(queries, direction, filter.limit, parts);
    return edge !== undefined && rows.length < filter.limit ? { rows, windowEnd: edge } : { rows };
  }

  /**
   * How many orders the filter names, counted up to `cap` (a bounded read: more is "more than"),
   * from the list's start. A windowed filter is counted in its first window.
   */
  async count(filter: ConsoleOrderFilter, cap: number): Promise<number> {
    const start: ConsoleOrderFilter = { ...filter, after: undefined, before: undefined };
    const edge = await this.windowEdge(start, 'older');
    const parts = this.parts(start, edge);
    if (parts.length === 0) return 0;
    const queries = parts.map((part) =>
      this.where(this.base(part).select('orders.id'), part, 'older').limit(cap),
    );
    const joiner = parts.some((part) => part.key !== undefined) ? sql` union ` : sql` union all `;
    const union = sql.join(
      queries.map((query) => sql`select id from (${query}) as part`),
      joiner,
    );
    const result = await sql<{ n: number | string }>`select count(*) as n from (${union}) as matches`.execute(
      this.db,
    );
    return Math.min(cap, Number(result.rows[0]?.n ?? 0));
  }

  /**
   * The last of the WINDOW_ROWS orders the filter's indexed part gives from its keyset, when the
   * filter has unindexed members and no key; undefined when there is no window (or fewer orders).
   * Read from the indexes alone: their keys, never the rows.
   */
  private async windowEdge(filter: ConsoleOrderFilter, direction: Direction): Promise<Keyset | undefined> {
    if (!unindexedOf(filter) || keyedOf(filter)) return undefined;
    const parts = this.parts(indexedPartOf(filter), undefined);
    if (parts.length === 0) return undefined;
    const keys = parts.map((part) =>
      ordered(
        this.where(this.base(part).select(['orders.created_at_ms', 'orders.id']), part, direction),
        direction,
        this.windowRows,
      ),
    );
    const way = direction === 'older' ? sql`desc` : sql`asc`;
    const union = sql.join(
      keys.map((query) => sql`select created_at_ms, id from (${query}) as part`),
      sql` union all `,
    );
    const result = await sql<{
      created_at_ms: number | string;
      id: string;
    }>`select created_at_ms, id from (${union}) as window_keys order by created_at_ms ${way}, id ${way} limit 1 offset ${this.windowRows - 1}`.execute(
      this.db,
    );
    const row = result.rows[0];
    return row === undefined ? undefined : { createdAtMs: Number(row.created_at_ms), id: row.id };
  }

  /**
   * The parts a list is read in, merged in order afterwards: one per search key (each from its
   * own index); else, for a few merchants, one per merchant from `orders_report_created`
   * (merchant_id, created_at_ms, id), as `merchant_id in (...)` has no index that gives its rows
   * in the list's order (SQLite sorted every order of those merchants; PostgreSQL read the whole
   * list's order until it had skipped every other merchant); else one.
   */
  private parts(filter: ConsoleOrderFilter, edge: Keyset | undefined): Part[] {
    const merchants = merchantsOf(filter);
    if (merchants !== undefined && merchants.length === 0) return [];
    const bound = edge === undefined ? {} : { edge };
    if (filter.search !== undefined && filter.search.length > 0)
      return filter.search.map((key) => ({ filter, merchants, key, ...bound }));
    if (merchants === undefined || merchants.length === 1 || merchants.length > MERCHANTS_APART)
      return [{ filter, merchants, ...bound }];
    return merchants.map((merchantId) => ({ filter, merchants: [merchantId], ...bound }));
  }

  /** The rows of the parts, merged: one statement, ordered and limited again as a whole. */
  private async combined<R>(
    queries: readonly SelectQueryBuilder<Database, 'orders', R>[],
    direction: Direction,
    limit: number,
    parts: readonly Part[],
  ): Promise<R[]> {
    if (queries.length === 1) return queries[0]!.execute();
    const way = direction === 'older' ? sql`desc` : sql`asc`;
    // Several search keys can name the same order: `union` keeps it once.
    const joiner = parts.some((part) => part.key !== undefined) ? sql` union ` : sql` union all `;
    const union = sql.join(
      queries.map((query) => sql`select * from (${query}) as part`),
      joiner,
    );
    const result =
      await sql<R>`select * from (${union}) as page order by created_at_ms ${way}, id ${way} limit ${limit}`.execute(
        this.db,
      );
    return result.rows;
  }

  /**
   * The orders of the money steps waiting for a person: the steps come from
   * `order_operations_open` (partial: state in ('pending', 'needsAttention'), a condition the query
   * repeats in literals so both engines may use the index), and each step's order by its key. They
   * are few, so sorting them is cheap; `exists` for each order had walked the whole list (every
   * order of the gateway, or of the merchant or status filtered by) to find them. CROSS JOIN keeps
   * SQLite's loops in that order (its documented way to fix the outer table); PostgreSQL plans it
   * as any inner join.
   */
  private base(part: Part): OrdersQuery {
    if (part.filter.needsAttention !== true) return this.db.selectFrom('orders');
    const steps = this.db
      .selectFrom('order_operations')
      .select('order_operations.order_id')
      .distinct()
      .where(sql<boolean>`order_operations.state in ('pending', 'needsAttention')`)
      .where(sql<boolean>`order_operations.state = 'needsAttention'`);
    return this.db
      .selectFrom(steps.as('waiting'))
      .crossJoin('orders')
      .whereRef('orders.id', '=', 'waiting.order_id');
  }

  /**
   * The filters, each one as an index can serve it (migrations 0008, 0019, 0020, 0022, 0025).
   *
   * SQLite keeps no statistics here, so where two indexes could lead it picks by their shape, and
   * picked badly in the cases below (each measured at a million orders): there the repository
   * writes the term that must not lead with a unary plus, which SQLite cannot search an index
   * with. PostgreSQL chooses by its statistics and gets the plain terms. Beside a search key, every
   * other term is such a term: the key's index is to lead.
   */
  private where<O>(
    query: SelectQueryBuilder<Database, 'orders', O>,
    part: Part,
    direction: Direction,
  ): SelectQueryBuilder<Database, 'orders', O> {
    const { filter, merchants, key } = part;
    const follow = this.sqlite && key !== undefined;
    const plain = (column: string): RawBuilder<unknown> =>
      follow ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
    const unpaid = filter.status !== undefined && UNPAID.some((status) => status === filter.status);
    if (merchants !== undefined) {
      // One merchant and an unpaid status: the few unpaid orders (`orders_status_expiry`) lead;
      // SQLite had read the whole merchant's index for them. An order number is read from its
      // (merchant_id, order_number) key, merchant first.
      const byNumber = key?.kind === 'orderNumber';
      const merchant =
        this.sqlite && (unpaid || (follow && !byNumber))
          ? sql<string>`+${sql.ref('orders.merchant_id')}`
          : sql.ref('orders.merchant_id');
      query =
        merchants.length === 1
          ? query.where(merchant, '=', merchants[0]!)
          : query.where(merchant, 'in', merchants);
    } else if (
      key?.kind === 'orderNumber' ||
      (key === undefined && filter.orderNumber !== undefined && filter.orderId === undefined)
    ) {
      // An order number is unique per merchant: each merchant's (merchant_id, order_number) key,
      // where the number alone, in no index, read every order.
      query = query.where('orders.merchant_id', 'in', (eb) =>
        eb.selectFrom('merchants').select('merchants.id'),
      );
    }
    if (key !== undefined) query = withKey(query, key, this.sqlite);
    if (filter.orderId !== undefined) query = query.where('orders.id', '=', filter.orderId);
    if (filter.orderNumber !== undefined) query = query.where('orders.order_number', '=', filter.orderNumber);
    if (filter.status !== undefined) {
      if (follow || (this.sqlite && merchants?.length === 1 && !unpaid)) {
        // One merchant's orders of a paid status are read from the merchant's index, which holds
        // the status too (`orders_report_created`): the rows it skips are skipped inside the index,
        // never more than the merchant has. SQLite took `orders_console_status` and looked every
        // order of the status up in the table for its merchant (all the gateway's deposited
        // orders for a small merchant's last page).
        query = query.where(sql<number>`+${sql.ref('orders.status')}`, '=', filter.status);
      } else {
        query = query.where('orders.status', '=', filter.status);
        // `orders_console_status` holds every status but the unpaid ones (0, 5); its condition,
        // repeated literally, lets both engines use it, when the status is to lead: not beside
        // the rarer filters (an id, an order number, the last four digits, steps waiting for a
        // person), which SQLite had then read through the status. Unpaid orders are few (the
        // expiry job declines them): `orders_status_expiry` finds them and they are sorted.
        if (!unpaid && !keyedOf(filter)) query = query.where(sql<boolean>`orders.status not in (0, 5)`);
      }
    }
    if (filter.fromMs !== undefined) query = query.where(plain('orders.created_at_ms'), '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where(plain('orders.created_at_ms'), '<', filter.toMs);
    if (filter.minAmount !== undefined) query = query.where('orders.amount_minor', '>=', filter.minAmount);
    if (filter.maxAmount !== undefined) query = query.where('orders.amount_minor', '<=', filter.maxAmount);
    if (filter.currency !== undefined) query = query.where('orders.currency', '=', filter.currency);
    if (filter.lastFour !== undefined) query = withLastFour(query, filter.lastFour);
    if (filter.paymentWay !== undefined) query = query.where('orders.payment_way', '=', filter.paymentWay);
    if (filter.p2pType !== undefined) query = query.where('orders.p2p_type', '=', filter.p2pType);
    if (filter.dcc !== undefined)
      query = query.where('orders.dcc_currency', filter.dcc ? 'is not' : 'is', null);
    const from = direction === 'older' ? filter.after : filter.before;
    if (from !== undefined) query = query.where(this.beyond(from, direction === 'older' ? '<' : '>', follow));
    if (part.edge !== undefined)
      query = query.where(this.beyond(part.edge, direction === 'older' ? '>=' : '<=', false));
    return query;
  }

  /**
   * A row value: one range of (created_at_ms, id) for the index on both engines, where the same
   * test spelled with `or` made SQLite merge two index searches and sort their rows. Beside a
   * search key, SQLite gets it with unary pluses: the key's index leads, not the list's.
   *
   * PostgreSQL also gets the bound on created_at_ms alone, which the row value implies: it prices
   * each row comparison apart (as its first column's bound), so a keyset deep in the list with a
   * window's end beside it (a page of a windowed search, after "search older") was taken for a
   * quarter of the merchant's orders instead of 2,000. That estimate put the page's statement
   * over `jit_above_cost`, and compiling it took 0.4–0.95 s for a read of 2 ms (a limited
   * operator's SAMSUNG_PAY list at its hundredth page, issue 43). A range on one column is priced
   * as a range, from its histogram.
   */
  private beyond(keyset: Keyset, operator: '<' | '>' | '>=' | '<=', follow: boolean): RawBuilder<boolean> {
    const columns = follow
      ? sql`(+orders.created_at_ms, +orders.id)`
      : sql`(${sql.ref('orders.created_at_ms')}, ${sql.ref('orders.id')})`;
    const row = sql<boolean>`${columns} ${sql.raw(operator)} (${keyset.createdAtMs}, ${keyset.id})`;
    if (this.sqlite) return row;
    const bound = operator === '<' || operator === '<=' ? '<=' : '>=';
    return sql<boolean>`${row} and ${sql.ref('orders.created_at_ms')} ${sql.raw(bound)} ${keyset.createdAtMs}`;
  }
}

function ordered<O>(query: SelectQueryBuilder<Database, 'orders', O>, direction: Direction, limit: number) {
  const way = direction === 'older' ? 'desc' : 'asc';
  return query.orderBy('orders.created_at_ms', way).orderBy('orders.id', way).limit(limit);
}

/**
 * The expression of `orders_console_last_four`, character for character (an expression index
 * serves only its own expression); `is not null` is that index's condition. Equal to the masked
 * number's last characters, where `like '%1234'` read the whole table.
 */
function withLastFour<O>(query: SelectQueryBuilder<Database, 'orders', O>, lastFour: string) {
  return query
    .where('orders.card_masked_pan', 'is not', null)
    .where(sql<string>`substr(orders.card_masked_pan, length(orders.card_masked_pan) - 3)`, '=', lastFour);
}

/** The term of one search key, on its index's expression (each index's condition repeated). */
function withKey<O>(query: SelectQueryBuilder<Database, 'orders', O>, key: SearchKey, sqlite: boolean) {
  switch (key.kind) {
    case 'orderNumber':
      return query.where('orders.order_number', '=', key.value);
    case 'orderId':
      return query.where('orders.id', '=', key.value);
    case 'lastFour':
      return withLastFour(query, key.value);
    case 'card':
      // The last four's index gives the few orders; the first six are checked on them.
      return withLastFour(query, key.lastFour).where(
        sql<string>`substr(orders.card_masked_pan, 1, 6)`,
        '=',
        key.firstSix,
      );
    case 'email':
      return query
        .where('orders.email', 'is not', null)
        .where(EMAIL_EXPRESSION, '=', sql<string>`lower(${key.value})`);
    case 'phone':
      return query.where('orders.payer_data', 'is not', null).where(phoneExpression(sqlite), '=', key.value);
    case 'clientId':
      return query.where('orders.client_id', 'is not', null).where('orders.client_id', '=', key.value);
    case 'bindingId':
      return query.where('orders.binding_id', 'is not', null).where('orders.binding_id', '=', key.value);
    case 'rrn':
    case 'approvalCode': {
      const column = key.kind === 'rrn' ? 'order_operations.rrn' : 'order_operations.approval_code';
      return query.where('orders.id', 'in', (eb) =>
        eb
          .selectFrom('order_operations')
          .select('order_operations.order_id')
          .where(column, 'is not', null)
          .where(column, '=', key.value),
      );
    }
  }
}
