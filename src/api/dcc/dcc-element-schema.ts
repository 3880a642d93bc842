import { described, INTEGER, object, TEXT } from '../answers/answer-schema.js';

/** dccElement's members (merchant-api.md, DCC calculation), in its order. */
export const DCC_ELEMENT_SCHEMA = object(
  {
    dccCurrencyCode: described(INTEGER, 'ISO 4217 numeric code of the card currency'),
    dccAmount: described(TEXT, 'The amount in the card currency, minor units'),
    dccAmountFormatted: described(TEXT, 'The amount in the card currency, written in the request language'),
    dccCurrencyCodeAlpha: described(TEXT, 'Alphabetic ISO 4217 code of the card currency (empty if unknown)'),
    dccConversionRate: described(
      TEXT,
      'The rate applied (card-currency units per original unit, markup included)',
    ),
    dccDirectConversionRate: described(TEXT, 'The reference rate, without the markup'),
    dccFeePercentage: described(TEXT, 'The markup, in percent'),
  },
  { required: 'all' },
);
