import type { OrderRow } from '../../store/schema.js';
import { roleHas, type ConsoleRight, type OperatorRole } from '../../domain/operator-roles.js';

/** The operator a console request acts for, as its session proved. */
export interface Operator {
  readonly id: string;
  readonly email: string;
  readonly role: OperatorRole;
  /** The merchants the operator may see; undefined: every merchant. */
  readonly merchantIds?: ReadonlySet<string>;
  /** Digest of the session's token. */
  readonly sessionId: string;
}

/** What a refused attempt was aimed at, for its audit entry; empty when it was no one record. */
export interface ForbiddenSubject {
  /** The action's name as the audit names it when done (`refund`); the right's name otherwise. */
  readonly action?: string;
  readonly merchantId?: string;
  readonly orderId?: string;
  readonly amountMinor?: number;
  readonly currency?: string;
}

/**
 * A console action or read the operator may not do; the page answers 403 (or 404 for a record)
 * and the attempt is audited.
 */
export class ConsoleForbidden extends Error {
  override readonly name = 'ConsoleForbidden';

  constructor(
    readonly right: ConsoleRight,
    readonly subject: ForbiddenSubject = {},
  ) {
    super(`the right ${right} is needed`);
  }
}

/** Something the operator asked for that does not exist, or exists outside their merchants. */
export class ConsoleNotFound extends Error {
  override readonly name = 'ConsoleNotFound';
}

export function requireRight(operator: Operator, right: ConsoleRight, subject?: ForbiddenSubject): void {
  if (!roleHas(operator.role, right)) throw new ConsoleForbidden(right, subject);
}

export function seesMerchant(operator: Operator, merchantId: string): boolean {
  return operator.merchantIds === undefined || operator.merchantIds.has(merchantId);
}

/** The merchant ids a query is limited to, or undefined for every merchant. */
export function merchantLimit(operator: Operator): readonly string[] | undefined {
  return operator.merchantIds === undefined ? undefined : [...operator.merchantIds];
}

/** The order as `operator` may see it, or ConsoleNotFound: never "it exists, but elsewhere". */
export async function visibleOrder(
  orders: { order(id: string): Promise<OrderRow | undefined> },
  operator: Operator,
  orderId: string,
): Promise<OrderRow> {
  const order = await orders.order(orderId);
  if (order === undefined || !seesMerchant(operator, order.merchant_id)) throw new ConsoleNotFound(orderId);
  return order;
}
