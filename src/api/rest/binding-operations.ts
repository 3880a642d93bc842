import type { BindingRecord } from '../../domain/binding-record.js';
import { expiryInPast, luhnValid, parseExpiry } from '../../domain/card-rules.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import { BINDING_TYPES } from '../../domain/stored-credentials.js';
import type { BindingUpkeep } from '../../services/vault/binding-upkeep.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { param } from '../params/param-table.js';
import { bool, digitCode, oneOf, text } from '../params/scalar-types.js';
import { PAN_RULE } from '../params/card-rules.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { BINDINGS_BY_CARD_ANSWER_SCHEMA, GET_BINDINGS_ANSWER_SCHEMA } from './binding-answer-schemas.js';

export interface BindingServices {
  readonly vault: CredentialVault;
  readonly bindingUpkeep: BindingUpkeep;
}

const BINDING_ID = param('bindingId', 'mandatory', text(1, 255));
const MERCHANT_LOGIN = param('merchantLogin', 'optional', text(1, 255));
const LANGUAGE = param('language', 'optional', oneOf(LANGUAGES));

/** One element of getBindings.do's `bindings` (merchant-api.md, Stored credential). */
function bindingView(binding: BindingRecord) {
  return {
    bindingId: binding.id,
    maskedPan: binding.masked_pan,
    expiryDate: binding.expiry,
    paymentWay: 'CARD',
    paymentSystem: binding.payment_system,
    displayLabel: binding.masked_pan,
    bindingCategory: binding.category,
    clientId: binding.client_id,
  };
}

const success = (context: OperationContext) => ({ errorCode: '0', errorMessage: context.message('success') });

const GET_BINDINGS_PARAMS = [
  param('clientId', 'mandatory', text(1, 255)),
  param('bindingId', 'optional', text(1, 255)),
  param('bindingType', 'optional', oneOf(Object.keys(BINDING_TYPES) as (keyof typeof BINDING_TYPES)[]), {
    note: 'C common, R recurrent, I installment',
  }),
  param('showExpired', 'optional', bool(), { note: 'default false' }),
  MERCHANT_LOGIN,
  LANGUAGE,
] as const;

const BY_CARD_PARAMS = [
  param('pan', 'conditional', text(15, 19, PAN_RULE), { note: 'takes priority over bindingId' }),
  param('bindingId', 'conditional', text(1, 255)),
  param('showExpired', 'optional', bool(), { note: 'default false' }),
  MERCHANT_LOGIN,
  LANGUAGE,
] as const;

const ACTIVITY_PARAMS = [BINDING_ID, MERCHANT_LOGIN, LANGUAGE] as const;

const EXTEND_PARAMS = [
  BINDING_ID,
  param('newExpiry', 'mandatory', digitCode(6), { note: 'YYYYMM, not in the past' }),
  // The vendor lists language as mandatory here, but the PHP client most merchants use sends none;
  // as everywhere else it defaults to the merchant's language
  // (docs/decisions/0064-extendbindingdo-takes-language-as-optional.md).
  MERCHANT_LOGIN,
  LANGUAGE,
] as const;

/** getBindings.do: a client's active stored credentials. */
function getBindings({ vault }: BindingServices): Operation {
  return defineOperation({
    path: '/payment/rest/getBindings.do',
    encoding: 'form',
    envelope: 'rest',
    summary: "Lists a client's active stored credentials (bindings)",
    params: GET_BINDINGS_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    answer: GET_BINDINGS_ANSWER_SCHEMA,
    async handle(params, context) {
      const bindings = await vault.list(context.merchant.id, {
        clientId: params.clientId,
        ...(params.bindingId === undefined ? {} : { bindingId: params.bindingId }),
        ...(params.bindingType === undefined ? {} : { category: BINDING_TYPES[params.bindingType] }),
        showExpired: params.showExpired === true,
      });
      return { ...success(context), bindings: bindings.map(bindingView) };
    },
  });
}

/** getBindingsByCardOrId.do: the bindings of a card number, or one by its id. */
function getBindingsByCardOrId({ vault }: BindingServices): Operation {
  return defineOperation({
    path: '/payment/rest/getBindingsByCardOrId.do',
    encoding: 'form',
    envelope: 'rest',
    summary: 'Finds the bindings of a card number, or one binding by its id, across clients',
    params: BY_CARD_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    answer: BINDINGS_BY_CARD_ANSWER_SCHEMA,
    async handle(params, context) {
      const showExpired = params.showExpired === true;
      let found: BindingRecord[];
      if (params.pan !== undefined) {
        if (!luhnValid(params.pan)) throw invalidParam('pan', 'reason.cardNumber');
        found = await vault.byCard(context.merchant.id, params.pan, showExpired);
      } else if (params.bindingId !== undefined) {
        const binding = await vault.find(context.merchant.id, params.bindingId);
        found = binding === undefined || (!showExpired && vault.hasExpired(binding)) ? [] : [binding];
      } else {
        throw new Refusal('PARAM_MISSING', { param: 'pan' });
      }
      return {
        ...success(context),
        bindings: found.map((binding) => ({
          bindingId: binding.id,
          maskedPan: binding.masked_pan,
          expiryDate: binding.expiry,
          clientId: binding.client_id,
        })),
      };
    },
  });
}

/** unBindCard.do deactivates a binding and bindCard.do reactivates it: one operation, two addresses. */
function bindingActivity(
  { bindingUpkeep }: BindingServices,
  { path, summary, active }: { path: string; summary: string; active: boolean },
): Operation {
  return defineOperation({
    path,
    encoding: 'form',
    envelope: 'rest',
    summary,
    params: ACTIVITY_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    mutates: true,
    answer: REST_SUCCESS,
    async handle(params, context) {
      await bindingUpkeep.setActive(context.merchant.id, params.bindingId, active, context.requestId);
      return success(context);
    },
  });
}

const unBindCard = (services: BindingServices): Operation =>
  bindingActivity(services, {
    path: '/payment/rest/unBindCard.do',
    summary: 'Deactivates a binding; errorCode 2 when it is not active',
    active: false,
  });

const bindCard = (services: BindingServices): Operation =>
  bindingActivity(services, {
    path: '/payment/rest/bindCard.do',
    summary: 'Reactivates a deactivated binding; errorCode 2 when it is active',
    active: true,
  });

/** extendBinding.do: a renewed card's new expiry. */
function extendBinding({ bindingUpkeep }: BindingServices): Operation {
  return defineOperation({
    path: '/payment/rest/extendBinding.do',
    encoding: 'form',
    envelope: 'rest',
    summary: "Sets a binding's card expiry to a new date (the card was renewed)",
    params: EXTEND_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'storedCredentials',
    mutates: true,
    answer: REST_SUCCESS,
    async handle(params, context) {
      const expiry = parseExpiry(params.newExpiry);
      if (expiry === undefined || expiryInPast(expiry, context.nowMs)) {
        throw invalidParam('newExpiry', 'reason.cardExpiry');
      }
      await bindingUpkeep.extend(context.merchant.id, params.bindingId, expiry);
      return success(context);
    },
  });
}

/** getBindings.do, getBindingsByCardOrId.do, unBindCard.do, bindCard.do, extendBinding.do. */
export function bindingOperations(services: BindingServices): Operation[] {
  return [
    getBindings(services),
    getBindingsByCardOrId(services),
    unBindCard(services),
    bindCard(services),
    extendBinding(services),
  ];
}
