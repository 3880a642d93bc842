import type { OrderConversion } from '../../domain/dcc/order-conversion.js';
import type { Pan } from '../../domain/pan.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';
import { Refusal } from '../../domain/refusals.js';
import { initiatorOf } from '../../domain/stored-credentials.js';
import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { CardPayment } from '../../services/card-payment.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { AuthenticationRequest } from '../../services/payment-step.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import {
  cardAndCredential,
  checkVerification,
  openedToken,
  rawCardOf,
  type CardSources,
} from './instant-card.js';
import { INSTANT_PAYMENT_PARAMS, type InstantPaymentParams } from './instant-payment-params.js';
import { checkForceSsl, generatedOrderNumber, holdSchedule, orderInput, payerDataOf } from './order-input.js';
import { browserData } from './browser-data.js';
import { appDeviceOf, requireAppDevice } from '../params/three-ds-sdk.js';
import { decidedAnswer, stepAnswer } from './payment-answers.js';
import { paymentAnswerSchema } from './payment-answer-schemas.js';
import { ALL_STEPS } from './three-ds-step-schemas.js';

export interface InstantPaymentServices extends CardSources {
  readonly registration: OrderRegistration;
  readonly payment: CardPayment;
  readonly authenticated: AuthenticatedPayment;
  readonly threeDs: ThreeDsLookup;
  readonly random: RandomSource;
  readonly dcc: DccOffers;
}

/** threeDSSDK=true: the app channel, when the directory takes apps (not under GATEHOUSE_ENV=production's sandbox switch-off). */
async function appChannelOf(
  params: InstantPaymentParams,
  services: InstantPaymentServices,
): Promise<'01' | undefined> {
  appDeviceOf(params);
  if (params.threeDSSDK !== true) return undefined;
  if (!(await services.threeDs.appChannelAvailable())) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'threeDSSDK',
      feature: '3-D Secure in mobile apps (SDK)',
    });
  }
  return '01';
}

/**
 * dccData (merchant-api.md DCC scenario 2): the calculation must be this merchant's, for this
 * card, amount and currency, live and unused; the order is then paid in the card's currency.
 */
async function acceptedConversion(
  params: InstantPaymentParams,
  context: OperationContext,
  services: InstantPaymentServices,
  card: Pan,
): Promise<OrderConversion | undefined> {
  if (params.dccData === undefined) return undefined;
  if (!context.merchant.permissions.has('dcc')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'dccData' });
  }
  return services.dcc.accept(
    {
      dccUuid: params.dccData.dccUuid,
      dccCurrencyCode: params.dccData.dccCurrencyCode,
      subject: {
        merchantId: context.merchant.id,
        card,
        amountMinor: params.amount,
        currency: params.currency ?? context.merchant.defaultCurrency,
      },
    },
    context.nowMs,
  );
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
  const app = appDeviceOf(params);
  const step = await services.authenticated.proceed(transaction, {
    merchantName: context.merchant.login,
    ...(raw.cvc === undefined ? {} : { cvc: raw.cvc }),
    browser: browserData(params, context),
    amountMinor: params.amount,
    ...(app === undefined ? {} : { app }),
    requestId: context.requestId,
  });
  return stepAnswer(step, language, context);
}

/** Paid or declined at once, or any step of 3-D Secure (the app channel's too). */
const PAYMENT_ANSWER_SCHEMA = paymentAnswerSchema(ALL_STEPS);

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
    answer: PAYMENT_ANSWER_SCHEMA,
    fastAnswer: true,
    handle: (params, context) => payInstantly(params, context, services, channel, paymentWay),
  });
}

/** The paying request of either channel, or the repeated one of a 3-D Secure 2 payment. */
async function payInstantly(
  params: InstantPaymentParams,
  context: OperationContext,
  services: InstantPaymentServices,
  channel: keyof typeof CHANNELS,
  paymentWay: (typeof CHANNELS)[keyof typeof CHANNELS]['paymentWay'],
): Promise<object> {
  const deviceChannel = await appChannelOf(params, services);
  if (params.threeDSServerTransId !== undefined) return continueAuthentication(params, context, services);
  if (params.threeDSVer2MdOrder !== undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'threeDSServerTransId' });
  }
  checkForceSsl(params.features, context.merchant);
  const verification = params.features?.includes('VERIFY') === true;
  const authenticated = !verification && authenticates(channel, params, context);
  if (params.threeDSSDK === true && !authenticated) requireAppDevice(params);
  const twoPhase = params.preAuth === true;
  const { card, terms: credential } = await cardAndCredential(params, context, services, twoPhase);
  const { autoCompleteAtMs, autoReverseAtMs } = holdSchedule(params, twoPhase, context);
  const language = params.language ?? context.merchant.defaultLanguage;
  const orderNumber = params.orderNumber ?? generatedOrderNumber(services.random, context.nowMs);
  const conversion = await acceptedConversion(params, context, services, card.pan);
  const order = services.registration.prepare(
    context.merchant,
    context.caller,
    orderInput(params, {
      orderNumber,
      amountMinor: params.amount,
      currency: params.currency,
      twoPhase,
      language,
      ip: params.ip ?? context.clientIp,
      ...(conversion === undefined ? {} : { conversion }),
      // `phone` travels beside the payer blocks here (the spec's examples); it is kept with them.
      ...(params.phone === undefined ? {} : { payerData: { ...payerDataOf(params), phone: params.phone } }),
    }),
  );
  // The calculation is used in the unit that registers the order it pays: once, ever.
  const intent =
    conversion === undefined ? {} : { spends: [{ kind: 'dccUsed', dccUuid: conversion.dccUuid } as const] };
  if (verification) checkVerification(params, context, credential);
  const terms = {
    twoPhase,
    paymentWay: credential.bindingId === undefined ? paymentWay : ('CARD_BINDING' as const),
    autoCompleteAtMs,
    autoReverseAtMs,
    ...credential,
    ...(verification ? { verification } : {}),
  };
  if (verification && conversion !== undefined) {
    throw new Refusal('PARAM_CONFLICT', { param: 'dccData', other: 'features=VERIFY' });
  }
  if (!authenticated) {
    const paid = await services.payment.registerAndPay(order, {
      card,
      ...terms,
      ...intent,
      requestId: context.requestId,
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
  return startAuthentication(params, context, services, {
    order,
    card,
    terms,
    intent,
    deviceChannel,
    language,
  });
}

/** What the paying request has prepared when the card is to be authenticated first. */
interface PreparedPayment {
  readonly order: ReturnType<OrderRegistration['prepare']>;
  readonly card: AuthenticationRequest['card'];
  readonly terms: AuthenticationRequest['terms'];
  readonly intent: Pick<AuthenticationRequest, 'spends'>;
  readonly deviceChannel: '01' | undefined;
  readonly language: string;
}

/** Registers the order with 3-D Secure first; an app holding the directory's key goes on at once. */
async function startAuthentication(
  params: InstantPaymentParams,
  context: OperationContext,
  services: InstantPaymentServices,
  { order, card, terms, intent, deviceChannel, language }: PreparedPayment,
): Promise<object> {
  const step = await services.authenticated.registerAndStart(
    order,
    {
      card,
      terms,
      requestedVersion: params.threeDSProtocolVersion,
      finishUrl: params.threeDSVer2FinishUrl,
      merchantNotificationUrl: params.threeDSMethodNotificationUrl,
      merchantName: context.merchant.login,
      ...intent,
      ...(deviceChannel === undefined ? {} : { deviceChannel }),
      requestId: context.requestId,
    },
    browserData(params, context),
  );
  // An app that already holds the directory's key may send its SDK values at once.
  const app = appDeviceOf(params);
  if (step.kind === 'appMethod' && app !== undefined) {
    const transaction = await services.threeDs.find(step.invitation.threeDSServerTransId);
    if (transaction === undefined) throw new Error('the 3DS transaction vanished after registration');
    return stepAnswer(
      await services.authenticated.proceed(transaction, {
        merchantName: context.merchant.login,
        ...(card.cvc === undefined ? {} : { cvc: card.cvc }),
        browser: browserData(params, context),
        app,
        requestId: context.requestId,
      }),
      language,
      context,
    );
  }
  return stepAnswer(step, language, context);
}
