import { checkCartLines } from '../../domain/cart-rules.js';
import { Refusal } from '../../domain/refusals.js';
import { array, jsonEncoded, object, opt, req } from './structured-types.js';
import type { ValueType } from './value-type.js';
import { bool, decimal, digitCode, digits, phone, text } from './scalar-types.js';

/** Free-text members the spec leaves unbounded still get a bound: a limit on everything. */
const UNBOUNDED_TEXT_MAX = 2048;

const LATIN_PLACE = {
  pattern: /^[A-Za-z0-9 .,'()/-]*$/,
  reason: 'reason.latin',
  vars: { allowed: ". , ' ( ) / -" },
} as const;

/** document 1's billingPayerData members (P2P adds payerAccountNumberType). */
export const BILLING_PAYER_MEMBERS = {
  billingCity: opt(text(0, 50)),
  billingCountry: opt(text(0, 50)),
  billingAddressLine1: opt(text(0, 50)),
  billingAddressLine2: opt(text(0, 50)),
  billingAddressLine3: opt(text(0, 50)),
  billingPostalCode: opt(text(0, 9)),
  billingState: opt(text(0, 50, LATIN_PLACE)),
  payerAccount: req(text(1, 32)),
  payerLastName: opt(text(1, 64)),
  payerFirstName: opt(text(1, 35)),
  payerMiddleName: opt(text(1, 35)),
  payerCombinedName: opt(text(1, 99)),
  payerIdType: opt(text(1, 8)),
  payerIdNumber: opt(text(1, 100)),
  payerBirthday: opt(
    text(8, 8, { pattern: /^\d{8}$/, reason: 'reason.digits', vars: { min: '8', max: '8' } }),
  ),
};

export const billingPayerData = object(BILLING_PAYER_MEMBERS);

export const shippingPayerData = object({
  shippingCity: opt(text(1, 50)),
  shippingCountry: opt(text(1, 50)),
  shippingAddressLine1: opt(text(1, 50)),
  shippingAddressLine2: opt(text(1, 50)),
  shippingAddressLine3: opt(text(1, 50)),
  shippingState: opt(text(1, 50)),
  shippingPostalCode: opt(text(1, 16)),
  shippingMethodIndicator: opt(digitCode(2)),
  deliveryTimeframe: opt(digitCode(2)),
  deliveryEmail: opt(text(1, 254)),
});

export const preOrderPayerData = object({
  // The spec writes the format as "YYYYYYMMDD" in a field of exactly 10 characters; the length is what we check.
  preOrderDate: opt(text(10, 10)),
  preOrderPurchaseInd: opt(digitCode(2)),
  reorderItemsInd: opt(digitCode(2)),
});

export const orderPayerData = object({
  homePhone: opt(phone()),
  workPhone: opt(phone()),
  mobilePhone: opt(phone()),
});

export const marketplace = object(
  {
    marketplaceId: req(text(1, 11)),
    foreignRetailerIndicator: opt(bool()),
    retailers: opt(array(object({ foreignRetailerIndicator: req(bool()) }), { min: 1, max: 1 })),
  },
  (value, path) => {
    // Conditional: optional when `retailers` is passed, otherwise mandatory.
    if (value.retailers === undefined && value.foreignRetailerIndicator === undefined) {
      throw new Refusal('PARAM_MISSING', { param: `${path}.foreignRetailerIndicator` });
    }
  },
);

export const paymentFacilitator = object({
  pfId: req(text(1, 11)),
  name: req(text(1, 40)),
  isoId: opt(text(1, 11)),
  subMerchants: req(
    array(
      object({
        subMerchantId: req(text(1, 20)),
        name: req(text(1, 40)),
        address: req(
          object({
            city: req(text(1, 50)),
            postalCode: req(text(1, 16)),
            // Typed Integer [2] in the spec, yet its examples use letters: ISO 3166-1 alpha-2, alpha-3 or numeric.
            country: req(
              text(2, 3, {
                pattern: /^([A-Za-z]{2,3}|\d{3})$/,
                reason: 'reason.oneOf',
                vars: { values: 'ISO 3166-1 alpha-2, alpha-3, numeric' },
              }),
            ),
            street: opt(text(1, 40)),
          }),
        ),
      }),
      { min: 1 },
    ),
  ),
});

export const clientBrowserInfo = object({
  userAgent: opt(text(1, 2048)),
  OS: opt(text(1, UNBOUNDED_TEXT_MAX)),
  OSVersion: opt(text(1, UNBOUNDED_TEXT_MAX)),
  browserAcceptHeader: opt(text(1, 2048)),
  browserIpAddress: opt(text(1, 45)),
  browserLanguage: opt(text(1, 8)),
  browserTimeZone: opt(text(1, UNBOUNDED_TEXT_MAX)),
  browserTimeZoneOffset: opt(text(1, 5)),
  colorDepth: opt(text(1, 2)),
  fingerprint: opt(text(1, UNBOUNDED_TEXT_MAX)),
  isMobile: opt(bool()),
  javaEnabled: opt(bool()),
  javascriptEnabled: opt(bool()),
  plugins: opt(text(1, UNBOUNDED_TEXT_MAX)),
  screenHeight: opt(digits(1, 6)),
  screenWidth: opt(digits(1, 6)),
  screenPrint: opt(text(1, UNBOUNDED_TEXT_MAX)),
  device: opt(text(1, UNBOUNDED_TEXT_MAX)),
  deviceType: opt(text(1, UNBOUNDED_TEXT_MAX)),
});

export const loyaltyData = object({
  loyaltyUuid: req(text(1, 255)),
  loyaltyAttributes: req(object({ useLoyaltyMaxAvailablePoints: req(bool()) })),
});

const itemDetailsParam = object({ value: req(text(1, 2000)), name: req(text(1, 255)) });

/** `itemDetailsParams` is described as an object; real integrations send a list of them. Both are accepted. */
const itemDetailsParams: ValueType<unknown> = {
  doc: itemDetailsParam.doc,
  parse: (raw, path) =>
    Array.isArray(raw) ? array(itemDetailsParam).parse(raw, path) : itemDetailsParam.parse(raw, path),
};

const DATE_TIME_TEXT = {
  pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  reason: 'reason.dateTime',
} as const;

export const cartItem = object({
  positionId: req(digits(1, 12)),
  name: req(text(1, 255)),
  itemDetails: opt(object({ itemDetailsParams: opt(itemDetailsParams) })),
  quantity: req(object({ value: req(decimal(18, 3)), measure: req(text(1, 20)) })),
  itemAmount: opt(digits(1, 12)),
  itemPrice: opt(digits(1, 18)),
  itemCurrency: opt(digitCode(3)),
  itemCode: opt(text(1, 100)),
});

export const orderBundle = object({
  orderCreationDate: opt(text(19, 19, DATE_TIME_TEXT)),
  customerDetails: opt(
    object({
      contact: opt(text(0, 40)),
      fullName: opt(text(1, 100)),
      passport: opt(text(1, 100)),
      deliveryInfo: opt(
        object({
          deliveryType: opt(text(1, 20)),
          country: req(text(2, 2)),
          city: req(text(0, 40)),
          postAddress: req(text(1, 255)),
        }),
      ),
    }),
  ),
  cartItems: req(
    object({ items: req(array(cartItem, { min: 1 })) }, (value, path) =>
      checkCartLines(value.items, `${path}.items`),
    ),
  ),
});

/** Every JSON-valued block, as it travels in a form parameter. */
export const BLOCKS = {
  billingPayerData: jsonEncoded(billingPayerData),
  shippingPayerData: jsonEncoded(shippingPayerData),
  preOrderPayerData: jsonEncoded(preOrderPayerData),
  orderPayerData: jsonEncoded(orderPayerData),
  marketplace: jsonEncoded(marketplace),
  paymentFacilitator: jsonEncoded(paymentFacilitator),
  clientBrowserInfo: jsonEncoded(clientBrowserInfo),
  loyaltyData: jsonEncoded(loyaltyData),
  orderBundle: jsonEncoded(orderBundle),
} as const;

/** dccData (merchant-api.md): the calculation from dcc/calculate.do and the card currency chosen. */
export const dccDataBlock = jsonEncoded(
  object({
    dccUuid: req(text(1, 36)),
    dccCurrencyCode: req(digitCode(3)),
  }),
);
