import { searchKeysOf } from '../../domain/console-search-key.js';
import { currencyByAlpha } from '../../domain/currencies.js';
import type { ConsoleOrderQuery } from '../../services/console/console-orders.js';
import { minorUnits } from './console-text.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Each filter's name in the list's address, as its field and its chip name it. */
export const FILTER_LABELS: Readonly<Record<string, string>> = {
  q: 'Search',
  merchant: 'Merchant',
  status: 'Status',
  from: 'Created from',
  to: 'Created to',
  min: 'Amount from',
  max: 'Amount to',
  currency: 'Currency',
  orderNumber: 'Order number',
  orderId: 'Gatehouse order id',
  last4: 'Card last four',
  way: 'Payment way',
  p2p: 'Transfer',
  dcc: 'DCC',
  attention: 'Needs attention',
};

/** The list's filters from the query string; a value that cannot be read is named in `problems`. */
export function orderQueryOf(
  fields: Record<string, string>,
  merchants: readonly { id: string; login: string }[],
): { query: ConsoleOrderQuery; problems: string[] } {
  const problems: string[] = [];
  const query: { -readonly [K in keyof ConsoleOrderQuery]: ConsoleOrderQuery[K] } = {};
  const given = (name: string): string | undefined => {
    const value = fields[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const merchant = given('merchant');
  if (merchant !== undefined) {
    const found = merchants.find((candidate) => candidate.login === merchant);
    if (found === undefined) problems.push(`merchant "${merchant}" is not one you see`);
    else query.merchantId = found.id;
  }
  const status = given('status');
  if (status !== undefined) {
    if (/^[0-6]$/.test(status)) query.status = Number(status);
    else problems.push('status must be 0 to 6');
  }
  const currencyText = given('currency');
  const currency = currencyText === undefined ? undefined : currencyByAlpha(currencyText.toUpperCase());
  if (currencyText !== undefined && currency === undefined)
    problems.push(`currency "${currencyText}" is unknown`);
  if (currency !== undefined) query.currency = currency.numeric;
  for (const [name, member] of [
    ['min', 'minAmount'],
    ['max', 'maxAmount'],
  ] as const) {
    const typed = given(name);
    if (typed === undefined) continue;
    const minor = minorUnits(typed, currency?.numeric ?? '978');
    if (minor === undefined) problems.push(`${name} amount "${typed}" is not an amount`);
    else query[member] = minor;
  }
  for (const [name, member, endOfDay] of [
    ['from', 'fromMs', false],
    ['to', 'toMs', true],
  ] as const) {
    const day = given(name);
    if (day === undefined) continue;
    const ms = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(ms)) problems.push(`${name} date must be YYYY-MM-DD`);
    else query[member] = endOfDay ? ms + DAY_MS : ms;
  }
  const lastFour = given('last4');
  if (lastFour !== undefined) {
    if (/^\d{4}$/.test(lastFour)) query.lastFour = lastFour;
    else problems.push('last four digits must be four digits');
  }
  const orderNumber = given('orderNumber');
  if (orderNumber !== undefined) query.orderNumber = orderNumber.slice(0, 255);
  const orderId = given('orderId');
  if (orderId !== undefined) query.orderId = orderId.slice(0, 64);
  const way = given('way');
  if (way !== undefined) query.paymentWay = way.slice(0, 40);
  const p2p = given('p2p');
  if (p2p !== undefined) {
    if (['STANDARD', 'AFT', 'OCT'].includes(p2p)) query.p2pType = p2p;
    else problems.push('transfer type must be STANDARD, AFT or OCT');
  }
  const dcc = given('dcc');
  if (dcc === 'yes') query.dcc = true;
  if (dcc === 'no') query.dcc = false;
  if (given('attention') === 'yes') query.needsAttention = true;
  const typed = given('q');
  if (typed !== undefined) query.search = searchKeysOf(typed);
  for (const side of ['after', 'before'] as const) {
    const value = given(side);
    if (value === undefined) continue;
    const match = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(value);
    if (match === null) problems.push('the page link is damaged; start from the first page');
    else query[side] = { createdAtMs: Number(match[1]), id: match[2] ?? '' };
  }
  if (query.after !== undefined && query.before !== undefined) delete query.before;
  return { query, problems };
}
