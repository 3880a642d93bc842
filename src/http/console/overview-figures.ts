import { ACTION_CODE } from '../../domain/action-codes.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { MESSAGES_EN, type MessageKey } from '../../i18n/messages-en.js';
import type { CurrencySeries, Overview } from '../../services/console/console-overview.js';
import { html, type Html } from '../pages/html.js';
import { currencyName, money } from './console-text.js';

/** What the page script needs to draw one chart (sent as JSON in the page data). */
export interface ChartSpec {
  readonly id: string;
  readonly type: 'bar' | 'line';
  readonly labels: readonly string[];
  readonly datasets: readonly { readonly label: string; readonly data: readonly (number | null)[] }[];
  readonly stacked?: boolean;
  readonly horizontal?: boolean;
  /** The value axis runs from 0 to 100 %. */
  readonly percent?: boolean;
  /** Counts: no ticks between whole numbers. */
  readonly whole?: boolean;
  /** Title of the value axis. */
  readonly unit?: string;
}

/** One figure of the page: a chart and the table with its numbers. */
export interface Figure {
  readonly id: string;
  readonly title: string;
  /** What the figure counts, shown under its title. */
  readonly counts: string;
  readonly chart: ChartSpec;
  readonly table: Html;
}

type Cell = string | number;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** `62.5 %`, or a dash when nothing was counted. */
export function percent(part: number, whole: number): string {
  const share = rate(part, whole);
  return share === null ? '–' : `${share} %`;
}

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

function major(amountMinor: number, numeric: string): number {
  return amountMinor / 10 ** (currencyByNumeric(numeric)?.exponent ?? 2);
}

/** The name of an action code in the domain's tables (the first listed where two share one). */
function reasonName(actionCode: number): string | undefined {
  return (
    Object.entries(DECLINE_REASONS).find(([, reason]) => reason.actionCode === actionCode)?.[0] ??
    Object.entries(ACTION_CODE).find(([, code]) => code === actionCode)?.[0]
  );
}

/** The English description of an action code, as the API's actionCodeDescription gives it. */
export function declineReason(actionCode: number): string {
  const name = reasonName(actionCode) ?? '';
  if (Object.hasOwn(DECLINE_REASONS, name))
    return MESSAGES_EN[DECLINE_REASONS[name as keyof typeof DECLINE_REASONS].message];
  const key = `actionCode.${name}`;
  return Object.hasOwn(MESSAGES_EN, key) ? MESSAGES_EN[key as MessageKey] : 'Other';
}

/** `116 insufficient funds`: short enough for a chart's axis. */
function shortReason(actionCode: number): string {
  const words = (reasonName(actionCode) ?? 'other')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .replace('three ds', '3-D Secure')
    .replace(/\b(acs|cvc)\b/, (word) => word.toUpperCase());
  return `${actionCode} ${words}`;
}

/** Buckets as the charts label them (short) and as the tables do (with the date). */
function bucketLabels(overview: Overview): { short: string[]; long: string[] } {
  const iso = overview.buckets.map((ms) => new Date(ms).toISOString());
  switch (overview.unit) {
    case 'hour':
      return {
        short: iso.map((text) => `${text.slice(11, 13)}:00`),
        long: iso.map((text) => `${text.slice(0, 10)} ${text.slice(11, 13)}:00`),
      };
    case 'day':
      return { short: iso.map((text) => text.slice(5, 10)), long: iso.map((text) => text.slice(0, 10)) };
    case 'month':
      return { short: iso.map((text) => text.slice(0, 7)), long: iso.map((text) => text.slice(0, 7)) };
  }
}

function table(
  id: string,
  caption: string,
  head: readonly string[],
  rows: readonly (readonly Cell[])[],
  total?: readonly Cell[],
): Html {
  const row = (cells: readonly Cell[]) =>
    html`<tr>
      <th scope="row">${cells[0]}</th>
      ${cells.slice(1).map((cell) => html`<td>${cell}</td>`)}
    </tr>`;
  return html`<table id="${id}">
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${head.map((name) => html`<th scope="col">${name}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(row)}
    </tbody>
    ${
      total === undefined
        ? ''
        : html`<tfoot>
            ${row(total)}
          </tfoot>`
    }
  </table>`;
}

/** Rows of one number per bucket, a column per series, and their totals. */
function bucketTable(
  id: string,
  caption: string,
  labels: readonly string[],
  columns: readonly { readonly name: string; readonly values: readonly Cell[]; readonly total: Cell }[],
): Html {
  return table(
    id,
    caption,
    ['Period (UTC)', ...columns.map((column) => column.name)],
    labels.map((label, index) => [label, ...columns.map((column) => column.values[index] ?? '')]),
    ['Total', ...columns.map((column) => column.total)],
  );
}

function currencyColumns(series: readonly CurrencySeries[], pick: 'orders' | 'approvedMinor') {
  return series.map((one) =>
    pick === 'orders'
      ? { name: currencyName(one.currency), values: one.orders, total: sum(one.orders) }
      : {
          name: currencyName(one.currency),
          values: one.approvedMinor.map((amount) => money(amount, one.currency)),
          total: money(sum(one.approvedMinor), one.currency),
        },
  );
}

function currencyDatasets(series: readonly CurrencySeries[], pick: 'orders' | 'approvedMinor') {
  return series.map((one) => ({
    label: currencyName(one.currency),
    data: pick === 'orders' ? one.orders : one.approvedMinor.map((amount) => major(amount, one.currency)),
  }));
}

type BucketLabels = ReturnType<typeof bucketLabels>;

function ordersFigure(overview: Overview, labels: BucketLabels): Figure {
  const noCurrency = [{ name: 'Orders', values: labels.long.map(() => 0), total: 0 }];
  return {
    id: 'orders',
    title: 'Orders by currency',
    counts:
      'Orders created in each period, whatever became of them (transfers included), by the currency of the order.',
    chart: {
      id: 'chart-orders',
      type: 'bar',
      labels: labels.short,
      datasets: currencyDatasets(overview.volume, 'orders'),
      stacked: true,
      whole: true,
      unit: 'orders',
    },
    table: bucketTable(
      'table-orders',
      'Orders created per period and currency',
      labels.long,
      overview.volume.length === 0 ? noCurrency : currencyColumns(overview.volume, 'orders'),
    ),
  };
}

function volumeFigure(overview: Overview, labels: BucketLabels): Figure {
  const noCurrency = [{ name: 'Orders', values: labels.long.map(() => 0), total: 0 }];
  return {
    id: 'volume',
    title: 'Approved volume by currency',
    counts:
      'The amounts of the orders created in each period that the issuer approved: held, paid, or later reversed or refunded.',
    chart: {
      id: 'chart-volume',
      type: 'bar',
      labels: labels.short,
      datasets: currencyDatasets(overview.volume, 'approvedMinor'),
      unit: 'amount (major units)',
    },
    table: bucketTable(
      'table-volume',
      'Approved amount per period and currency',
      labels.long,
      overview.volume.length === 0 ? noCurrency : currencyColumns(overview.volume, 'approvedMinor'),
    ),
  };
}

function approvalFigure(overview: Overview, labels: BucketLabels): Figure {
  const { approved, declined } = overview.approval;
  return {
    id: 'approval',
    title: 'Approval rate',
    counts:
      'Of the orders that reached the issuer, the share it approved. An order reached the issuer when an authorization or a transfer debit was sent for it; orders declined before that (by 3-D Secure, or expired) are left out.',
    chart: {
      id: 'chart-approval',
      type: 'line',
      labels: labels.short,
      datasets: [
        {
          label: 'Approval rate',
          data: approved.map((count, index) => rate(count, count + (declined[index] ?? 0))),
        },
      ],
      percent: true,
    },
    table: bucketTable('table-approval', 'Orders approved and declined by the issuer', labels.long, [
      { name: 'Approved', values: approved, total: sum(approved) },
      { name: 'Declined by the issuer', values: declined, total: sum(declined) },
      {
        name: 'Approval rate',
        values: approved.map((count, index) => percent(count, count + (declined[index] ?? 0))),
        total: percent(sum(approved), sum(approved) + sum(declined)),
      },
    ]),
  };
}

function declinesFigure(overview: Overview): Figure {
  return {
    id: 'declines',
    title: 'Declines by reason',
    counts:
      'Orders created in the window and declined, by the action code they were declined with: the issuer’s reasons and those of 3-D Secure or expiry.',
    chart: {
      id: 'chart-declines',
      type: 'bar',
      labels: overview.declines.map((decline) => shortReason(decline.actionCode)),
      datasets: [{ label: 'Declined orders', data: overview.declines.map((decline) => decline.count) }],
      horizontal: true,
      whole: true,
      unit: 'orders',
    },
    table: table(
      'table-declines',
      'Declined orders by action code',
      ['Action code', 'Reason', 'Orders'],
      overview.declines.map((decline) => [
        decline.actionCode,
        declineReason(decline.actionCode),
        decline.count,
      ]),
      ['Total', '', sum(overview.declines.map((decline) => decline.count))],
    ),
  };
}

function threeDsFigure(overview: Overview, labels: BucketLabels): Figure {
  const three = overview.threeDs;
  return {
    id: 'threeds',
    title: '3-D Secure challenges',
    counts:
      'Authentications started in each period. Challenge rate: the share sent to the issuer’s challenge (an ARes C, an RReq, or 3-D Secure 1.0). Challenge success: of those, the share whose RReq said Y or A. Authenticated: a challenge passed, or a frictionless Y or A.',
    chart: {
      id: 'chart-threeds',
      type: 'line',
      labels: labels.short,
      datasets: [
        {
          label: 'Challenge rate',
          data: three.challenged.map((count, index) => rate(count, three.started[index] ?? 0)),
        },
        {
          label: 'Challenge success rate',
          data: three.challengesPassed.map((count, index) => rate(count, three.challenged[index] ?? 0)),
        },
      ],
      percent: true,
    },
    table: bucketTable('table-threeds', '3-D Secure authentications and challenges', labels.long, [
      { name: 'Authentications', values: three.started, total: sum(three.started) },
      { name: 'Challenged', values: three.challenged, total: sum(three.challenged) },
      {
        name: 'Challenge rate',
        values: three.challenged.map((count, index) => percent(count, three.started[index] ?? 0)),
        total: percent(sum(three.challenged), sum(three.started)),
      },
      { name: 'Challenges passed', values: three.challengesPassed, total: sum(three.challengesPassed) },
      {
        name: 'Challenge success rate',
        values: three.challengesPassed.map((count, index) => percent(count, three.challenged[index] ?? 0)),
        total: percent(sum(three.challengesPassed), sum(three.challenged)),
      },
      { name: 'Authenticated', values: three.authenticated, total: sum(three.authenticated) },
    ]),
  };
}

function p2pFigure(overview: Overview, labels: BucketLabels): Figure {
  return {
    id: 'p2p',
    title: 'Card-to-card transfer volume',
    counts:
      'Transfers (card to card, AFT and OCT) created in each period whose debit the issuer approved, and their amounts, by currency.',
    chart: {
      id: 'chart-p2p',
      type: 'bar',
      labels: labels.short,
      datasets: currencyDatasets(overview.p2p, 'approvedMinor'),
      unit: 'amount (major units)',
    },
    table: bucketTable(
      'table-p2p',
      'Approved transfers per period and currency',
      labels.long,
      overview.p2p.length === 0
        ? [{ name: 'Transfers', values: labels.long.map(() => 0), total: 0 }]
        : overview.p2p.flatMap((one) => [
            {
              name: `${currencyName(one.currency)} transfers`,
              values: one.approved,
              total: sum(one.approved),
            },
            ...currencyColumns([one], 'approvedMinor').map((column) => ({
              ...column,
              name: `${column.name} amount`,
            })),
          ]),
    ),
  };
}

function callbacksFigure(overview: Overview, labels: BucketLabels): Figure {
  const callbacks = overview.callbacks;
  return {
    id: 'callbacks',
    title: 'Callbacks',
    counts:
      'Callbacks to merchants written in each period, by where they stand now: delivered, still pending (being retried), or dead (given up after every attempt).',
    chart: {
      id: 'chart-callbacks',
      type: 'bar',
      labels: labels.short,
      datasets: [
        { label: 'Delivered', data: callbacks.delivered },
        { label: 'Pending', data: callbacks.pending },
        { label: 'Dead', data: callbacks.dead },
      ],
      stacked: true,
      whole: true,
      unit: 'callbacks',
    },
    table: bucketTable('table-callbacks', 'Callbacks per period by state', labels.long, [
      { name: 'Delivered', values: callbacks.delivered, total: sum(callbacks.delivered) },
      { name: 'Pending', values: callbacks.pending, total: sum(callbacks.pending) },
      { name: 'Dead', values: callbacks.dead, total: sum(callbacks.dead) },
    ]),
  };
}

function stepsFigure(overview: Overview): Figure {
  const steps = overview.steps;
  return {
    id: 'steps',
    title: 'Money steps open now',
    counts:
      'Captures, reversals, refunds, authorizations and transfer legs not finished now, whenever they started: pending ones wait for the acquirer’s answer or for the recovery job; those that need attention wait for a person.',
    chart: {
      id: 'chart-steps',
      type: 'bar',
      labels: ['Pending, not retried yet', 'Pending, retried by recovery', 'Needs attention'],
      datasets: [
        { label: 'Steps', data: [steps.pending - steps.retried, steps.retried, steps.needsAttention] },
      ],
      whole: true,
      unit: 'steps',
    },
    table: table(
      'table-steps',
      'Money steps not finished',
      ['State', 'Steps'],
      [
        ['Pending, not retried yet', steps.pending - steps.retried],
        ['Pending, retried by recovery', steps.retried],
        ['Needs attention', steps.needsAttention],
      ],
    ),
  };
}

/** Every figure of the overview, in the order the page shows them. */
export function overviewFigures(overview: Overview): Figure[] {
  const labels = bucketLabels(overview);
  return [
    ordersFigure(overview, labels),
    volumeFigure(overview, labels),
    approvalFigure(overview, labels),
    declinesFigure(overview),
    threeDsFigure(overview, labels),
    p2pFigure(overview, labels),
    callbacksFigure(overview, labels),
    stepsFigure(overview),
    latencyFigure(overview),
  ];
}

function latencyFigure(overview: Overview): Figure {
  const bound = (ms: number | null) => (ms === null ? 'over 10 s' : `≤ ${ms} ms`);
  return {
    id: 'latency',
    title: 'Acquirer latency',
    counts:
      'Gatehouse does not store how long the acquirer took, so these are the measurements of the Gatehouse process that served this page (its gatehouse_acquirer_call_duration_seconds histogram, as /metrics shows it), since that process started: every merchant, not only the window. A percentile is the histogram bucket bound it falls within.',
    chart: {
      id: 'chart-latency',
      type: 'bar',
      labels: overview.latency.map((kind) => kind.kind),
      datasets: [
        { label: 'Half of calls within', data: overview.latency.map((kind) => kind.p50Ms) },
        { label: '9 in 10 within', data: overview.latency.map((kind) => kind.p90Ms) },
        { label: '99 in 100 within', data: overview.latency.map((kind) => kind.p99Ms) },
      ],
      unit: 'milliseconds',
    },
    table: table(
      'table-latency',
      'Acquirer call times by kind of call',
      [
        'Kind',
        ...(overview.limited ? [] : ['Calls']),
        'Mean',
        'Half within',
        '9 in 10 within',
        '99 in 100 within',
      ],
      overview.latency.map((kind) => [
        kind.kind,
        ...(kind.calls === undefined ? [] : [kind.calls]),
        `${kind.meanMs.toFixed(1)} ms`,
        bound(kind.p50Ms),
        bound(kind.p90Ms),
        bound(kind.p99Ms),
      ]),
    ),
  };
}
