import { expiryInPast, luhnValid, parseExpiry } from '../../domain/card-rules.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { Pan } from '../../domain/pan.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { BindingWithoutPayment } from '../../services/vault/binding-without-payment.js';
import { defineOperation, type Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { digitCode, oneOf, phone, text } from '../params/scalar-types.js';
import { jsonEncoded, stringMap } from '../params/structured-types.js';
import { LATIN_NAME_RULE, PAN_RULE } from '../params/card-rules.js';
import { CREATE_BINDING_ANSWER_SCHEMA } from './binding-answer-schemas.js';

export interface CreateBindingServices {
  readonly bindingWithoutPayment: BindingWithoutPayment;
}

/**
 * bindingStrength values of the vendor's table. Anything but NO_PAYMENT migrates a credential
 * stored by an earlier payment elsewhere, with that payment's network references: not built.
 */
const BINDING_STRENGTHS = ['NO_PAYMENT', 'TDS', 'SSL', 'TDS_SSL'] as const;

/**
 * createBindingNoPayment.do as the vendor documents it
 * (docs/decisions/0070-createbindingnopaymentdo.md); `cardHolderName` is the Go client's spelling
 * (helios-ag/sberbank-acquiring-go).
 */
export const CREATE_BINDING_PARAMS = [
  param('clientId', 'mandatory', text(1, 255)),
  param('pan', 'mandatory', text(15, 19, PAN_RULE), { note: 'Luhn-checked' }),
  param('expiryDate', 'mandatory', digitCode(6), { note: 'YYYYMM, not in the past' }),
  param('cardholderName', 'mandatory', text(1, 26, LATIN_NAME_RULE), { alias: 'cardHolderName' }),
  param('bindingStrength', 'optional', oneOf(BINDING_STRENGTHS), {
    note: 'NO_PAYMENT (default); the migration values answer "not enabled"',
  }),
  param('additionalParameters', 'optional', jsonEncoded(stringMap(255, 1024)), {
    note: 'checked, not kept: Gatehouse has no merchant area to show them in',
  }),
  param('email', 'optional', text(1, 40)),
  param('phone', 'optional', phone()),
  param('merchantLogin', 'optional', text(1, 255)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/**
 * createBindingNoPayment.do: stores a card for a client without paying, under the binding rules of
 * every stored card (permission storedCredentials, one binding per card per client: storing a card
 * the client has refreshes that binding). Nothing goes to the issuer; the first payment with the
 * binding is the one merchant-initiated payments cite later.
 */
export function createBindingNoPayment({ bindingWithoutPayment }: CreateBindingServices): Operation {
  return defineOperation({
    path: '/payment/rest/createBindingNoPayment.do',
    encoding: 'form',
    envelope: 'rest',
    summary: 'Stores a card for a client without a payment; answers the bindingId',
    params: CREATE_BINDING_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    mutates: true,
    answer: CREATE_BINDING_ANSWER_SCHEMA,
    async handle(params, context) {
      if (params.bindingStrength !== undefined && params.bindingStrength !== 'NO_PAYMENT') {
        throw new Refusal('FEATURE_NOT_ENABLED', {
          param: 'bindingStrength',
          feature: 'migration of stored credentials',
        });
      }
      if (!luhnValid(params.pan)) throw invalidParam('pan', 'reason.cardNumber');
      const expiry = parseExpiry(params.expiryDate);
      if (expiry === undefined || expiryInPast(expiry, context.nowMs)) {
        throw invalidParam('expiryDate', 'reason.cardExpiry');
      }
      const pan = new Pan(params.pan);
      const { bindingId } = await bindingWithoutPayment.store({
        merchantId: context.merchant.id,
        clientId: params.clientId,
        pan,
        expiry,
        email: params.email ?? null,
        phone: params.phone ?? null,
        requestId: context.requestId,
      });
      // The vendor's reply; `error` (a boolean there) is left out: the Go client reads it as text.
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        bindingId,
        clientId: params.clientId,
        cardholderName: params.cardholderName,
        expiryDate: params.expiryDate,
        maskedPan: pan.masked,
      };
    },
  });
}
