import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { systemClock } from '../src/domain/clock.js';
import { cryptoRandom } from '../src/domain/random-source.js';
import { mintWalletAToken } from '../src/processing/wallets/wallet-a/index.js';
import { signatureHeaders } from '../src/security/request-signing.js';
import { openAdmin } from '../src/admin-root.js';
import { SandboxWallets } from '../src/services/wallets/sandbox-wallets.js';
import { WalletKeyring } from '../src/services/wallets/wallet-keyring.js';
import { WalletTrust } from '../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../src/store/merchant-repository.js';
import { WalletRepository } from '../src/store/wallet-repository.js';
import { createSigningKey } from '../test/support/certificates.js';
import { post, sample, type Endpoint } from './harness.js';

/*
 * The bench's world: a merchant that may do everything measured, and the scenarios (endpoints
 * with their request bodies), each checked with one sample request before any load.
 */

export const ROOT = new URL('../../', import.meta.url).pathname;

const REGISTER = '/payment/rest/register.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const INSTANT_PAYMENT = '/payment/rest/instantPayment.do';
const DEPOSIT = '/payment/rest/deposit.do';
const LAST_ORDERS = '/payment/rest/getLastOrdersForMerchants.do';
const WALLET_A = '/payment/wallet-a/payment.do';
const INSTANT_P2P = '/payment/rest/api/p2p/instantPerformP2P.do';
/** Tokens minted before the wallet load (each pays once); more are minted on the fly if it outruns them. */
const WALLET_TOKENS = Number(process.env.BENCH_WALLET_TOKENS ?? 15_000);
/** Orders per report page: enough to read real rows, small enough that the answer stays a few dozen KB. */
const LAST_ORDERS_PAGE_SIZE = 20;
export const CYCLE = 'hold+capture cycle';

interface PaymentAnswer {
  errorCode?: string;
  orderId?: string;
  orderStatus?: { OrderStatus?: number };
}

/**
 * A source of wallet A tokens (each for 123.45) for a merchant with a wallet A key, minted by the
 * sandbox vendor the server made on start (read from the same database), `pooled` minted before a
 * load starts and more on the fly when it outruns them.
 */
export async function walletTokenSource(
  env: Record<string, string>,
  login = 'bench',
  pooled = WALLET_TOKENS,
): Promise<{ next(): string; minted(): number }> {
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
    const merchant = await new MerchantRepository(store.db).findByLogin(login);
    const [key] = await new WalletKeyring(wallets, secrets, true).walletAKeys(merchant?.row.id ?? '');
    if (key === undefined) throw new Error(`the merchant ${login} has no wallet a key`);
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
    const pool = Array.from({ length: pooled }, mint);
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

export interface World {
  /** The environment of every Gatehouse process of the run (database, data folder, log level). */
  readonly env: Record<string, string>;
  /**
   * The scenarios once Gatehouse serves at `gatehouseUrl`, and each answer's size for the bare
   * server. `walletTokens`: tokens minted up front (BENCH_WALLET_TOKENS by default); a run that
   * loads no wallet payment (the soak) asks for one, the sample's.
   */
  scenarios(gatehouseUrl: string, options?: { walletTokens?: number }): Promise<Scenarios>;
}

export interface Scenarios {
  readonly endpoints: readonly Endpoint[];
  readonly sizes: Readonly<Record<string, number>>;
  /** Paths whose bare answer carries a fresh orderId (the first step of a cycle). */
  readonly orderIdPaths: readonly string[];
  /** A registered order (the status scenario's), the template of --preload. */
  readonly registeredOrderId: string;
  readonly walletTokensMinted: () => number;
}

/** Creates the bench merchant in `dir`'s database (or `database`, a PostgreSQL URL). */
export function prepareWorld(dir: string, database?: string): World {
  const env = {
    GATEHOUSE_DB: database ?? `sqlite:${join(dir, 'bench.sqlite')}`,
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
        '--permission',
        'p2p',
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
  // The transfer's answer carries statusResponse, as it always did before it became a merchant
  // setting (issue 23): the bench keeps measuring the same work.
  execFileSync(
    process.execPath,
    [join(ROOT, 'bin/gatehouse.js'), 'merchant', 'set', '--login', 'bench', '--p2p-status-response', 'true'],
    { env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' }, stdio: 'ignore' },
  );
  // Every P2P call is signed: the bench merchant's certificate, and one signed transfer body.
  const signingKey = createSigningKey(2048, 'bench');
  writeFileSync(join(dir, 'bench.crt'), signingKey.certificatePem);
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'bin/gatehouse.js'),
      'merchant',
      'cert',
      'add',
      '--login',
      'bench',
      '--file',
      join(dir, 'bench.crt'),
    ],
    { env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' }, stdio: 'ignore' },
  );
  const transferBody = JSON.stringify({
    username: created.userName,
    password: created.password,
    amount: 12345,
    currency: '978',
    returnUrl: 'https://shop.example/ok',
    fromCard: {
      pan: '4444555511113333',
      expirationYear: 2034,
      expirationMonth: 12,
      cvc: '123',
      cardholderName: 'JANE DOE',
    },
    toCard: { pan: '5555555555554444' },
  });
  const transferHeaders = signatureHeaders(Buffer.from(transferBody), signingKey.privateKey);
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

  const scenarios = async (
    gatehouseUrl: string,
    options: { walletTokens?: number } = {},
  ): Promise<Scenarios> => {
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
    const walletTokens = await walletTokenSource(env, 'bench', options.walletTokens ?? WALLET_TOKENS);
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
    const transfer = await sample<{ errorCode?: string; statusResponse?: { orderStatus?: number } }>(
      `${gatehouseUrl}${INSTANT_P2P}`,
      transferBody,
      (a) => a.errorCode === '0' && a.statusResponse?.orderStatus === 2,
      'application/json',
      transferHeaders,
    );
    const sizes: Record<string, number> = {
      [REGISTER]: (await post(`${gatehouseUrl}${REGISTER}`, registerBody(-1))).length,
      [STATUS]: (await post(`${gatehouseUrl}${STATUS}`, statusBody())).length,
      [INSTANT_PAYMENT]: payment.text.length,
      [DEPOSIT]: deposit.text.length,
      // Measured before the loads, on the few sample orders, scaled to a full page.
      [LAST_ORDERS]: Math.round((lastOrders.text.length * LAST_ORDERS_PAGE_SIZE) / sampledOrders),
      [WALLET_A]: walletPayment.text.length,
      [INSTANT_P2P]: transfer.text.length,
    };

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
      {
        name: 'instantPerformP2P.do',
        steps: [
          {
            path: INSTANT_P2P,
            body: () => transferBody,
            errorCodeRequired: true,
            contentType: 'application/json',
            headers: transferHeaders,
          },
        ],
      },
    ];

    return {
      endpoints,
      sizes,
      orderIdPaths: [INSTANT_PAYMENT],
      registeredOrderId: String(registered.answer.orderId),
      walletTokensMinted: () => walletTokens.minted(),
    };
  };
  return { env, scenarios };
}
