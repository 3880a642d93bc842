import type { OrderConversion } from '../domain/dcc/order-conversion.js';
import type { AuthorizationOutcome } from '../domain/order-outcomes.js';
import type { OrderOperationRow, OrderRegistrationColumns, OrderRow, OrdersTable } from './schema.js';

/*
 * The columns of an order and of its operation rows, as the repositories write them: the lists a
 * prepared insert or update follows, and the mappings from a claim or an outcome to columns, so
 * the prepared statements, the claimed insert and the row built in memory never drift apart.
 */

export type NewOrder = OrderRegistrationColumns;

/** The order's DCC columns: the accepted conversion, or all empty. */
export function conversionColumns(conversion: OrderConversion | undefined) {
  return {
    dcc_uuid: conversion?.dccUuid ?? null,
    dcc_currency: conversion?.currency ?? null,
    dcc_amount_minor: conversion?.amountMinor ?? null,
    dcc_rate: conversion?.rate ?? null,
    dcc_direct_rate: conversion?.directRate ?? null,
    dcc_fee_percent: conversion?.feePercent ?? null,
  };
}

/** The order's status and amounts before a full reversal, kept on its operation row. */
export interface ReversalPrior {
  readonly status: number;
  readonly approved_minor: number;
  readonly deposited_minor: number;
  /** Absent on rows written before DCC (read as 0). */
  readonly dcc_approved_minor?: number;
  readonly dcc_deposited_minor?: number;
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

/** Column order of a prepared insert: every column of the row. */
export const ORDER_COLUMNS = [
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
  'dcc_uuid',
  'dcc_currency',
  'dcc_amount_minor',
  'dcc_rate',
  'dcc_direct_rate',
  'dcc_fee_percent',
  'p2p_type',
  'p2p_details',
] as const satisfies readonly (keyof NewOrder)[];

/** The columns a payment adds to a registered order; a record, so the compiler misses none. */
const PAYMENT_COLUMNS: Record<Exclude<keyof OrdersTable, (typeof ORDER_COLUMNS)[number]>, true> = {
  payment_attempt_id: true,
  payment_way: true,
  card_masked_pan: true,
  card_expiry: true,
  card_holder: true,
  card_network: true,
  approval_code: true,
  rrn: true,
  payment_net_ref_num: true,
  terminal_id: true,
  auth_ref_num: true,
  auth_at_ms: true,
  deposited_at_ms: true,
  reversed_at_ms: true,
  refunded_at_ms: true,
  auto_complete_at_ms: true,
  auto_reverse_at_ms: true,
  secure_auth: true,
  tii: true,
  to_masked_pan: true,
  to_network: true,
  to_card_sealed: true,
  p2p_parties: true,
  approved_minor: true,
  deposited_minor: true,
  refunded_minor: true,
  dcc_approved_minor: true,
  dcc_deposited_minor: true,
  dcc_refunded_minor: true,
};

/**
 * Every column of an order, for the reads on every request's path. A listed result (no `*`) runs
 * as a named statement on PostgreSQL, parsed and planned once per connection, and a migration that
 * adds a column does not change its result type (named-statements.ts).
 */
export const ORDER_ROW_COLUMNS: readonly (keyof OrdersTable)[] = [
  ...ORDER_COLUMNS,
  ...(Object.keys(PAYMENT_COLUMNS) as (keyof typeof PAYMENT_COLUMNS)[]),
];

/** What a payment claim sets on the order. */
export const CLAIM_COLUMNS = [
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
export const OUTCOME_COLUMNS = [
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
  'dcc_approved_minor',
  'dcc_deposited_minor',
  'deposited_at_ms',
  'updated_at_ms',
] as const satisfies readonly (keyof OrdersTable)[];

/** A registration row plus what the claim adds (some columns are in both lists: written once). */
export const CLAIMED_ORDER_COLUMNS = [...new Set([...ORDER_COLUMNS, ...CLAIM_COLUMNS])];

/**
 * The `columns` of `row`, in the list's order, which a prepared statement's text follows. Listed,
 * never spread: a preparedQuery's markers have no members to spread.
 */
export function pickColumns<Row, Column extends keyof Row>(
  row: Row,
  columns: readonly Column[],
): Pick<Row, Column> {
  const picked = {} as Pick<Row, Column>;
  for (const column of columns) picked[column] = row[column];
  return picked;
}

/**
 * A registered order as its row reads before anybody pays it. Every column is written out in one
 * literal: a row made by spreading the registration and then adding the 29 payment columns leaves
 * V8 adding members one at a time to a copy of a 40-member object, which measured 0.12 ms per
 * payment (docs/history/performance-journal.md, change 10); later spreads that only replace members
 * of a complete row stay cheap.
 */
export function unpaidOrderRow(order: NewOrder): OrderRow {
  return {
    id: order.id,
    merchant_id: order.merchant_id,
    registered_by_merchant_id: order.registered_by_merchant_id,
    order_number: order.order_number,
    amount_minor: order.amount_minor,
    currency: order.currency,
    fee_minor: order.fee_minor,
    two_phase: order.two_phase,
    status: order.status,
    action_code: order.action_code,
    created_at_ms: order.created_at_ms,
    expires_at_ms: order.expires_at_ms,
    updated_at_ms: order.updated_at_ms,
    language: order.language,
    description: order.description,
    return_url: order.return_url,
    fail_url: order.fail_url,
    dynamic_callback_url: order.dynamic_callback_url,
    client_id: order.client_id,
    ip: order.ip,
    email: order.email,
    post_address: order.post_address,
    cardholder_name: order.cardholder_name,
    binding_id: order.binding_id,
    mcc: order.mcc,
    mvv: order.mvv,
    features: order.features,
    json_params: order.json_params,
    order_bundle: order.order_bundle,
    payer_data: order.payer_data,
    marketplace: order.marketplace,
    payment_facilitator: order.payment_facilitator,
    dcc_uuid: order.dcc_uuid,
    dcc_currency: order.dcc_currency,
    dcc_amount_minor: order.dcc_amount_minor,
    dcc_rate: order.dcc_rate,
    dcc_direct_rate: order.dcc_direct_rate,
    dcc_fee_percent: order.dcc_fee_percent,
    p2p_type: order.p2p_type,
    p2p_details: order.p2p_details,
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
    to_masked_pan: null,
    to_network: null,
    to_card_sealed: null,
    p2p_parties: null,
    approved_minor: 0,
    deposited_minor: 0,
    refunded_minor: 0,
    dcc_approved_minor: 0,
    dcc_deposited_minor: 0,
    dcc_refunded_minor: 0,
  };
}

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
    dcc_approved_minor: outcome.dccApprovedMinor,
    dcc_deposited_minor: outcome.dccDepositedMinor,
    deposited_at_ms: outcome.depositedMinor > 0 ? outcome.nowMs : null,
    updated_at_ms: outcome.nowMs,
  };
}

export const OPERATION_COLUMNS = [
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
  'dcc_amount_minor',
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
