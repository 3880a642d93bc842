import type { Language } from './languages.js';

/** Intl locales for the spec's language codes where they differ (cn, kh). */
const INTL_LOCALE: Partial<Record<Language, string>> = { cn: 'zh-CN', kh: 'km' };

function intlLocale(language: Language): string {
  return INTL_LOCALE[language] ?? language;
}

/** `12.50 EUR`: the amount with exactly the currency's decimals, then its code. */
export function plainMoney(
  amountMinor: number,
  currency: { readonly alpha: string; readonly exponent: number },
): string {
  return `${(amountMinor / 10 ** currency.exponent).toFixed(currency.exponent)} ${currency.alpha}`;
}

/**
 * An amount in minor units, the way the language writes money in that currency (symbol, digit
 * grouping, decimal mark), with exactly the currency's decimals. Integer arithmetic up to the
 * last step, so no binary float rounds a displayed cent.
 */
export function formatMoney(
  amountMinor: number,
  currency: { readonly alpha: string; readonly exponent: number },
  language: Language,
): string {
  const major = amountMinor / 10 ** currency.exponent;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: currency.alpha,
      minimumFractionDigits: currency.exponent,
      maximumFractionDigits: currency.exponent,
    }).format(major);
  } catch {
    return plainMoney(amountMinor, currency);
  }
}
