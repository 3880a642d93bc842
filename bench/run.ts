import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config/config.js';
import { systemClock } from '../src/domain/clock.js';
import { cryptoRandom } from '../src/domain/random-source.js';
import { mintWalletAToken } from '../src/processing/wallets/wallet-a/index.js';
import { openAdmin } from '../src/server.js';
import { SandboxWallets } from '../src/services/wallets/sandbox-wallets.js';
import { WalletKeyring } from '../src/services/wallets/wallet-keyring.js';
import { WalletTrust } from '../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../src/store/merchant-repository.js';
import { WalletRepository } from '../src/store/wallet-repository.js';
import { freePort } from '../test/support/free-port.js';

/**
 * npm run bench: Gatehouse (SQLite, synchronous=FULL) against a bare node:http server in the same
 * run, same connections and duration, for register.do, getOrderStatusExtended.do, instantPayment.do
 * (approved, one-phase), a two-phase cycle: a hold (instantPayment.do preAuth=true) then its
 * capture (deposit.do with the hold's orderId, amount 0), two requests on one connection, and
 * getLastOrdersForMerchants.do: the first page of the day's orders (every order the earlier loads
 * made, so tens of thousands, counted on every call), and wallet-a/payment.do: a sandbox wallet A
 * token verified, decrypted and paid (approved, one-phase, no 3-D Secure), each token once.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;

const REGISTER = '/payment/rest/register.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const INSTANT_PAYMENT = '/payment/rest/instantPayment.do';
const DEPOSIT = '/payment/rest/deposit.do';
const LAST_ORDERS = '/payment/rest/getLastOrdersForMerchants.do';
const WALLET_A = '/payment/wallet-a/payment.do';
/** Tokens minted before the wallet load (each pays once); more are minted on the fly if it outruns them. */
const WALLET_TOKENS = Number(process.env.BENCH_WALLET_TOKENS ?? 15_000);
/** Orders per report page: enough to read real rows, small enough that the answer stays a few dozen KB. */
const LAST_ORDERS_PAGE_SIZE = 20;
const CYCLE = 'hold+capture cycle';

/** What one connection remembers within a cycle; autocannon resets it when the cycle starts over. */
interface CycleContext {
  orderId?: string;
}

interface Step {
  readonly path: string;
  /** The form body of this step in the nth cycle (n is unique within one load). */
  readonly body: (n: number, context: CycleContext) => string;
  /** instantPayment.do, deposit.do and the status always answer an errorCode; register.do omits it on success. */
  readonly errorCodeRequired: boolean;
  /** Keeps the answer's orderId in the context for the following steps of the cycle. */
  readonly keepsOrderId?: boolean;
  /** The body's type when it is not a form (the wallet operations take JSON). */
  readonly contentType?: string;
}

interface Endpoint {
  readonly name: string;
  readonly steps: readonly Step[];
}

interface Measured {
  /** All requests per second, every step of a cycle counted. */
  readonly requestsPerSecond: number;
  /** Only for a cycle: last steps answered 2xx with errorCode "0", per second of the run. */
  readonly cyclesPerSecond?: number;
  /** Per request, whichever step. */
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  /** 2xx answers with an errorCode other than "0" (Gatehouse refuses with HTTP 200). */
  readonly errorCodeResponses: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
}

/** Starts a server with its output discarded, so reading logs never costs the load generator CPU. */
async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadlineMs = Date.now() + 30_000;
  while (Date.now() < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/health`);
      return { child, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not start listening`);
}

/** The string value of a top-level `"name":"…"` member, found without parsing the whole answer. */
function stringMember(body: string, name: string): string | undefined {
  const key = `"${name}":"`;
  const at = body.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = body.indexOf('"', start);
  return end < 0 ? undefined : body.slice(start, end);
}

/**
 * Loads baseUrl with the steps as one cycle per connection, repeated for durationS. Counts answers
 * that are not a success (non-2xx, or an errorCode other than "0") and throws if they are most of them.
 */
async function load(
  label: string,
  baseUrl: string,
  steps: readonly Step[],
  durationS: number,
  offset: number,
): Promise<Measured> {
  let cycle = 0;
  let responses = 0;
  let errorCodeResponses = 0;
  let completedCycles = 0;
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    requests: steps.map((step, index) => ({
      method: 'POST',
      path: step.path,
      headers: { 'content-type': step.contentType ?? 'application/x-www-form-urlencoded' },
      setupRequest: (request: autocannon.Request, context: object) => {
        if (index === 0) cycle += 1;
        return { ...request, body: step.body(offset + cycle, context) };
      },
      onResponse: (status: number, body: string, context: object) => {
        responses += 1;
        if (status < 200 || status > 299) {
          firstFailure ??= `${step.path}: HTTP ${status} ${body.slice(0, 300)}`;
          return;
        }
        const errorCode = stringMember(body, 'errorCode');
        if (errorCode === undefined ? step.errorCodeRequired : errorCode !== '0') {
          errorCodeResponses += 1;
          firstFailure ??= `${step.path}: ${body.slice(0, 300)}`;
          return;
        }
        if (step.keepsOrderId) (context as CycleContext).orderId = stringMember(body, 'orderId');
        if (index === steps.length - 1) completedCycles += 1;
      },
    })),
  });
  const failed = result.non2xx + errorCodeResponses + result.errors;
  const attempted = responses + result.errors;
  if (attempted === 0 || failed * 2 > attempted) {
    throw new Error(
      `${label}: ${failed} of ${attempted} requests failed (non-2xx ${result.non2xx}, errorCode not "0" ${errorCodeResponses}, connection errors/timeouts ${result.errors}); first: ${firstFailure ?? 'none'}`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    ...(steps.length > 1 ? { cyclesPerSecond: completedCycles / result.duration } : {}),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errorCodeResponses,
    errors: result.errors,
  };
}

async function post(url: string, body: string, contentType?: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType ?? 'application/x-www-form-urlencoded' },
    body,
  });
  return response.text();
}

/** Posts one sample request and checks its answer before the load starts, so a broken setup fails loudly. */
async function sample<T>(
  url: string,
  body: string,
  ok: (answer: T) => boolean,
  contentType?: string,
): Promise<{ text: string; answer: T }> {
  const text = await post(url, body, contentType);
  let answer: T;
  try {
    answer = JSON.parse(text) as T;
  } catch {
    throw new Error(`sample ${url} answered no JSON: ${text.slice(0, 300)}`);
  }
  if (!ok(answer)) throw new Error(`sample ${url} answered ${text.slice(0, 500)}`);
  return { text, answer };
}

interface PaymentAnswer {
  errorCode?: string;
  orderId?: string;
  orderStatus?: { OrderStatus?: number };
}

/**
 * A source of wallet A tokens for the bench merchant, minted by the sandbox vendor the server made
 * on start (read from the same database), as many as a load will use before it starts.
 */
async function walletTokenSource(env: Record<string, string>): Promise<{ next(): string; minted(): number }> {
  const { store, secrets } = await openAdmin(loadConfig({ ...process.env, ...env }));
  try {
    const wallets = new WalletRepository(store.db);
    const sandbox = new SandboxWallets(
      wallets,
      new WalletTrust(wallets, systemClock, cryptoRandom),
      secrets,
      systemClock,
    );
    const authority = await sandbox.walletA();
    const merchant = await new MerchantRepository(store.db).findByLogin('bench');
    const [key] = await new WalletKeyring(wallets, secrets, true).walletAKeys(merchant?.row.id ?? '');
    if (key === undefined) throw new Error('the bench merchant has no wallet a key');
    const mint = () =>
      mintWalletAToken({
        authority,
        merchantCertificate: key.certificate,
        payment: {
          pan: '4111111111111111',
          expiryYYMMDD: '341231',
          amount: 12345,
          currencyCode: '978',
          cryptogram: randomBytes(20).toString('base64'),
          eci: '05',
        },
        nowMs: Date.now(),
      });
    const pool = Array.from({ length: WALLET_TOKENS }, mint);
    let used = 0;
    let extra = 0;
    return {
      next() {
        used += 1;
        if (used <= pool.length) return pool[used - 1]!;
        extra += 1;
        return mint();
      },
      minted: () => pool.length + extra,
    };
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const env = {
    GATEHOUSE_DB: `sqlite:${join(dir, 'bench.sqlite')}`,
    GATEHOUSE_DATA_DIR: dir,
    GATEHOUSE_SANDBOX_MERCHANT: 'false',
    GATEHOUSE_LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  };
  const created = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'bin/gatehouse.js'),
        'merchant',
        'create',
        '--login',
        'bench',
        '--password',
        'bench-password',
        '--rate-limit',
        '1000000',
        '--concurrency-limit',
        '100000',
        '--permission',
        'preAuth',
        // The measured payment is the one-call path; 3-D Secure adds the customer's round trips.
        '--permission',
        'sslOnly',
        '--json',
      ],
      { env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    ),
  ) as { userName: string; password: string };
  execFileSync(
    process.execPath,
    [join(ROOT, 'bin/gatehouse.js'), 'wallet', 'key', 'create', '--login', 'bench', '--wallet', 'a'],
    {
      env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    },
  );
  const auth = `userName=${created.userName}&password=${created.password}`;
  const returnUrl = 'returnUrl=https%3A%2F%2Fshop.example%2Fok';
  const card = 'pan=4111111111111111&expiry=203412&cvc=123';
  // Order numbers are unique per merchant, so each kind of order has its own prefix.
  const registerBody = (n: number) =>
    `${auth}&orderNumber=bench-${process.pid}-${n}&amount=12345&currency=978&${returnUrl}&description=Bench+order`;
  const paymentBody = (n: number) =>
    `${auth}&orderNumber=bench-${process.pid}-pay-${n}&amount=12345&currency=978&${card}&${returnUrl}`;
  const holdBody = (n: number) =>
    `${auth}&orderNumber=bench-${process.pid}-hold-${n}&amount=12345&currency=978&${card}&${returnUrl}&preAuth=true`;
  const depositBody = (orderId: string | undefined) => `${auth}&orderId=${orderId ?? 'none'}&amount=0`;
  // yyyyMMddHHmmss (UTC) a day either side of now: every order of the run is in the period.
  const compact = (ms: number) => new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);
  const lastOrdersBody = () =>
    `${auth}&size=${LAST_ORDERS_PAGE_SIZE}&from=${compact(Date.now() - 86_400_000)}&to=${compact(Date.now() + 86_400_000)}` +
    '&transactionStates=CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED&merchants=&searchByCreatedDate=true';

  const gatehouse = await startProcess([join(ROOT, 'bin/gatehouse.js'), 'serve'], env);
  let bare: { child: ChildProcess; port: number } | undefined;
  let walletTokensMinted = 0;
  const results: Record<
    string,
    {
      gatehouse: Measured;
      bare: Measured;
      ratio: number;
      responseBytes: number | Record<string, number>;
      requests?: string[];
    }
  > = {};
  try {
    const gatehouseUrl = `http://127.0.0.1:${gatehouse.port}`;
    const registered = await sample<{ orderId?: string }>(
      `${gatehouseUrl}${REGISTER}`,
      registerBody(0),
      (a) => typeof a.orderId === 'string',
    );
    const statusBody = () => `${auth}&orderId=${registered.answer.orderId}`;
    const payment = await sample<PaymentAnswer>(
      `${gatehouseUrl}${INSTANT_PAYMENT}`,
      paymentBody(0),
      (a) => a.errorCode === '0' && a.orderStatus?.OrderStatus === 2,
    );
    const hold = await sample<PaymentAnswer>(
      `${gatehouseUrl}${INSTANT_PAYMENT}`,
      holdBody(0),
      (a) => a.errorCode === '0' && a.orderStatus?.OrderStatus === 1 && typeof a.orderId === 'string',
    );
    const deposit = await sample<PaymentAnswer>(
      `${gatehouseUrl}${DEPOSIT}`,
      depositBody(hold.answer.orderId),
      (a) => a.errorCode === '0',
    );
    const lastOrders = await sample<{ errorCode?: string; orderStatuses?: unknown[] }>(
      `${gatehouseUrl}${LAST_ORDERS}`,
      lastOrdersBody(),
      (a) => a.errorCode === '0' && (a.orderStatuses?.length ?? 0) > 0,
    );
    const sampledOrders = lastOrders.answer.orderStatuses?.length ?? 1;
    const walletTokens = await walletTokenSource(env);
    // The bare server reads no token: it gets one sample body again and again, so the tokens (each
    // pays once) are all Gatehouse's, whose loads run at offsets from 10,000,000 (see load()).
    const sampleWalletBody = JSON.stringify({ merchant: 'bench', paymentToken: walletTokens.next() });
    const walletBody = (n: number) =>
      n < 10_000_000
        ? sampleWalletBody
        : JSON.stringify({ merchant: 'bench', paymentToken: walletTokens.next() });
    const walletPayment = await sample<{ success?: boolean; orderStatus?: { orderStatus?: number } }>(
      `${gatehouseUrl}${WALLET_A}`,
      walletBody(10_000_000),
      (a) => a.success === true && a.orderStatus?.orderStatus === 2,
      'application/json',
    );
    const sizes: Record<string, number> = {
      [REGISTER]: (await post(`${gatehouseUrl}${REGISTER}`, registerBody(-1))).length,
      [STATUS]: (await post(`${gatehouseUrl}${STATUS}`, statusBody())).length,
      [INSTANT_PAYMENT]: payment.text.length,
      [DEPOSIT]: deposit.text.length,
      // Measured before the loads, on the few sample orders, scaled to a full page.
      [LAST_ORDERS]: Math.round((lastOrders.text.length * LAST_ORDERS_PAGE_SIZE) / sampledOrders),
      [WALLET_A]: walletPayment.text.length,
    };
    bare = await startProcess([join(ROOT, 'dist/bench/bare-server.js')], {
      BARE_RESPONSE_SIZES: JSON.stringify(sizes),
      BARE_ORDER_ID_PATHS: JSON.stringify([INSTANT_PAYMENT]),
    });
    const bareUrl = `http://127.0.0.1:${bare.port}`;

    const endpoints: Endpoint[] = [
      { name: 'register.do', steps: [{ path: REGISTER, body: registerBody, errorCodeRequired: false }] },
      {
        name: 'getOrderStatusExtended.do',
        steps: [{ path: STATUS, body: statusBody, errorCodeRequired: true }],
      },
      {
        name: 'instantPayment.do',
        steps: [{ path: INSTANT_PAYMENT, body: paymentBody, errorCodeRequired: true }],
      },
      {
        name: CYCLE,
        steps: [
          { path: INSTANT_PAYMENT, body: holdBody, errorCodeRequired: true, keepsOrderId: true },
          { path: DEPOSIT, body: (_n, context) => depositBody(context.orderId), errorCodeRequired: true },
        ],
      },
      {
        name: 'getLastOrdersForMerchants.do',
        steps: [{ path: LAST_ORDERS, body: lastOrdersBody, errorCodeRequired: true }],
      },
      {
        name: 'wallet-a/payment.do',
        steps: [
          { path: WALLET_A, body: walletBody, errorCodeRequired: true, contentType: 'application/json' },
        ],
      },
    ];
    for (const endpoint of endpoints) {
      const { name, steps } = endpoint;
      await load(`bare ${name} (warm-up)`, bareUrl, steps, WARMUP_S, 0);
      const bareMeasured = await load(`bare ${name}`, bareUrl, steps, DURATION_S, 0);
      await load(`gatehouse ${name} (warm-up)`, gatehouseUrl, steps, WARMUP_S, 10_000_000);
      const gatehouseMeasured = await load(`gatehouse ${name}`, gatehouseUrl, steps, DURATION_S, 20_000_000);
      const isCycle = steps.length > 1;
      results[name] = {
        gatehouse: gatehouseMeasured,
        bare: bareMeasured,
        ratio: isCycle
          ? (gatehouseMeasured.cyclesPerSecond ?? 0) / (bareMeasured.cyclesPerSecond ?? 1)
          : gatehouseMeasured.requestsPerSecond / bareMeasured.requestsPerSecond,
        responseBytes: isCycle
          ? Object.fromEntries(
              steps.map((step) => [step.path.replace('/payment/rest/', ''), sizes[step.path]!]),
            )
          : sizes[steps[0]!.path]!,
        ...(isCycle
          ? { requests: ['instantPayment.do preAuth=true', 'deposit.do amount=0 (orderId of the hold)'] }
          : {}),
      };
    }
    walletTokensMinted = walletTokens.minted();
  } finally {
    gatehouse.child.kill('SIGTERM');
    bare?.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(
    `\nconnections ${CONNECTIONS}, ${DURATION_S} s per measurement, ${WARMUP_S} s warm-up; SQLite WAL synchronous=FULL\n`,
  );
  console.log(
    'endpoint                     server       req/s  cycles/s  p50 ms  p99 ms  non-2xx  errorCode!=0  ratio',
  );
  for (const [name, r] of Object.entries(results)) {
    for (const [label, m] of [
      ['bare', r.bare],
      ['gatehouse', r.gatehouse],
    ] as const) {
      const cycles = m.cyclesPerSecond === undefined ? '' : m.cyclesPerSecond.toFixed(0);
      console.log(
        `${name.padEnd(28)} ${label.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(7)}  ${cycles.padStart(8)}  ${String(m.latencyP50Ms).padStart(6)}  ${String(m.latencyP99Ms).padStart(6)}  ${String(m.non2xx).padStart(7)}  ${String(m.errorCodeResponses).padStart(12)}  ${label === 'gatehouse' ? r.ratio.toFixed(2) : ''}`,
      );
    }
  }
  console.log(
    `\nwallet-a/payment.do: one sandbox token per request (each pays once), ${walletTokensMinted} minted by the load generator.`,
  );
  console.log(
    `\n${CYCLE}: instantPayment.do preAuth=true, then deposit.do amount=0 with its orderId, on one connection;` +
      '\nreq/s counts both requests, cycles/s the captures answered errorCode "0", latencies are per request,' +
      '\nratio is cycles/s over the bare server running the same two requests.',
  );
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, connections: CONNECTIONS, durationS: DURATION_S, results }, null, 2)}\n`,
  );
  console.log('\nwrote bench/results/latest.json');
}

await main();
