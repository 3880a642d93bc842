import type { RandomSource } from '../../domain/random-source.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { OperationContext } from '../operation.js';
import type { MerchantContext } from '../../services/merchant-context.js';

/** The payer blocks an order keeps together (register.do, instantPayment.do): what was sent of them. */
export const PAYER_BLOCKS = [
  'billingPayerData',
  'shippingPayerData',
  'preOrderPayerData',
  'orderPayerData',
  'billingAndShippingAddressMatchIndicator',
] as const;

export function payerDataOf(
  params: Partial<Record<(typeof PAYER_BLOCKS)[number], unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    PAYER_BLOCKS.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]),
  );
}

/** Parameters register.do and instantPayment.do share, with the same meaning. */
export interface SharedOrderParams extends Partial<Record<(typeof PAYER_BLOCKS)[number], unknown>> {
  readonly returnUrl: string;
  readonly failUrl?: string;
  readonly dynamicCallbackUrl?: string;
  readonly description?: string;
  readonly clientId?: string;
  readonly email?: string;
  readonly postAddress?: string;
  readonly cardholderName?: string;
  readonly sessionTimeoutSecs?: number;
  readonly expirationDate?: number;
  readonly features?: readonly string[];
  readonly mcc?: number;
  readonly mvv?: string;
  readonly jsonParams?: Readonly<Record<string, string>>;
  readonly orderBundle?: unknown;
  readonly marketplace?: unknown;
  readonly paymentFacilitator?: unknown;
}

/**
 * An order's registration input: the part both operations take from their parameters alike, then
 * the operation's own members, which win. The shared members come first in one literal because on
 * Node 20 members written after a spread cost microseconds each
 * (docs/history/performance-journal.md, change 10).
 */
export function orderInput<Own extends object>(params: SharedOrderParams, own: Own) {
  return {
    returnUrl: params.returnUrl,
    failUrl: params.failUrl,
    dynamicCallbackUrl: params.dynamicCallbackUrl,
    description: params.description,
    clientId: params.clientId,
    email: params.email,
    postAddress: params.postAddress,
    cardholderName: params.cardholderName,
    sessionTimeoutSecs: params.sessionTimeoutSecs,
    expirationDateMs: params.expirationDate,
    features: params.features ?? [],
    mcc: params.mcc,
    mvv: params.mvv,
    jsonParams: params.jsonParams,
    orderBundle: params.orderBundle,
    payerData: payerDataOf(params),
    marketplace: params.marketplace,
    paymentFacilitator: params.paymentFacilitator,
    ...own,
  };
}

/** FORCE_SSL (pay without 3-D Secure) is what the permission sslOnly allows, nothing more. */
export function checkForceSsl(features: readonly string[] | undefined, merchant: MerchantContext): void {
  if (features?.includes('FORCE_SSL') === true && !merchant.permissions.has('sslOnly')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'sslOnly' });
  }
}

/** A gateway-generated order number when the merchant sends none: 20 digits, time first. */
export function generatedOrderNumber(random: RandomSource, nowMs: number): string {
  const suffix = [...random.bytes(7)].map((byte) => String(byte % 10)).join('');
  return `${String(nowMs).padStart(13, '0')}${suffix}`;
}

/**
 * preAuth and its automatic completion or reversal (instantPayment.do, the wallet payments): a
 * hold needs the permission preAuth; a date needs a hold, lies in the future, and only one of the
 * two may be set.
 */
export function holdSchedule(
  params: { readonly autocompletionDate?: number; readonly autoReverseDate?: number },
  twoPhase: boolean,
  context: Pick<OperationContext, 'merchant' | 'nowMs'>,
): { autoCompleteAtMs: number | undefined; autoReverseAtMs: number | undefined } {
  const autoCompleteAtMs = params.autocompletionDate;
  const autoReverseAtMs = params.autoReverseDate;
  for (const [name, atMs] of [
    ['autocompletionDate', autoCompleteAtMs],
    ['autoReverseDate', autoReverseAtMs],
  ] as const) {
    if (atMs === undefined) continue;
    if (!twoPhase) throw new Refusal('PARAM_CONFLICT', { param: name, other: 'preAuth=false' });
    if (atMs <= context.nowMs) throw invalidParam(name, 'reason.future');
  }
  if (autoCompleteAtMs !== undefined && autoReverseAtMs !== undefined) {
    throw new Refusal('PARAM_CONFLICT', { param: 'autocompletionDate', other: 'autoReverseDate' });
  }
  if (twoPhase && !context.merchant.permissions.has('preAuth')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'preAuth' });
  }
  return { autoCompleteAtMs, autoReverseAtMs };
}
