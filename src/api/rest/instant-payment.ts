import type { KeyObject } from 'node:crypto';
import { expiryInPast, luhnValid, parseExpiry } from '../../domain/card-rules.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { Pan } from '../../domain/pan.js';
import type { CardForAuthorization } from '../../processing/acquirer/acquirer-port.js';
import { openSeToken, type SeTokenContent } from '../../processing/se-token.js';
import type { RandomSource } from '../../domain/random-source.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { BrowserData, ThreeDsServer } from '../../processing/threeds/three-ds-server.js';
import type { AuthenticatedPayment, PaymentStep } from '../../services/authenticated-payment.js';
import type { CardPayment, CardPaymentInput } from '../../services/card-payment.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import {
  checkCitationPresent,
  checkCredentialUse,
  citationOf,
  initiatorOf,
} from '../../domain/stored-credentials.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { OrderRow } from '../../store/schema.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import type { ParamsOf } from '../params/param-table.js';
import { INSTANT_PAYMENT_PARAMS, NOT_YET_ENABLED } from './instant-payment-params.js';
import { orderStatusLegacyView } from './order-status-view.js';
import { checkForceSsl, sharedOrderInput } from './order-input.js';

type InstantPaymentParams = ParamsOf<typeof INSTANT_PAYMENT_PARAMS>;

export interface InstantPaymentServices {
  readonly registration: OrderRegistration;
  readonly payment: CardPayment;
  readonly authenticated: AuthenticatedPayment;
  readonly threeDs: ThreeDsServer;
  readonly vault: CredentialVault;
  readonly random: RandomSource;
  /** The gateway's private key, which opens seTokens. */
  readonly seTokenKey: () => Promise<KeyObject>;
}

function refuseLaterCapabilities(params: InstantPaymentParams): void {
  for (const [name, feature] of Object.entries(NOT_YET_ENABLED)) {
    if ((params as Record<string, unknown>)[name] !== undefined) {
      throw new Refusal('FEATURE_NOT_ENABLED', { param: name, feature });
    }
  }
  if (params.threeDSSDK === true) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'threeDSSDK',
      feature: '3-D Secure in mobile apps (SDK)',
    });
  }
}

/**
 * The card to pay with and how it relates to stored credentials: a binding (when no pan or seToken
 * overrides it), or card data, stored for the client afterwards when the merchant may (tii CI, or
 * a clientId without bindingNotNeeded: the spec's "storing a common credential" flow).
 */
async function cardAndCredential(
  params: InstantPaymentParams,
  context: OperationContext,
  services: InstantPaymentServices,
  twoPhase: boolean,
): Promise<{
  card: CardForAuthorization;
  terms: Pick<CardPaymentInput, 'tii' | 'bindingId' | 'storeCredential'>;
}> {
  // A seToken carries either card data or a bindingId with its CVC.
  const token = await openedToken(params, services, context.nowMs);
  const tokenBinding =
    token?.bindingId === undefined ? undefined : { bindingId: token.bindingId, cvc: token.cvc };
  const withBinding =
    tokenBinding !== undefined ||
    (params.pan === undefined && params.seToken === undefined && params.bindingId !== undefined);
  const cvc = tokenBinding?.cvc ?? params.cvc;
  const mayUse = context.merchant.permissions.has('storedCredentials');
  checkCredentialUse({
    tii: params.tii,
    withBinding,
    twoPhase,
    clientId: params.clientId,
    mayUseStoredCredentials: mayUse,
  });
  const tii = params.tii === undefined ? {} : { tii: params.tii };
  if (withBinding) {
    const binding = await services.vault.usable(
      context.merchant.id,
      tokenBinding?.bindingId ?? params.bindingId ?? '',
      params.clientId,
    );
    const citation = citationOf(params);
    checkCitationPresent(params.tii, binding.payment_system, citation);
    await services.vault.checkCitation(binding, citation);
    const opened = services.vault.openCard(binding);
    return {
      card: {
        pan: opened.pan,
        expiry: opened.expiry,
        ...(cvc === undefined ? {} : { cvc }),
        ...(params.cardholderName === undefined ? {} : { cardholderName: params.cardholderName }),
      },
      terms: { ...tii, bindingId: binding.id },
    };
  }
  const card = cardFrom(rawCardOf(params, token), params.cardholderName, context.nowMs);
  const stores =
    mayUse && params.clientId !== undefined && params.clientId !== '' && params.bindingNotNeeded !== true;
  return {
    card,
    terms: {
      ...tii,
      ...(stores
        ? {
            storeCredential: {
              clientId: params.clientId ?? '',
              category: 'COMMON' as const,
              email: params.email ?? null,
            },
          }
        : {}),
    },
  };
}

interface RawCard {
  readonly pan: string | undefined;
  readonly expiry: string | undefined;
  readonly cvc: string | undefined;
}

/**
 * The seToken, opened once (RSA is the dearest step of the request): it replaces pan, cvc and
 * expiry, and an instant payment registers its own order, so a token bound to an order does not fit.
 */
async function openedToken(
  params: InstantPaymentParams,
  services: InstantPaymentServices,
  nowMs: number,
): Promise<SeTokenContent | undefined> {
  if (params.seToken === undefined) return undefined;
  for (const name of ['pan', 'expiry', 'cvc'] as const) {
    if (params[name] !== undefined) throw new Refusal('PARAM_CONFLICT', { param: name, other: 'seToken' });
  }
  const content = openSeToken(params.seToken, await services.seTokenKey(), nowMs);
  if (content === undefined || content.mdOrder !== undefined) throw invalidParam('seToken', 'reason.seToken');
  return content;
}

/** Card data from the clear parameters, or from the seToken that replaces pan, cvc and expiry. */
function rawCardOf(params: InstantPaymentParams, token: SeTokenContent | undefined): RawCard {
  if (token === undefined) return { pan: params.pan, expiry: params.expiry, cvc: params.cvc };
  return { pan: token.pan, expiry: token.expiry, cvc: token.cvc };
}

function cardFrom(raw: RawCard, cardholderName: string | undefined, nowMs: number): CardForAuthorization {
  if (raw.pan === undefined) throw new Refusal('PARAM_MISSING', { param: 'pan' });
  if (!luhnValid(raw.pan)) throw invalidParam('pan', 'reason.cardNumber');
  if (raw.expiry === undefined) throw new Refusal('PARAM_MISSING', { param: 'expiry' });
  const expiry = parseExpiry(raw.expiry);
  if (expiry === undefined || expiryInPast(expiry, nowMs)) throw invalidParam('expiry', 'reason.cardExpiry');
  return { pan: new Pan(raw.pan), expiry, cvc: raw.cvc, cardholderName };
}

/**
 * features=VERIFY checks a card to store it, paying nothing: amount 0, a clientId and the
 * permission to store credentials, and card data (not a binding, which is stored already).
 */
function checkVerification(
  params: InstantPaymentParams,
  context: OperationContext,
  credential: Pick<CardPaymentInput, 'bindingId' | 'storeCredential'>,
): void {
  if (params.amount !== 0) throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'features=VERIFY' });
  if (!context.merchant.permissions.has('storedCredentials')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'storedCredentials' });
  }
  if (credential.bindingId !== undefined)
    throw new Refusal('PARAM_CONFLICT', { param: 'bindingId', other: 'features=VERIFY' });
  if (params.bindingNotNeeded === true) {
    throw new Refusal('PARAM_CONFLICT', { param: 'bindingNotNeeded', other: 'features=VERIFY' });
  }
  if (credential.storeCredential === undefined) throw new Refusal('PARAM_EMPTY', { param: 'clientId' });
}

/** MOTO never authenticates; an SSL-only merchant and an exempted payment do not either. */
function authenticates(
  channel: keyof typeof CHANNELS,
  params: InstantPaymentParams,
  context: OperationContext,
): boolean {
  return (
    channel === 'instant' &&
    !context.merchant.permissions.has('sslOnly') &&
    params.externalScaExemptionIndicator === undefined &&
    // Merchant-initiated payments (U, R) have nobody at a browser to authenticate.
    initiatorOf(params.tii) === 'customer'
  );
}

/** The browser as the AReq describes it: from clientBrowserInfo when the merchant sends it. */
function browserData(params: InstantPaymentParams, context: OperationContext): BrowserData {
  const info = params.clientBrowserInfo;
  return {
    acceptHeader: info?.browserAcceptHeader ?? 'text/html',
    ip: info?.browserIpAddress ?? params.ip ?? context.clientIp,
    ...(info?.javaEnabled === undefined ? {} : { javaEnabled: info.javaEnabled }),
    javascriptEnabled: info?.javascriptEnabled ?? false,
    language: info?.browserLanguage ?? params.language ?? context.merchant.defaultLanguage,
    ...(info?.colorDepth === undefined ? {} : { colorDepth: info.colorDepth }),
    ...(info?.screenHeight === undefined ? {} : { screenHeight: String(info.screenHeight) }),
    ...(info?.screenWidth === undefined ? {} : { screenWidth: String(info.screenWidth) }),
    ...(info?.browserTimeZoneOffset === undefined ? {} : { timeZoneOffset: info.browserTimeZoneOffset }),
    userAgent: info?.userAgent ?? 'unknown',
  };
}

/** A payment that is paid or declined: the answer the spec's outcome table reads. */
function decidedAnswer(paid: OrderRow, language: string, context: OperationContext): object {
  const approved = paid.status === ORDER_STATUS.approved || paid.status === ORDER_STATUS.deposited;
  return {
    errorCode: '0',
    orderId: paid.id,
    orderNumber: paid.order_number,
    info: context.message(approved ? 'payment.approved' : 'payment.declined'),
    redirect: returnAddress(
      approved ? paid.return_url : (paid.fail_url ?? paid.return_url),
      paid.id,
      language,
    ),
    orderStatus: orderStatusLegacyView(paid, context),
  };
}

/** The answer for each step of a 3-D Secure payment (merchant-api.md, instantPayment.do response). */
export function stepAnswer(step: PaymentStep, language: string, context: OperationContext): object {
  const base = { errorCode: '0', orderId: step.order.id, orderNumber: step.order.order_number };
  switch (step.kind) {
    case 'decided':
      return decidedAnswer(step.order, language, context);
    case 'method': {
      const { threeDSMethodURLServerDirect, ...invitation } = step.invitation;
      return {
        ...base,
        info: context.message('payment.threeDsMethod'),
        is3DSVer2: true,
        ...invitation,
        ...(context.merchant.permissions.has('threeDSMethodDirect') ? { threeDSMethodURLServerDirect } : {}),
        orderStatus: orderStatusLegacyView(step.order, context),
      };
    }
    case 'challenge':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        is3DSVer2: true,
        threeDSServerTransId: step.transactionId,
        acsUrl: step.acsUrl,
        packedCReq: step.packedCReq,
        orderStatus: orderStatusLegacyView(step.order, context),
      };
    case 'v1':
      return {
        ...base,
        info: context.message('payment.threeDsChallenge'),
        acsUrl: step.acsUrl,
        paReq: step.paReq,
        termUrl: step.termUrl,
        orderStatus: orderStatusLegacyView(step.order, context),
      };
  }
}

/**
 * The repeated request of a 3-D Secure 2 payment: the transaction (and threeDSVer2MdOrder, when
 * sent) must be this merchant's, and card data, when repeated, must be the card being authenticated.
 */
async function continueAuthentication(
  params: InstantPaymentParams,
  context: OperationContext,
  services: InstantPaymentServices,
): Promise<object> {
  const transactionId = params.threeDSServerTransId ?? '';
  const transaction = await services.threeDs.findForMerchant(context.merchant.id, transactionId);
  if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
  if (params.threeDSVer2MdOrder !== undefined && params.threeDSVer2MdOrder !== transaction.order_id) {
    throw new Refusal('PARAM_CONFLICT', { param: 'threeDSVer2MdOrder', other: 'threeDSServerTransId' });
  }
  const raw = rawCardOf(params, await openedToken(params, services, context.nowMs));
  if (transaction.card_sealed !== null && raw.pan !== undefined) {
    if (services.threeDs.openCard(transaction).pan !== raw.pan) {
      throw new Refusal('PARAM_CONFLICT', { param: 'pan', other: 'threeDSServerTransId' });
    }
  }
  const language = params.language ?? context.merchant.defaultLanguage;
  const step = await services.authenticated.proceed(transaction, {
    merchantName: context.merchant.login,
    ...(raw.cvc === undefined ? {} : { cvc: raw.cvc }),
    browser: browserData(params, context),
    amountMinor: params.amount,
  });
  return stepAnswer(step, language, context);
}

/** Appends `orderId` and `lang` as the real gateway does when it sends the customer back. */
export function returnAddress(base: string, orderId: string, language: string): string {
  const url = new URL(base);
  url.searchParams.set('orderId', orderId);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** A gateway-generated order number when the merchant sends none: 20 digits, time first. */
function generatedOrderNumber(random: RandomSource, nowMs: number): string {
  const suffix = [...random.bytes(7)].map((byte) => String(byte % 10)).join('');
  return `${String(nowMs).padStart(13, '0')}${suffix}`;
}

/** The two card-data payments: e-commerce (instantPayment.do) and mail/telephone order (motoPayment.do). */
const CHANNELS = {
  instant: {
    path: '/payment/rest/instantPayment.do',
    summary: 'Registers an order and pays it in one call with card data collected by the merchant',
    paymentWay: 'CARD',
    requiredPermission: undefined,
  },
  moto: {
    path: '/payment/rest/motoPayment.do',
    summary:
      'Mail or telephone order: registers and pays with card data taken by the merchant; never customer authentication',
    paymentWay: 'CARD_MOTO',
    requiredPermission: 'moto',
  },
} as const;

/**
 * instantPayment.do and motoPayment.do: register the order and pay it with the card data in one
 * call. E-commerce payments authenticate enrolled cards with 3-D Secure unless the merchant is
 * SSL-only; MOTO never authenticates the customer (nobody is at a browser).
 */
export function instantPayment(
  services: InstantPaymentServices,
  channel: keyof typeof CHANNELS = 'instant',
): Operation {
  const { path, summary, paymentWay, requiredPermission } = CHANNELS[channel];
  return defineOperation({
    path,
    encoding: 'form',
    envelope: 'instant',
    summary,
    params: INSTANT_PAYMENT_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission,
    mutates: true,
    async handle(params, context) {
      refuseLaterCapabilities(params);
      if (params.threeDSServerTransId !== undefined) return continueAuthentication(params, context, services);
      if (params.threeDSVer2MdOrder !== undefined) {
        throw new Refusal('PARAM_MISSING', { param: 'threeDSServerTransId' });
      }
      checkForceSsl(params.features, context.merchant);
      const twoPhase = params.preAuth === true;
      const { card, terms: credential } = await cardAndCredential(params, context, services, twoPhase);
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
      const language = params.language ?? context.merchant.defaultLanguage;
      const orderNumber = params.orderNumber ?? generatedOrderNumber(services.random, context.nowMs);
      const shared = sharedOrderInput(params);
      // `phone` travels beside the payer blocks here (the spec's examples); it is kept with them.
      const payerData =
        params.phone === undefined ? shared.payerData : { ...shared.payerData, phone: params.phone };
      const order = services.registration.prepare(context.merchant, context.caller, {
        ...shared,
        payerData,
        orderNumber,
        amountMinor: params.amount,
        currency: params.currency,
        twoPhase,
        language,
        ip: params.ip ?? context.clientIp,
      });
      const verification = params.features?.includes('VERIFY') === true;
      if (verification) checkVerification(params, context, credential);
      const terms = {
        twoPhase,
        paymentWay: credential.bindingId === undefined ? paymentWay : ('CARD_BINDING' as const),
        autoCompleteAtMs,
        autoReverseAtMs,
        ...credential,
        ...(verification ? { verification } : {}),
      };
      if (verification || !authenticates(channel, params, context)) {
        const paid = await services.payment.registerAndPay(order, {
          card,
          ...terms,
          ...(params.externalScaExemptionIndicator === undefined
            ? {}
            : {
                secureAuth: JSON.stringify({
                  threeDsType: 'EXEMPTION',
                  exemption: params.externalScaExemptionIndicator,
                }),
              }),
        });
        return decidedAnswer(paid, language, context);
      }
      const step = await services.authenticated.registerAndStart(
        order,
        {
          card,
          terms,
          requestedVersion: params.threeDSProtocolVersion,
          finishUrl: params.threeDSVer2FinishUrl,
          merchantNotificationUrl: params.threeDSMethodNotificationUrl,
          merchantName: context.merchant.login,
        },
        browserData(params, context),
      );
      return stepAnswer(step, language, context);
    },
  });
}
