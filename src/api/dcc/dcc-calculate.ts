import type { DccCalculationRecord } from '../../domain/dcc/dcc-calculation-record.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import { luhnValid } from '../../domain/card-rules.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { Pan } from '../../domain/pan.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import { LANGUAGES, type Language } from '../../i18n/languages.js';
import { dccElement } from './dcc-element.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import { defineOperation, type Operation } from '../operation.js';
import { PAN_RULE } from '../params/card-rules.js';
import { param } from '../params/param-table.js';
import { digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import { arrayOf, described, joined, object, TEXT } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { DCC_ELEMENT_SCHEMA } from './dcc-element-schema.js';

/** merchant-api.md "POST {base_url}/dcc/calculate.do (JSON)". */
export const DCC_CALCULATE_PARAMS = [
  param('mdorder', 'conditional', text(1, 36), { note: 'give when the order already exists' }),
  param('pan', 'conditional', text(15, 19, PAN_RULE), { note: 'mandatory unless bindingId; overrides it' }),
  param('bindingId', 'conditional', text(1, 255), { note: 'mandatory if pan is absent' }),
  param('amount', 'conditional', digits(0, 12), { note: 'mandatory if mdorder is absent' }),
  param('currency', 'conditional', digitCode(3), {
    note: 'original currency (ISO 4217 numeric); mandatory if mdorder is absent',
  }),
  param('merchantLogin', 'optional', text(1, 255), { note: 'defaults to the authorized merchant' }),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** merchant-api.md calculate.do's response: one dccData element, the card's currency. */
const DCC_CALCULATE_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      originalAmount: described(TEXT, 'The amount in the original currency, minor units'),
      dccUuid: described(TEXT, 'The calculation: give it as dccData.dccUuid to pay with it'),
      dccData: arrayOf(
        joined([
          DCC_ELEMENT_SCHEMA,
          object(
            {
              additionalParams: object(
                {
                  originalCurrencyCodeAlpha: described(
                    TEXT,
                    'Alphabetic ISO 4217 code of the original currency',
                  ),
                  validUntil: described(
                    TEXT,
                    'Unix time in milliseconds until which the calculation can be used',
                  ),
                },
                { required: 'all' },
              ),
            },
            { required: 'all' },
          ),
        ]),
      ),
    },
    { required: 'all' },
  ),
]);

export interface DccCalculateServices {
  readonly offers: DccOffers;
  readonly query: OrderQuery;
  readonly vault: CredentialVault;
}

/** One element of the reply's dccData (merchant-api.md, Resources: DCC calculation). */
function dccDataElement(row: DccCalculationRecord, language: Language) {
  const shown = {
    currency: row.dcc_currency,
    amountMinor: row.dcc_amount_minor,
    rate: row.rate,
    directRate: row.direct_rate,
    feePercent: row.fee_percent,
  };
  return {
    ...dccElement(shown, language),
    additionalParams: {
      originalCurrencyCodeAlpha: currencyByNumeric(row.original_currency)?.alpha ?? '',
      validUntil: String(row.expires_at_ms),
    },
  };
}

/**
 * dcc/calculate.do: the conversion of an amount (or an existing order's) for one card (its PAN,
 * or a binding), stored under dccUuid for the payment and every later movement.
 */
export function dccCalculate(services: DccCalculateServices): Operation {
  return defineOperation({
    path: '/payment/rest/dcc/calculate.do',
    encoding: 'json',
    envelope: 'rest',
    summary: "Calculates the amount in the card's own currency (DCC) and stores it under dccUuid",
    params: DCC_CALCULATE_PARAMS,
    onBehalfParam: 'merchantLogin',
    requiredPermission: 'dcc',
    mutates: true,
    answer: DCC_CALCULATE_ANSWER_SCHEMA,
    async handle(params, context) {
      const { merchant } = context;
      let amountMinor = params.amount;
      let currency = params.currency;
      let orderId: string | undefined;
      let clientId: string | undefined;
      if (params.mdorder !== undefined) {
        const order = await services.query.find(merchant, { orderId: params.mdorder });
        if (order.status !== ORDER_STATUS.registered || order.payment_attempt_id !== null) {
          throw new Refusal('ORDER_NOT_PAYABLE');
        }
        if (amountMinor !== undefined && amountMinor !== order.amount_minor) {
          throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'mdorder' });
        }
        if (currency !== undefined && currency !== order.currency) {
          throw new Refusal('PARAM_CONFLICT', { param: 'currency', other: 'mdorder' });
        }
        amountMinor = order.amount_minor;
        currency = order.currency;
        orderId = order.id;
        clientId = order.client_id ?? undefined;
      }
      if (amountMinor === undefined) throw new Refusal('PARAM_MISSING', { param: 'amount' });
      if (currency === undefined) throw new Refusal('PARAM_MISSING', { param: 'currency' });
      if (currencyByNumeric(currency) === undefined) throw new Refusal('CURRENCY_UNKNOWN', { currency });
      let card: Pan;
      if (params.pan !== undefined) {
        if (!luhnValid(params.pan)) throw invalidParam('pan', 'reason.cardNumber');
        card = new Pan(params.pan);
      } else if (params.bindingId !== undefined) {
        // The order's client's stored card; without an order, any of the merchant's clients'.
        const binding =
          clientId === undefined
            ? await services.vault.creditable(merchant.id, params.bindingId, undefined)
            : await services.vault.usable(merchant.id, params.bindingId, clientId);
        card = services.vault.openCard(binding).pan;
      } else {
        throw new Refusal('PARAM_MISSING', { param: 'pan' });
      }
      const row = await services.offers.calculate(
        {
          merchantId: merchant.id,
          card,
          amountMinor,
          currency,
          ...(orderId === undefined ? {} : { orderId }),
        },
        context.nowMs,
      );
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        originalAmount: String(row.original_amount_minor),
        dccUuid: row.id,
        dccData: [dccDataElement(row, context.language)],
      };
    },
  });
}
