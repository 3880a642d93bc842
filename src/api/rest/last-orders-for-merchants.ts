import { LANGUAGES } from '../../i18n/languages.js';
import { ORDER_STATUS, type OrderStatus } from '../../domain/order-status.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { MerchantDirectory } from '../../services/merchant-directory.js';
import type { OrderReport } from '../../services/order-report.js';
import { defineOperation, type Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { bool, compactDateTime, integerRange, oneOf, text } from '../params/scalar-types.js';
import type { ValueType } from '../params/value-type.js';
import { orderStatusExtendedView } from './order-status-view.js';
import { arrayOf, described, INTEGER, joined, object } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { ORDER_STATUS_EXTENDED_SCHEMA } from './order-status-schemas.js';

/** The vendor documents `size` with a maximum of 200 orders per page; a bigger one is refused. */
export const LAST_ORDERS_PAGE_SIZE_MAX = 200;
/** Pages are numbered from 0; a bound keeps page × size a plain integer on both engines. */
export const LAST_ORDERS_PAGE_MAX = 1_000_000;
/** Merchants one report may name in `merchants`. */
export const LAST_ORDERS_MERCHANTS_MAX = 100;

/**
 * `transactionStates` values and the order statuses each selects. CREATED covers an order whose
 * customer is at the ACS (status 5): it is not paid yet either.
 */
export const TRANSACTION_STATES = {
  CREATED: [ORDER_STATUS.registered, ORDER_STATUS.acsStarted],
  APPROVED: [ORDER_STATUS.approved],
  DEPOSITED: [ORDER_STATUS.deposited],
  DECLINED: [ORDER_STATUS.declined],
  REVERSED: [ORDER_STATUS.reversed],
  REFUNDED: [ORDER_STATUS.refunded],
} as const satisfies Record<string, readonly OrderStatus[]>;

type TransactionState = keyof typeof TRANSACTION_STATES;

/** Statuses an order can have once the issuer answered and it was not declined: what a payment-date search finds. */
const PAID_STATUSES: ReadonlySet<number> = new Set([
  ORDER_STATUS.approved,
  ORDER_STATUS.deposited,
  ORDER_STATUS.reversed,
  ORDER_STATUS.refunded,
]);

/**
 * A comma-separated list of text items, blanks dropped and repeats merged. A list of blanks only is
 * missing when `required`, else empty.
 */
function commaList<T extends string>(
  maxLength: number,
  item: (value: string, path: string) => T,
  { required, maxItems }: { required: boolean; maxItems?: number },
): ValueType<T[]> {
  const base = text(1, maxLength);
  return {
    doc: { ...base.doc, format: 'comma-separated' },
    parse(raw, path) {
      const items = [
        ...new Set(
          base
            .parse(raw, path)
            .split(',')
            .map((value) => value.trim())
            .filter((value) => value !== '')
            .map((value) => item(value, path)),
        ),
      ];
      if (required && items.length === 0) throw new Refusal('PARAM_MISSING', { param: path });
      if (maxItems !== undefined && items.length > maxItems) {
        throw invalidParam(path, 'reason.itemsMax', { max: maxItems });
      }
      return items;
    },
  };
}

const STATE_NAMES = Object.keys(TRANSACTION_STATES) as TransactionState[];

function transactionState(value: string, path: string): TransactionState {
  const name = value.toUpperCase();
  if (!Object.hasOwn(TRANSACTION_STATES, name)) {
    throw invalidParam(path, 'reason.oneOf', { values: STATE_NAMES.join(', ') });
  }
  return name as TransactionState;
}

const MERCHANT_LOGINS = commaList(8192, (login) => login, {
  required: false,
  maxItems: LAST_ORDERS_MERCHANTS_MAX,
});

/** In the vendor's order (its table and the client libraries agree on the names). */
const LAST_ORDERS_PARAMS = [
  param('language', 'optional', oneOf(LANGUAGES)),
  param('page', 'optional', integerRange(0, LAST_ORDERS_PAGE_MAX), { note: 'from 0; default 0' }),
  // The vendor lists size as mandatory, but the PHP client most merchants use sends it only when
  // its caller does: without it a page is the largest one
  // (docs/decisions/0073-getlastordersformerchantsdo-parameters-order-and-scope.md).
  param('size', 'optional', integerRange(1, LAST_ORDERS_PAGE_SIZE_MAX), {
    note: `orders per page; default ${LAST_ORDERS_PAGE_SIZE_MAX}`,
  }),
  param('from', 'mandatory', compactDateTime(), { note: 'UTC, inclusive' }),
  param('to', 'mandatory', compactDateTime(), { note: 'UTC, inclusive; not before from' }),
  param('transactionStates', 'mandatory', commaList(256, transactionState, { required: true }), {
    note: STATE_NAMES.join(', '),
  }),
  param('merchants', 'optional', MERCHANT_LOGINS, {
    note: 'logins; empty: the caller and every merchant it may see',
  }),
  param('searchByCreatedDate', 'optional', bool(), {
    note: 'true: the period is of registration; false (default): of payment, so no CREATED or DECLINED',
  }),
] as const;

const LAST_ORDERS_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      orderStatuses: arrayOf(
        ORDER_STATUS_EXTENDED_SCHEMA,
        'Each order as getOrderStatusExtended.do answers it',
      ),
      totalCount: described(INTEGER, 'Orders of the period in all pages'),
      page: described(INTEGER, 'This page, from 0'),
      pageSize: INTEGER,
    },
    { required: 'all' },
  ),
]);

export interface LastOrdersServices {
  readonly merchants: MerchantDirectory;
  readonly reports: OrderReport;
}

/** getLastOrdersForMerchants.do: the orders of a period, a page at a time, for reconciliation. */
export function getLastOrdersForMerchants(services: LastOrdersServices): Operation {
  return defineOperation({
    path: '/payment/rest/getLastOrdersForMerchants.do',
    encoding: 'form',
    envelope: 'rest',
    summary: "Lists the orders of a period for the caller's merchants, newest first, a page at a time",
    params: LAST_ORDERS_PARAMS,
    answer: LAST_ORDERS_ANSWER_SCHEMA,
    async handle(params, context) {
      if (params.to < params.from) throw invalidParam('to', 'reason.notBefore', { other: 'from' });
      const scope = await services.merchants.reportScope(context.caller, params.merchants);
      const searchByCreatedDate = params.searchByCreatedDate === true;
      const statuses = params.transactionStates
        .flatMap((state): readonly number[] => TRANSACTION_STATES[state])
        .filter((status) => searchByCreatedDate || PAID_STATUSES.has(status));
      const page = params.page ?? 0;
      const { orders, totalCount } = await services.reports.lastOrders({
        merchantIds: scope.map((merchant) => merchant.id),
        searchByCreatedDate,
        fromMs: params.from,
        // `to` names a second: all of it is in the period.
        toMs: params.to + 999,
        statuses,
        page,
        size: params.size ?? LAST_ORDERS_PAGE_SIZE_MAX,
      });
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        orderStatuses: orders.map(({ order, refunds }) => orderStatusExtendedView(order, context, refunds)),
        totalCount,
        page,
        pageSize: params.size ?? LAST_ORDERS_PAGE_SIZE_MAX,
      };
    },
  });
}
