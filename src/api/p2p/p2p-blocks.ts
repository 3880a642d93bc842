import { Refusal } from '../../domain/refusals.js';
import { PAN_RULE } from '../params/card-rules.js';
import { integerRange, bool, digitCode, oneOf, text } from '../params/scalar-types.js';
import { array, object, opt, req, stringMap } from '../params/structured-types.js';
import { BILLING_PAYER_MEMBERS } from '../params/shared-blocks.js';

/*
 * The request blocks of p2p-api.md "Resources and their fields", as data: the same parameter-table
 * machinery as the REST operations. Conditions between members that depend on the operation (which
 * card a transfer needs, AFT and OCT rules) are checked by the operations, not here.
 */

const CARD_PAN = text(1, 19, PAN_RULE);

/** threeDsAuthResult: the merchant's own 3-D Secure server's result. */
const threeDsAuthResult = object({
  cavv: opt(text(0, 200)),
  xid: opt(text(1, 80)),
  eci: opt(integerRange(0, 9999)),
  threeDsType: opt(text(1, 20)),
  threeDSProtocolVersion: opt(oneOf(['2.1.0', '2.2.0'] as const)),
});

/** The debited card: card data, a binding, an seToken, or a wallet token (never two of them). */
export const fromCard = object(
  {
    bindingId: opt(text(1, 255)),
    pan: opt(CARD_PAN),
    cvc: opt(digitCode(3)),
    expirationYear: opt(integerRange(2000, 2200)),
    expirationMonth: opt(integerRange(1, 12)),
    cardholderName: opt(text(1, 26)),
    seToken: opt(text(1, 8192)),
    threeDsAuthResult: opt(threeDsAuthResult),
    vendor: opt(text(1, 40)),
    paymentToken: opt(text(1, 8192)),
    decryptedToken: opt(bool()),
    protocolVersion: opt(oneOf(['ECv1', 'ECv2'] as const)),
  },
  (card, path) => {
    // p2p-api.md Errors 3: a wallet token replaces every other way of naming the card.
    if (card.paymentToken !== undefined || card.vendor !== undefined) {
      for (const name of [
        'pan',
        'cvc',
        'expirationYear',
        'expirationMonth',
        'bindingId',
        'seToken',
      ] as const) {
        if (card[name] !== undefined) {
          throw new Refusal('PARAM_CONFLICT', { param: `${path}.${name}`, other: `${path}.paymentToken` });
        }
      }
    }
  },
);

/** The credited card; `replacementData` needs a permission and is for AFT. */
export const toCard = object({
  bindingId: opt(text(1, 255)),
  pan: opt(CARD_PAN),
  expirationYear: opt(integerRange(2000, 2200)),
  expirationMonth: opt(integerRange(1, 12)),
  cardholderName: opt(text(1, 26)),
  seToken: opt(text(1, 8192)),
  replacementData: opt(object({ card: opt(text(1, 19)), account: opt(text(1, 30)) })),
});

/** billingRecipientData (p2p-api.md). */
export const billingRecipientData = object({
  recipientCity: opt(text(0, 40)),
  recipientCountry: opt(text(0, 50)),
  recipientAddressLine1: opt(text(0, 50)),
  recipientPostalCode: opt(text(0, 9)),
  recipientState: opt(text(0, 50)),
  recipientAccount: opt(text(0, 32)),
  recipientAccountNumberType: opt(integerRange(1, 99)),
  recipientLastName: req(text(0, 35)),
  recipientFirstName: req(text(0, 35)),
  recipientMiddleName: opt(text(0, 35)),
  recipientCombinedName: opt(text(0, 99)),
  recipientIdType: opt(text(1, 8)),
  recipientIdNumber: opt(text(1, 99)),
  recipientBirthday: opt(
    text(8, 8, { pattern: /^\d{8}$/, reason: 'reason.digits', vars: { min: '8', max: '8' } }),
  ),
});

/** billingPayerData in its P2P form: document 1's members and payerAccountNumberType (OCT on network M). */
export const p2pBillingPayerData = object({
  ...BILLING_PAYER_MEMBERS,
  payerAccountNumberType: opt(text(1, 20)),
});

/** features of registerP2P.do: `{feature: [names]}`. */
export const P2P_FEATURES = ['WITHOUT_TO_CARD', 'WITHOUT_FROM_CARD', 'OCT_EXPECTED'] as const;
export const p2pFeatures = object({ feature: req(array(oneOf(P2P_FEATURES), { min: 1, max: 3 })) });

/** params of registerP2P.do: an array of {name, value}; of the perform operations: an object. */
export const registerParams = array(object({ name: req(text(1, 255)), value: req(text(0, 1024)) }), {
  max: 64,
});
export const performParams = stringMap(255, 1024);
