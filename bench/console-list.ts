import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readProbe } from './harness.js';
import { lastFourOf, NEEDS_ATTENTION_EVERY, type Preloaded } from './preload.js';
import type { Endpoint } from './harness.js';
import { ROOT } from './world.js';

/*
 * The operator console's order list (GET /console/orders) at the preloaded size: one request at a
 * time, as one operator clicks, so each figure is one page's latency (HTTP included) on a server
 * with nothing else to do. The hundredth page is reached the way an operator reaches it: by
 * following the page's "next" link (its `after` keyset, or a bounded search's "search older") 99
 * times from the first page; from there, its "newer" link is timed too. Beside each page, a status
 * request (getOrderStatusExtended.do) is sent while the page is being answered: its delay over a
 * status request alone is what a slow list would cost the payment API (issue 43, point 4).
 */

/** Timed requests per page (after one untimed request). */
const REPS = Number(process.env.BENCH_CONSOLE_REPS ?? 20);
/** The page that stands for "deep in the list". */
const DEEP_PAGE = 100;
const PASSWORD = 'bench-operator-password';

export interface ConsoleRow {
  /** What the operator asked for, in words. */
  readonly list: string;
  /** The query string of the first page. */
  readonly query: string;
  readonly operator: 'admin' | 'limited';
  readonly preloaded: number;
  /** 1, or 100 (the hundredth page, reached by following "next"). */
  readonly page: number | '100 newer';
  /** Orders on the page. */
  readonly rows: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly requests: number;
  /** Every SQL statement the server ran per page (session, merchants, the list), from its probe. */
  readonly statementsPerRequest: number;
  /** The server's CPU time per page. */
  readonly cpuMsPerRequest: number;
  /** Median ms a status request sent during the page took beyond one sent alone. */
  readonly statusDelayMs: number;
}

/** The status request sent beside the pages: the bench merchant's registered order. */
export interface StatusRequest {
  readonly path: string;
  readonly body: string;
}

export function statusRequestOf(endpoints: readonly Endpoint[]): StatusRequest | undefined {
  const step = endpoints.find((endpoint) => endpoint.name === 'getOrderStatusExtended.do')?.steps[0];
  return step === undefined ? undefined : { path: step.path, body: step.body(0, {}) };
}

/** Pages missing because the list ends before the hundredth: reported beside the rows. */
export interface ConsoleShortList {
  readonly list: string;
  readonly operator: 'admin' | 'limited';
  readonly pages: number;
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

class Operator {
  private cookie = '';
  constructor(
    private readonly baseUrl: string,
    readonly email: string,
  ) {}

  async login(): Promise<void> {
    // The login form's token, and the cookie it is a digest of, as a browser opening it gets them.
    const form = await fetch(`${this.baseUrl}/console/login`, { redirect: 'manual' });
    const formCookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = /name="csrf" value="([^"]*)"/.exec(await form.text())?.[1] ?? '';
    const response = await fetch(`${this.baseUrl}/console/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: formCookie },
      body: new URLSearchParams({ csrf, email: this.email, password: PASSWORD }).toString(),
    });
    await response.text();
    const cookie = response.headers.get('set-cookie');
    if (response.status !== 303 || cookie === null)
      throw new Error(`console login of ${this.email} answered ${response.status}`);
    this.cookie = cookie.split(';')[0] ?? '';
  }

  /** One page: its time, its orders and the link to the next page, if any. */
  async page(path: string): Promise<{ ms: number; rows: number; next?: string; previous?: string }> {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: 'manual',
      headers: { cookie: this.cookie },
    });
    const html = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${html.slice(0, 300)}`);
    if (html.includes('Ignored:')) throw new Error(`${path}: the console ignored a filter`);
    const rows = html.match(/<td><a href="\/console\/orders\/[0-9a-f-]{36}">/g)?.length ?? 0;
    const next = /<a rel="next" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    const previous = /<a rel="prev" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    return {
      ms,
      rows,
      ...(next === undefined ? {} : { next }),
      ...(previous === undefined ? {} : { previous }),
    };
  }
}

function createOperator(env: Record<string, string>, email: string, role: string, merchants: string[]): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'bin/gatehouse.js'),
      'operator',
      'create',
      '--email',
      email,
      '--role',
      role,
      '--password',
      PASSWORD,
      ...merchants.flatMap((login) => ['--merchant', login]),
    ],
    { env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' }, stdio: 'ignore' },
  );
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The id preload.ts gives order n. */
const preloadedId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
/** The BIN preload.ts gives order n's card. */
const firstSixOf = (n: number) => (Math.floor(n / 3) % 2 === 0 ? '411111' : '555555');

/** Sends the status request once the page's request is on its way; its ms. */
async function statusBeside(baseUrl: string, status: StatusRequest): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${status.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: status.body,
  });
  await response.text();
  return performance.now() - started;
}

/**
 * Logs an admin (every merchant) and a viewer limited to two merchants in, then times the first
 * and the hundredth page of the unfiltered list and of each filter below, REPS times each.
 */
export async function measureConsoleList(options: {
  readonly env: Record<string, string>;
  readonly baseUrl: string;
  readonly server: ChildProcess;
  readonly probeFile: string;
  readonly workers: number;
  readonly preloaded: Preloaded;
  readonly count: number;
  readonly status?: StatusRequest;
}): Promise<{ rows: ConsoleRow[]; short: ConsoleShortList[] }> {
  const { env, baseUrl, server, probeFile, workers, preloaded, count, status } = options;
  const logins = preloaded.merchants.map((merchant) => merchant.login);
  // The smallest merchant (5 %), the commonest status and a rare one (deposited 68 %, reversed 4 %).
  const smallMerchant = logins.at(-1) ?? '';
  const [oldest, newest] = preloaded.createdRangeMs;
  // A week in the middle of the preloaded period.
  const middle = oldest + (newest - oldest) / 2;
  const week = `from=${day(middle)}&to=${day(middle + 6 * 86_400_000)}`;
  // The last four digits of the newest preloaded order: shared by about one order in 10,000.
  const lastFour = lastFourOf(count);
  // An order number from the middle of the preload, on any merchant (unique per merchant).
  const middleOrder = Math.max(1, Math.floor(count / 2));
  const stamp = Date.now().toString(36);
  const admin = new Operator(baseUrl, `bench-admin-${stamp}@ops.example`);
  const limited = new Operator(baseUrl, `bench-viewer-${stamp}@ops.example`);
  createOperator(env, admin.email, 'admin', []);
  createOperator(env, limited.email, 'viewer', [logins[1] ?? '', logins[2] ?? '']);
  await admin.login();
  await limited.login();

  const lists: { list: string; query: string; who: Operator }[] = [
    { list: 'all orders', query: '', who: admin },
    { list: `merchant ${smallMerchant} (5 %)`, query: `merchant=${smallMerchant}`, who: admin },
    { list: 'status deposited (68 %)', query: 'status=2', who: admin },
    { list: 'status reversed (4 %)', query: 'status=3', who: admin },
    { list: `last four ${lastFour}`, query: `last4=${lastFour}`, who: admin },
    { list: `needs attention (1 in ${NEEDS_ATTENTION_EVERY} paid)`, query: 'attention=yes', who: admin },
    { list: 'a week', query: week, who: admin },
    {
      list: `merchant ${smallMerchant}, status reversed`,
      query: `merchant=${smallMerchant}&status=3`,
      who: admin,
    },
    {
      list: `merchant ${smallMerchant}, status deposited`,
      query: `merchant=${smallMerchant}&status=2`,
      who: admin,
    },
    { list: `merchant ${smallMerchant}, a week`, query: `merchant=${smallMerchant}&${week}`, who: admin },
    // Filters no index serves: read in the list's order until a page is full.
    { list: 'payment way GOOGLE_PAY_CARD (3 %)', query: 'way=GOOGLE_PAY_CARD', who: admin },
    // Nothing to find: the whole table is read (the worst case of a filter no index serves).
    { list: 'payment way SAMSUNG_PAY (none)', query: 'way=SAMSUNG_PAY', who: admin },
    { list: 'amount 500.00-505.00 EUR (0.5 %)', query: 'min=500.00&max=505.00&currency=EUR', who: admin },
    { list: `order number preload-${middleOrder}`, query: `orderNumber=preload-${middleOrder}`, who: admin },
    { list: `limited operator (${logins[1]}, ${logins[2]})`, query: '', who: limited },
    { list: `limited operator, last four ${lastFour}`, query: `last4=${lastFour}`, who: limited },
    // Issue 43: the rest of the filters no index serves, each searched within bounded windows.
    { list: 'transfer STANDARD (3 %)', query: 'p2p=STANDARD', who: admin },
    { list: 'transfer OCT (none)', query: 'p2p=OCT', who: admin },
    { list: 'DCC converted (1 %)', query: 'dcc=yes', who: admin },
    { list: 'DCC not converted (99 %)', query: 'dcc=no', who: admin },
    { list: 'currency USD (none)', query: 'currency=USD', who: admin },
    { list: 'amount 9000-9999 EUR (none)', query: 'min=9000&max=9999&currency=EUR', who: admin },
    {
      list: `merchant ${smallMerchant}, way SAMSUNG_PAY (none)`,
      query: `merchant=${smallMerchant}&way=SAMSUNG_PAY`,
      who: admin,
    },
    { list: 'status reversed, way APPLE_PAY', query: 'status=3&way=APPLE_PAY', who: admin },
    { list: 'limited operator, way SAMSUNG_PAY (none)', query: 'way=SAMSUNG_PAY', who: limited },
    // Issue 43: the search box, each kind of key.
    { list: `search order number preload-${middleOrder}`, query: `q=preload-${middleOrder}`, who: admin },
    { list: 'search order id', query: `q=${preloadedId(middleOrder)}`, who: admin },
    { list: `search last four ${lastFour}`, query: `q=${lastFour}`, who: admin },
    {
      list: `search first six, last four ${firstSixOf(count)}…${lastFour}`,
      query: `q=${firstSixOf(count)}******${lastFour}`,
      who: admin,
    },
    { list: 'search e-mail', query: 'q=payer%40example.com', who: admin },
    { list: 'search phone', query: 'q=%2B4915112345678', who: admin },
    { list: 'search RRN', query: `q=${String(middleOrder).padStart(12, '0')}`, who: admin },
    {
      list: 'search approval code',
      query: `q=${String(middleOrder % 1_000_000).padStart(6, '0')}`,
      who: admin,
    },
    { list: 'search binding id (none)', query: 'q=0193a1b2-0000-7000-8000-0000000b1d00', who: admin },
    { list: 'search client id (none)', query: 'q=bench-client-7', who: admin },
    { list: `search last four ${lastFour}, status deposited`, query: `q=${lastFour}&status=2`, who: admin },
    { list: `limited operator, search last four ${lastFour}`, query: `q=${lastFour}`, who: limited },
  ];
  // Issue 43, point 5: the overview's three windows (target 200 ms), read from the roll-ups.
  const overviews: { list: string; query: string; who: Operator }[] = [
    { list: 'overview 24 hours by hour', query: 'window=24h', who: admin },
    { list: 'overview 30 days by day', query: 'window=30d', who: admin },
    { list: 'overview 12 months by month', query: 'window=12m', who: admin },
    { list: 'overview 30 days, limited operator', query: 'window=30d', who: limited },
    { list: 'overview 12 months, limited operator', query: 'window=12m', who: limited },
  ];
  // Names hold commas ("merchant …, way …"): with a `|` in it, the list is split on that instead.
  const asked = process.env.BENCH_CONSOLE_ONLY;
  const only = asked?.split(asked.includes('|') ? '|' : ',');
  const rows: ConsoleRow[] = [];
  const short: ConsoleShortList[] = [];
  const statusAlone = async (): Promise<number> => {
    if (status === undefined) return 0;
    const alone: number[] = [];
    for (let rep = 0; rep < REPS; rep += 1) alone.push(await statusBeside(baseUrl, status));
    return percentile(alone, 0.5);
  };
  const timed = async (
    entry: (typeof lists)[number],
    path: string,
    page: ConsoleRow['page'],
  ): Promise<ConsoleRow> => {
    const untimed = await entry.who.page(path);
    await readProbe(server, probeFile, workers);
    const times: number[] = [];
    for (let rep = 0; rep < REPS; rep += 1) times.push((await entry.who.page(path)).ms);
    const reading = await readProbe(server, probeFile, workers);
    // The status request leaves a millisecond after the page's: it waits for whatever part of the
    // page the serving process is busy with when it arrives.
    const alone = await statusAlone();
    const beside: number[] = [];
    if (status !== undefined)
      for (let rep = 0; rep < REPS; rep += 1) {
        const pageDone = entry.who.page(path);
        await new Promise((resolve) => setTimeout(resolve, 1));
        beside.push(await statusBeside(baseUrl, status));
        await pageDone;
      }
    const statements = Object.values(reading.statements).reduce((sum, n) => sum + n, 0);
    const row: ConsoleRow = {
      list: entry.list,
      query: entry.query,
      operator: entry.who === admin ? 'admin' : 'limited',
      preloaded: count,
      page,
      rows: untimed.rows,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      maxMs: Math.max(...times),
      requests: REPS,
      statementsPerRequest: statements / REPS,
      cpuMsPerRequest: reading.cpuMs / REPS,
      statusDelayMs: beside.length === 0 ? 0 : Math.max(0, percentile(beside, 0.5) - alone),
    };
    console.error(
      `console: ${row.list} page ${page}: median ${row.medianMs.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms, ${row.rows} rows, status delay ${row.statusDelayMs.toFixed(1)} ms`,
    );
    return row;
  };
  for (const entry of overviews) {
    if (only !== undefined && !only.some((name) => entry.list.startsWith(name))) continue;
    rows.push(await timed(entry, `/console/overview?${entry.query}`, 1));
  }
  for (const entry of lists) {
    if (only !== undefined && !only.some((name) => entry.list.startsWith(name))) continue;
    const first = `/console/orders${entry.query === '' ? '' : `?${entry.query}`}`;
    rows.push(await timed(entry, first, 1));
    let path: string | undefined = first;
    let pages = 1;
    while (pages < DEEP_PAGE) {
      const answer = await entry.who.page(path);
      if (answer.next === undefined) break;
      path = answer.next;
      pages += 1;
    }
    if (pages === DEEP_PAGE) rows.push(await timed(entry, path, DEEP_PAGE));
    else short.push({ list: entry.list, operator: entry.who === admin ? 'admin' : 'limited', pages });
    // Back one page from the deepest one reached: the "newer" link's keyset read.
    const newer = pages > 1 ? (await entry.who.page(path)).previous : undefined;
    if (newer !== undefined) rows.push(await timed(entry, newer, '100 newer'));
  }
  return { rows, short };
}

/** Lists: 100 ms median, 250 ms p95 (point 4); the overview: 200 ms (point 5); status delay 20 ms. */
function overTarget(row: ConsoleRow): boolean {
  if (row.list.startsWith('overview')) return row.medianMs > 200 || row.p95Ms > 200 || row.statusDelayMs > 20;
  return row.medianMs > 100 || row.p95Ms > 250 || row.statusDelayMs > 20;
}

export function printConsoleRows(rows: readonly ConsoleRow[], short: readonly ConsoleShortList[]): void {
  if (rows.length === 0) return;
  console.log(
    `\nconsole order list (GET /console/orders, 50 a page), ${rows[0]?.preloaded} preloaded orders, one request at a time, ${rows[0]?.requests} timed requests per page:`,
  );
  console.log(
    'list                                               page       orders  median ms  p95 ms  max ms  SQL/page  CPU ms/page  status delay ms',
  );
  for (const row of rows) {
    console.log(
      `${row.list.padEnd(50)} ${String(row.page).padStart(9)}  ${String(row.rows).padStart(6)}  ${row.medianMs.toFixed(1).padStart(9)}  ${row.p95Ms.toFixed(1).padStart(6)}  ${row.maxMs.toFixed(1).padStart(6)}  ${row.statementsPerRequest.toFixed(1).padStart(8)}  ${row.cpuMsPerRequest.toFixed(1).padStart(11)}  ${row.statusDelayMs.toFixed(1).padStart(15)}${overTarget(row) ? '  over target' : ''}`,
    );
  }
  for (const entry of short) {
    console.log(`  ${entry.list}: ${entry.pages} page(s) only, no hundredth page`);
  }
}
