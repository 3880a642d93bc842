import { currencyByNumeric } from '../../domain/currencies.js';
import type { Language } from '../../i18n/languages.js';
import { plainMoney } from '../../i18n/money-format.js';

/** The language the console's pages and the refusals they quote are written in. */
export const CONSOLE_LANGUAGE: Language = 'en';

/**
 * The console's words, English first. Other languages are added as further catalogues with the
 * same keys (the compiler checks they are complete); the console picks English until an operator
 * setting chooses another.
 */
export const CONSOLE_EN = {
  title: 'Gatehouse console',
  login: 'Log in',
  logout: 'Log out',
  email: 'Email',
  password: 'Password',
  code: 'Code from your authenticator app',
  denied: 'That email and password do not match an active operator.',
  throttled: 'Too many failed logins. Try again in {seconds} seconds.',
  codeRequired: 'Enter the six-digit code from your authenticator app.',
  skipToContent: 'Skip to content',
  orders: 'Orders',
  merchants: 'Merchants',
  overview: 'Overview',
  audit: 'Audit',
  filter: 'Filter',
  nextPage: 'Older orders',
  previousPage: 'Newer orders',
  searchOlder: 'Search older orders',
  searchedTo: 'Searched back to {when} UTC, {rows} orders at a time.',
  search: 'Search',
  searchLabel: 'Search orders',
  searchHint:
    'Order number or id, card (last four, or first six and last four), e-mail, phone, RRN, approval code, binding or client id',
  moreFilters: 'Filters',
  activeFilters: 'Filters in use',
  dropFilter: 'Remove the filter {filter}',
  countOne: '1 order',
  countMany: '{count} orders',
  countMore: 'More than {count} orders',
  countWindow: '{count} in the newest {rows} orders searched',
  exportOrders: 'Export CSV',
  exportMovements: 'Export movements',
  badgeAwaitingPayment: 'Awaiting payment',
  badgeAuthenticating: 'Awaiting 3-D Secure',
  badgeHeld: 'Held',
  badgePaid: 'Paid',
  badgePartiallyRefunded: 'Partially refunded',
  badgeRefunded: 'Refunded',
  badgeReversed: 'Reversed',
  badgeDeclined: 'Declined',
  badgeExpired: 'Expired',
  badgeNeedsAttention: 'Needs attention',
  noOrders: 'No order matches.',
  forbidden: 'Your role does not allow this.',
  notFound: 'There is no such order, or it belongs to a merchant you do not see.',
  csrf: 'This form has expired or did not come from the console. Open the page again.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  done: 'Done.',
  duplicate: 'This form was already submitted; its outcome is shown below.',
  refused: 'Refused: {message}',
  amountMissing: 'Enter an amount in {currency}, or choose the whole remaining amount.',
  amountUnreadable: '"{typed}" is not an amount in {currency}.',
  amountZero: 'The amount must be more than zero.',
  amountTooLarge: 'The amount is more than the {left} that is left.',
  nothingLeft: 'Nothing is left to move on this order.',
  amountNotExplicit: 'The form named no amount to move. Open the confirmation again.',
  wholeCapture: 'Capture the whole remaining {amount}…',
  wholeReverse: 'Reverse the whole remaining {amount}…',
  wholeRefund: 'Refund the whole remaining {amount}…',
  merchantSections: 'Sections of this merchant',
  reviewChange: 'Review the change…',
} as const;

export type ConsoleText = keyof typeof CONSOLE_EN;

export function text(key: ConsoleText, vars: Readonly<Record<string, string | number>> = {}): string {
  return filledIn(CONSOLE_EN[key], vars);
}

/** A catalogue's template with its `{name}` places filled (the console's other catalogues use it too). */
export function filledIn(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

export const STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'registered',
  1: 'held',
  2: 'paid',
  3: 'reversed',
  4: 'refunded',
  5: 'at the ACS',
  6: 'declined',
};

/** `12.50 EUR` from minor units and the numeric currency code orders keep. */
export function money(amountMinor: number | null, numeric: string | null): string {
  if (amountMinor === null) return '';
  const currency = numeric === null ? undefined : currencyByNumeric(numeric);
  if (currency === undefined) return `${amountMinor} ${numeric ?? ''}`.trim();
  return plainMoney(amountMinor, currency);
}

/** `EUR` for the numeric code `978`. */
export function currencyName(numeric: string): string {
  return currencyByNumeric(numeric)?.alpha ?? numeric;
}

/** Minor units from what an operator typed in major units (`12.5`, `12,50`); undefined if unreadable. */
export function minorUnits(typed: string, numeric: string): number | undefined {
  const currency = currencyByNumeric(numeric);
  const exponent = currency?.exponent ?? 2;
  const normal = typed.trim().replace(',', '.');
  const pattern = exponent === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(\\.\\d{1,${exponent}})?$`);
  if (!pattern.test(normal)) return undefined;
  const [whole = '0', fraction = ''] = normal.split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

export function when(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}
