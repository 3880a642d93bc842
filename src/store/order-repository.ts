import { sql, type Kysely } from 'kysely';
import { ACTION_CODE } from '../domain/action-codes.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { preparedQuery, type Executor } from './prepared-query.js';
import type {
  Database,
  OrderOperationRow,
  OrderRegistrationColumns,
  OrderRow,
  OrdersTable,
} from './schema.js';

export type NewOrder = OrderRegistrationColumns;

/** The order's status and amounts before a full reversal, kept on its operation row. */
export interface ReversalPrior {
  readonly status: number;
  readonly approved_minor: number;
  readonly deposited_minor: number;
}

/** What expiring an order needs to know of it. */
export type ExpiringOrder = Pick<OrderRow, 'id' | 'merchant_id' | 'order_number' | 'dynamic_callback_url'>;

export interface PaymentClaim {
  readonly orderId: string;
  readonly attemptId: string;
  readonly paymentWay: string;
  readonly maskedPan: string;
  readonly expiry: string;
  readonly cardholderName: string | null;
  readonly network: string;
  readonly twoPhase: boolean;
  readonly autoCompleteAtMs: number | null;
  readonly autoReverseAtMs: number | null;
  /** JSON of the 3-D Secure result the authorization carries, if the customer authenticated. */
  readonly secureAuth: string | null;
  readonly tii: string | null;
  /** The stored credential paid with; an order registered with a bindingId keeps that one otherwise. */
  readonly bindingId: string | null;
  readonly nowMs: number;
}

export interface AuthorizationOutcome {
  readonly orderId: string;
  readonly attemptId: string;
  readonly status: number;
  readonly actionCode: number;
  readonly approvalCode: string | null;
  readonly rrn: string | null;
  readonly paymentNetRefNum: string | null;
  readonly terminalId: string | null;
  readonly authRefNum: string | null;
  readonly approvedMinor: number;
  readonly depositedMinor: number;
  readonly nowMs: number;
}

/** An order nobody has paid yet: registered, or with its customer at the issuer's ACS. */
const UNPAID = [ORDER_STATUS.registered, ORDER_STATUS.acsStarted];

/** Column order of a prepared insert: every column of the row. */
const ORDER_COLUMNS = [
  'id',
  'merchant_id',
  'registered_by_merchant_id',
  'order_number',
  'amount_minor',
  'currency',
  'fee_minor',
  'two_phase',
  'status',
  'action_code',
  'created_at_ms',
  'expires_at_ms',
  'updated_at_ms',
  'language',
  'description',
  'return_url',
  'fail_url',
  'dynamic_callback_url',
  'client_id',
  'ip',
  'email',
  'post_address',
  'cardholder_name',
  'binding_id',
  'mcc',
  'mvv',
  'features',
  'json_params',
  'order_bundle',
  'payer_data',
  'marketplace',
  'payment_facilitator',
] as const satisfies readonly (keyof NewOrder)[];

/** A registration row plus the columns a payment claim sets. */
/** What a payment claim sets on the order. */
const CLAIM_COLUMNS = [
  'payment_attempt_id',
  'payment_way',
  'card_masked_pan',
  'card_expiry',
  'card_holder',
  'card_network',
  'two_phase',
  'auto_complete_at_ms',
  'auto_reverse_at_ms',
  'secure_auth',
  'tii',
  'binding_id',
  'updated_at_ms',
] as const satisfies readonly (keyof OrdersTable)[];

/** What an authorization's outcome sets on the order. */
const OUTCOME_COLUMNS = [
  'status',
  'action_code',
  'approval_code',
  'rrn',
  'payment_net_ref_num',
  'terminal_id',
  'auth_ref_num',
  'auth_at_ms',
  'approved_minor',
  'deposited_minor',
  'deposited_at_ms',
  'updated_at_ms',
] as const satisfies readonly (keyof OrdersTable)[];

/** A registration row plus what the claim adds (some columns are in both lists: written once). */
const CLAIMED_ORDER_COLUMNS = [...new Set([...ORDER_COLUMNS, ...CLAIM_COLUMNS])];

/** The payment columns of an order nobody has paid yet, as registration leaves them. */
export const UNPAID_PAYMENT_COLUMNS = {
  payment_attempt_id: null,
  payment_way: null,
  card_masked_pan: null,
  card_expiry: null,
  card_holder: null,
  card_network: null,
  approval_code: null,
  rrn: null,
  payment_net_ref_num: null,
  terminal_id: null,
  auth_ref_num: null,
  auth_at_ms: null,
  deposited_at_ms: null,
  reversed_at_ms: null,
  refunded_at_ms: null,
  auto_complete_at_ms: null,
  auto_reverse_at_ms: null,
  secure_auth: null,
  tii: null,
  approved_minor: 0,
  deposited_minor: 0,
  refunded_minor: 0,
} as const satisfies Omit<OrderRow, keyof NewOrder>;

/** The order's columns after `claim`; `bindingId` is the order's own when the claim names none. */
export function claimColumns(
  claim: PaymentClaim,
  bindingId: string | null,
): Pick<OrderRow, (typeof CLAIM_COLUMNS)[number]> {
  return {
    payment_attempt_id: claim.attemptId,
    payment_way: claim.paymentWay,
    card_masked_pan: claim.maskedPan,
    card_expiry: claim.expiry,
    card_holder: claim.cardholderName,
    card_network: claim.network,
    two_phase: claim.twoPhase ? 1 : 0,
    auto_complete_at_ms: claim.autoCompleteAtMs,
    auto_reverse_at_ms: claim.autoReverseAtMs,
    secure_auth: claim.secureAuth,
    tii: claim.tii,
    binding_id: claim.bindingId ?? bindingId,
    updated_at_ms: claim.nowMs,
  };
}

/** The order's columns after an authorization's outcome. */
export function outcomeColumns(
  outcome: AuthorizationOutcome,
): Pick<OrderRow, (typeof OUTCOME_COLUMNS)[number]> {
  return {
    status: outcome.status,
    action_code: outcome.actionCode,
    approval_code: outcome.approvalCode,
    rrn: outcome.rrn,
    payment_net_ref_num: outcome.paymentNetRefNum,
    terminal_id: outcome.terminalId,
    auth_ref_num: outcome.authRefNum,
    auth_at_ms: outcome.nowMs,
    approved_minor: outcome.approvedMinor,
    deposited_minor: outcome.depositedMinor,
    deposited_at_ms: outcome.depositedMinor > 0 ? outcome.nowMs : null,
    updated_at_ms: outcome.nowMs,
  };
}

const OPERATION_COLUMNS = [
  'id',
  'order_id',
  'merchant_id',
  'kind',
  'state',
  'amount_minor',
  'currency',
  'action_code',
  'rrn',
  'approval_code',
  'external_id',
  'details',
  'prior',
  'created_at_ms',
  'completed_at_ms',
] as const satisfies readonly (keyof OrderOperationRow)[];

// A type test: adding a registration column without adding it here fails to compile.
type MissingColumns = Exclude<keyof NewOrder, (typeof ORDER_COLUMNS)[number]>;
const allColumnsListed: MissingColumns extends never ? true : MissingColumns = true;
void allColumnsListed;
type MissingOperationColumns = Exclude<keyof OrderOperationRow, (typeof OPERATION_COLUMNS)[number]>;
const allOperationColumnsListed: MissingOperationColumns extends never ? true : MissingOperationColumns =
  true;
void allOperationColumnsListed;

/** Orders, always read through the merchant that owns them. */
export class OrderRepository {
  private readonly insertOrder = preparedQuery(
    (db, ...values: unknown[]) =>
      db
        .insertInto('orders')
        .values(
          Object.fromEntries(
            ORDER_COLUMNS.map((column, index) => [column, values[index]]),
          ) as unknown as NewOrder,
        ),
    ORDER_COLUMNS.length,
  );

  private readonly orderById = preparedQuery(
    (db, merchantId: string, orderId: string) =>
      db.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).where('id', '=', orderId),
    2,
  );

  private readonly orderByNumber = preparedQuery(
    (db, merchantId: string, orderNumber: string) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('order_number', '=', orderNumber),
    2,
  );

  /** Registration and claim in one statement (instantPayment.do): the order goes in claimed. */
  private readonly insertClaimedOrder = preparedQuery(
    (db, ...values: unknown[]) =>
      db
        .insertInto('orders')
        .values(
          Object.fromEntries(
            CLAIMED_ORDER_COLUMNS.map((column, index) => [column, values[index]]),
          ) as unknown as NewOrder,
        ),
    CLAIMED_ORDER_COLUMNS.length,
  );

  /** The claim, guarded: still unpaid, unclaimed and alive. Arguments: CLAIM_COLUMNS, id, now. */
  private readonly claim = preparedQuery((db, ...values: unknown[]) => {
    const at = CLAIM_COLUMNS.length;
    return db
      .updateTable('orders')
      .set(
        Object.fromEntries(
          CLAIM_COLUMNS.map((column, index) => [
            column,
            // A claim without a binding keeps the one the order was registered with.
            column === 'binding_id' ? sql`coalesce(${values[index]}, binding_id)` : values[index],
          ]),
        ),
      )
      .where('id', '=', values[at] as string)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '>', values[at + 1] as number);
  }, CLAIM_COLUMNS.length + 2);

  /** The outcome, guarded by the claiming attempt. Arguments: OUTCOME_COLUMNS, id, attempt. */
  private readonly recordOutcome = preparedQuery((db, ...values: unknown[]) => {
    const at = OUTCOME_COLUMNS.length;
    return db
      .updateTable('orders')
      .set(Object.fromEntries(OUTCOME_COLUMNS.map((column, index) => [column, values[index]])))
      .where('id', '=', values[at] as string)
      .where('payment_attempt_id', '=', values[at + 1] as string)
      .where('status', 'in', UNPAID);
  }, OUTCOME_COLUMNS.length + 2);

  private readonly insertOperationRow = preparedQuery(
    (db, ...values: unknown[]) =>
      db
        .insertInto('order_operations')
        .values(
          Object.fromEntries(
            OPERATION_COLUMNS.map((column, index) => [column, values[index]]),
          ) as unknown as OrderOperationRow,
        ),
    OPERATION_COLUMNS.length,
  );

  private readonly completeOperationRow = preparedQuery(
    (db, ...v: unknown[]) =>
      db
        .updateTable('order_operations')
        .set({
          state: v[0] as string,
          action_code: v[1] as number,
          rrn: v[2] as string,
          approval_code: v[3] as string,
          completed_at_ms: v[4] as number,
        })
        .where('id', '=', v[5] as string),
    6,
  );

  constructor(private readonly db: Kysely<Database>) {}

  /** Inside the caller's unit: the order row, already claimed by a payment attempt. */
  async insertClaimedIn(db: Executor, order: NewOrder, claim: PaymentClaim): Promise<void> {
    const claimed: Record<string, unknown> = { ...order, ...claimColumns(claim, order.binding_id) };
    await this.insertClaimedOrder(db, ...CLAIMED_ORDER_COLUMNS.map((column) => claimed[column]));
  }

  /** Inside the caller's unit; a reused order number fails with a unique violation. */
  async insertIn(db: Executor, order: NewOrder): Promise<void> {
    await this.insertOrder(db, ...ORDER_COLUMNS.map((column) => order[column]));
  }

  async findById(merchantId: string, orderId: string): Promise<OrderRow | undefined> {
    return (await this.orderById(this.db, merchantId, orderId)).rows[0];
  }

  async findByNumber(merchantId: string, orderNumber: string): Promise<OrderRow | undefined> {
    return (await this.orderByNumber(this.db, merchantId, orderNumber)).rows[0];
  }

  /**
   * Claims a registered, live order for one payment attempt and records the card summary. Only
   * one attempt can ever hold an order: the guard is the attempt column itself.
   */
  async claimForPayment(db: Executor, claim: PaymentClaim): Promise<boolean> {
    // The claim names its binding, or NULL so the statement keeps the order's own.
    const columns = claimColumns(claim, null);
    const result = await this.claim(
      db,
      ...CLAIM_COLUMNS.map((column) => columns[column]),
      claim.orderId,
      claim.nowMs,
    );
    return result.numAffectedRows === 1n;
  }

  /** The authorization's outcome, guarded by the attempt that claimed the order. */
  async recordAuthorization(db: Executor, outcome: AuthorizationOutcome): Promise<boolean> {
    const columns = outcomeColumns(outcome);
    const result = await this.recordOutcome(
      db,
      ...OUTCOME_COLUMNS.map((column) => columns[column]),
      outcome.orderId,
      outcome.attemptId,
    );
    return result.numAffectedRows === 1n;
  }

  /** Capture of a hold: once, at most the approved amount. */
  async applyDeposit(db: Executor, orderId: string, amountMinor: number, nowMs: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.deposited,
        deposited_minor: amountMinor,
        deposited_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.approved)
      .where('approved_minor', '>=', amountMinor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Part of a hold released; the rest stays held. Never the whole: that is a full reversal. */
  async applyPartialReversal(
    db: Executor,
    orderId: string,
    amountMinor: number,
    nowMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set((eb) => ({ approved_minor: eb('approved_minor', '-', amountMinor), updated_at_ms: nowMs }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.approved)
      .where('approved_minor', '>', amountMinor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The whole authorization released: from a hold, or from a payment nothing was refunded of. */
  async applyFullReversal(db: Executor, orderId: string, nowMs: number): Promise<OrderRow | undefined> {
    const before = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (before === undefined) return undefined;
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.reversed,
        approved_minor: 0,
        deposited_minor: 0,
        reversed_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', 'in', [ORDER_STATUS.approved, ORDER_STATUS.deposited])
      .where('refunded_minor', '=', 0)
      .where('approved_minor', '=', before.approved_minor)
      .where('deposited_minor', '=', before.deposited_minor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n ? before : undefined;
  }

  /** A refund within what is left of the deposited amount, optionally only at an expected deposited amount. */
  async applyRefund(
    db: Executor,
    orderId: string,
    amountMinor: number,
    nowMs: number,
    expectedDepositedMinor?: number,
  ): Promise<boolean> {
    let query = db
      .updateTable('orders')
      .set((eb) => ({
        status: ORDER_STATUS.refunded,
        refunded_minor: eb('refunded_minor', '+', amountMinor),
        refunded_at_ms: nowMs,
        updated_at_ms: nowMs,
      }))
      .where('id', '=', orderId)
      .where('status', 'in', [ORDER_STATUS.deposited, ORDER_STATUS.refunded])
      .where((eb) => eb(eb('deposited_minor', '-', eb.ref('refunded_minor')), '>=', amountMinor));
    if (expectedDepositedMinor !== undefined)
      query = query.where('deposited_minor', '=', expectedDepositedMinor);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /*
   * Compensations: a movement the acquirer refused is taken back. Each takes back exactly its own
   * amount and is guarded on the state that movement left, so a movement that came after it is
   * never clobbered; false means the order has moved on and nothing was changed.
   */

  /** A refused capture: the order is a hold again, if nothing was refunded of it since. */
  async undoCapture(db: Executor, orderId: string, amountMinor: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.approved, deposited_minor: 0, deposited_at_ms: null })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.deposited)
      .where('deposited_minor', '=', amountMinor)
      .where('refunded_minor', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused refund: its amount is no longer refunded; with nothing refunded left the order is paid again. */
  async undoRefund(db: Executor, orderId: string, amountMinor: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set((eb) => ({
        refunded_minor: eb('refunded_minor', '-', amountMinor),
        // Literal statuses: PostgreSQL types a bare parameter in a CASE as text, not integer.
        status: sql<number>`case when refunded_minor = ${amountMinor} then ${sql.lit(ORDER_STATUS.deposited)} else ${sql.lit(ORDER_STATUS.refunded)} end`,
      }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.refunded)
      .where('refunded_minor', '>=', amountMinor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused partial reversal: the part comes back to the hold, while it is still a hold. */
  async undoPartialReversal(db: Executor, orderId: string, amountMinor: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set((eb) => ({ approved_minor: eb('approved_minor', '+', amountMinor) }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.approved)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused full reversal: the status and amounts it zeroed are put back. */
  async undoFullReversal(db: Executor, orderId: string, prior: ReversalPrior): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: prior.status,
        approved_minor: prior.approved_minor,
        deposited_minor: prior.deposited_minor,
        reversed_at_ms: null,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.reversed)
      .where('approved_minor', '=', 0)
      .where('deposited_minor', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The binding an approved payment stored (or refreshed) for the order's client. */
  async setBinding(db: Executor, orderId: string, bindingId: string): Promise<void> {
    await db.updateTable('orders').set({ binding_id: bindingId }).where('id', '=', orderId).execute();
  }

  /** The customer is at the issuer's ACS (3-D Secure under way): status 5. */
  async markAcsStarted(orderId: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.acsStarted, updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.registered)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** 3-D Secure did not authenticate the customer: the order is declined without an authorization. */
  async declineUnauthenticated(
    db: Executor,
    orderId: string,
    actionCode: number,
    secureAuth: string,
    nowMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.declined,
        action_code: actionCode,
        secure_auth: secureAuth,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** decline.do: an order nobody has started paying is cancelled. */
  async applyDecline(db: Executor, orderId: string, nowMs: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.declined, updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The operation of a kind an order holds under a merchant's external id (unique by index). */
  async findOperationByExternalId(
    orderId: string,
    kind: string,
    externalId: string,
  ): Promise<OrderOperationRow | undefined> {
    return this.db
      .selectFrom('order_operations')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  }

  async insertOperation(db: Executor, operation: OrderOperationRow): Promise<void> {
    await this.insertOperationRow(db, ...OPERATION_COLUMNS.map((column) => operation[column]));
  }

  async completeOperation(
    db: Executor,
    operationId: string,
    outcome: Pick<OrderOperationRow, 'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'>,
  ): Promise<void> {
    await this.completeOperationRow(
      db,
      outcome.state,
      outcome.action_code,
      outcome.rrn,
      outcome.approval_code,
      outcome.completed_at_ms,
      operationId,
    );
  }

  /** Finishes an operation still pending; false when something finished it already. */
  async completePendingOperation(
    db: Executor,
    operationId: string,
    outcome: Pick<OrderOperationRow, 'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('order_operations')
      .set(outcome)
      .where('id', '=', operationId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async operationsOf(orderId: string): Promise<OrderOperationRow[]> {
    return this.db
      .selectFrom('order_operations')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at_ms')
      .orderBy('id')
      .execute();
  }

  /**
   * Declines one registered order whose lifetime is over. Guarded by status and deadline, so a
   * payment that wins the race is never overwritten. Returns whether this call made the change.
   */
  async expireOne(db: Executor, orderId: string, nowMs: number): Promise<boolean> {
    // A customer who went to the ACS and never came back is told apart (gateway-facts §5.2).
    const result = await db
      .updateTable('orders')
      .set((eb) => ({
        status: ORDER_STATUS.declined,
        action_code: eb
          .case()
          .when('status', '=', ORDER_STATUS.acsStarted)
          .then(ACTION_CODE.acsNotReturned)
          .else(ACTION_CODE.paymentExpired)
          .end(),
        updated_at_ms: nowMs,
      }))
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '<=', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Holds whose automatic capture (or reversal) time has come, oldest first. */
  async dueForAutomaticAction(
    action: 'complete' | 'reverse',
    nowMs: number,
    limit: number,
  ): Promise<OrderRow[]> {
    const column = action === 'complete' ? 'auto_complete_at_ms' : 'auto_reverse_at_ms';
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', ORDER_STATUS.approved)
      .where(column, '<=', nowMs)
      .orderBy(column)
      .limit(limit)
      .execute();
  }

  /** Authorizations whose outcome was never written (the process stopped during the acquirer call). */
  async stalledAuthorizations(olderThanMs: number, limit: number): Promise<OrderOperationRow[]> {
    return this.stalled(['authorization'], olderThanMs, limit);
  }

  /** Captures, reversals and refunds whose outcome was never written (applied, acquirer not heard). */
  async stalledMovements(olderThanMs: number, limit: number): Promise<OrderOperationRow[]> {
    return this.stalled(['capture', 'reversal', 'refund'], olderThanMs, limit);
  }

  private async stalled(
    kinds: readonly string[],
    olderThanMs: number,
    limit: number,
  ): Promise<OrderOperationRow[]> {
    return this.db
      .selectFrom('order_operations')
      .selectAll()
      .where('kind', 'in', kinds)
      .where('state', '=', 'pending')
      .where('created_at_ms', '<', olderThanMs)
      .orderBy('created_at_ms')
      .limit(limit)
      .execute();
  }

  async dueForExpiry(nowMs: number, limit: number): Promise<ExpiringOrder[]> {
    return this.db
      .selectFrom('orders')
      .select(['id', 'merchant_id', 'order_number', 'dynamic_callback_url'])
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '<=', nowMs)
      .orderBy('expires_at_ms')
      .limit(limit)
      .execute();
  }
}
