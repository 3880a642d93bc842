import type { RandomSource } from '../../domain/random-source.js';
import { Refusal } from '../../domain/refusals.js';
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

/** The part of an order's registration input that both operations take from their parameters alike. */
export function sharedOrderInput(params: SharedOrderParams) {
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
