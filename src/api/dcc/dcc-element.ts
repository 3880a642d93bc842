import { currencyByNumeric } from '../../domain/currencies.js';
import type { Language } from '../../i18n/languages.js';
import { formatMoney } from '../../i18n/money-format.js';

/** A conversion as the API shows it: the card currency, the amount in it, and the rates. */
export interface ShownConversion {
  readonly currency: string;
  readonly amountMinor: number;
  readonly rate: string;
  readonly directRate: string;
  readonly feePercent: string;
}

/**
 * The per-currency element of merchant-api.md "DCC calculation": dccCurrencyCode (Integer),
 * dccAmount (minor units, String), dccAmountFormatted in the request's language, the alphabetic
 * code, the applied rate (markup included), the reference rate and the markup in percent.
 */
export function dccElement(conversion: ShownConversion, language: Language) {
  const card = currencyByNumeric(conversion.currency);
  return {
    dccCurrencyCode: Number(conversion.currency),
    dccAmount: String(conversion.amountMinor),
    dccAmountFormatted:
      card === undefined
        ? String(conversion.amountMinor)
        : formatMoney(conversion.amountMinor, card, language),
    dccCurrencyCodeAlpha: card?.alpha ?? '',
    dccConversionRate: conversion.rate,
    dccDirectConversionRate: conversion.directRate,
    dccFeePercentage: conversion.feePercent,
  };
}
