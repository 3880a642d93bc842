import { CallbackAddresses } from '../../src/services/callbacks/callback-addresses.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { GATEWAY_KEY_FILE, gatewayKeys } from '../../src/config/gateway-keys.js';
import { hmacChecksum, verifyRsaChecksum } from '../../src/domain/callback-checksum.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import {
  CALLBACK_ATTEMPTS_MAX,
  CALLBACK_BATCH_MAX,
  CALLBACK_LEASE_MS,
  CALLBACK_RETRY_DELAY_MS_FIRST,
  CALLBACK_RETRY_DELAY_MS_MAX,
  callbackDeliveryJob,
  callbackRetryDelayMs,
} from '../../src/jobs/callback-delivery-job.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { createGatehouse, type Gatehouse } from '../../src/server.js';
import { enqueuePaymentCallback, javaDateText } from '../../src/services/callbacks/callback-outbox.js';
import type { CallbackOperation, PaymentEvent } from '../../src/services/callbacks/payment-event.js';
import { CALLBACK_ERROR_CHARS_MAX, CallbackRepository } from '../../src/store/callback-repository.js';
import { openStore } from '../../src/store-engine/index.js';
import type { CallbackRow } from '../../src/store/schema.js';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/**
 * Callbacks (issue 3 item 7; gateway-facts §4): real HTTP deliveries to a listener on 127.0.0.1,
 * checksums verified as a merchant would, retries across the backoff schedule and a second node.
 */

const REGISTER = '/payment/rest/register.do';
const JAVA_DATE =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d\d \d\d:\d\d:\d\d UTC \d{4}$/;
/** Slack for the time between the job's clock read and the test's. */
const CLOCK_SLACK_MS = 5_000;
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const CLI_TIMEOUT_MS = 20_000;

interface ReceivedCallback {
  readonly method: string;
  readonly contentType: string | undefined;
  readonly query: Record<string, string>;
  readonly body: string;
  /** The callback parameters wherever they came: the form body (POST) or the query (GET). */
  readonly params: Record<string, string>;
}

/** A merchant's callback endpoint: records every request and answers `status`, or never when `hang`. */
class CallbackListener {
  readonly received: ReceivedCallback[] = [];
  status = 200;
  hang = false;
  port = 0;
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      const form = Object.fromEntries(new URLSearchParams(body));
      this.received.push({
        method: request.method ?? '',
        contentType: request.headers['content-type'],
        query,
        body,
        params: request.method === 'GET' ? query : form,
      });
      if (!this.hang) response.writeHead(this.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });

  static async start(port = 0): Promise<CallbackListener> {
    const listener = new CallbackListener();
    await new Promise<void>((resolve, reject) => {
      listener.server.once('error', reject);
      listener.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = listener.server.address();
    assert.ok(typeof address === 'object' && address !== null);
    listener.port = address.port;
    return listener;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  paramsOf(mdOrder: string): Record<string, string>[] {
    return this.received.filter((r) => r.params.mdOrder === mdOrder).map((r) => r.params);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

test('callbackCreationDate has the shape of Java Date.toString in UTC', () => {
  assert.equal(javaDateText(Date.UTC(2022, 0, 31, 21, 46, 52)), 'Mon Jan 31 21:46:52 UTC 2022');
  assert.equal(javaDateText(Date.UTC(2026, 6, 5, 3, 4, 5)), 'Sun Jul 05 03:04:05 UTC 2026');
});

test('the retry schedule doubles from 30 s and is capped at one hour', () => {
  const delays = Array.from({ length: CALLBACK_ATTEMPTS_MAX - 1 }, (_, index) =>
    callbackRetryDelayMs(index + 1),
  );
  assert.deepEqual(
    delays.map((ms) => ms / 1000),
    [30, 60, 120, 240, 480, 960, 1920, 3600, 3600],
  );
  assert.equal(callbackRetryDelayMs(1), CALLBACK_RETRY_DELAY_MS_FIRST);
  assert.equal(callbackRetryDelayMs(100), CALLBACK_RETRY_DELAY_MS_MAX);
});

for (const engine of ENGINES) {
  describe(`${engine}: callback delivery`, () => {
    let gh: TestGatehouse;
    let callbacks: CallbackRepository;

    before(async () => {
      gh = await startTestGatehouse(engine);
      callbacks = new CallbackRepository(gh.gatehouse.store);
    });

    after(async () => {
      await gh.close();
    });

    /** A merchant whose callbacks go to `callbackUrl`, signed with `callbackKey` unless it is null. */
    async function merchantFor(
      callbackUrl: string | undefined,
      callbackKey: string | null = `key-${randomBytes(8).toString('hex')}`,
    ) {
      const merchant = await gh.createMerchant({
        ...(callbackUrl === undefined ? {} : { callbackUrl }),
        ...(callbackKey === null ? {} : { callbackKey }),
      });
      return { ...merchant, callbackKey };
    }

    async function setDelivery(
      login: string,
      settings: { signing?: 'hmac' | 'rsa'; method?: 'POST' | 'GET' },
    ) {
      await gh.gatehouse.store.db
        .updateTable('merchants')
        .set({
          ...(settings.signing === undefined ? {} : { callback_signing: settings.signing }),
          ...(settings.method === undefined ? {} : { callback_http_method: settings.method }),
        })
        .where('login', '=', login)
        .execute();
    }

    /** Registers a real order through the API and returns the event a payment on it would emit. */
    async function orderEvent(
      auth: { userName: string; password: string },
      operation: CallbackOperation = 'approved',
      extra: Record<string, string> = {},
    ): Promise<PaymentEvent> {
      const response = await gh.post(REGISTER, {
        ...auth,
        orderNumber: `cb-${randomBytes(5).toString('hex')}`,
        amount: 1250,
        returnUrl: 'https://shop.example/ok',
        // These tests move the clock by hours; the order must not expire and add its own callback.
        sessionTimeoutSecs: 999_999_999,
        ...extra,
      });
      assert.equal(typeof response.body.orderId, 'string', response.text);
      const order = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select(['id', 'merchant_id', 'order_number', 'dynamic_callback_url', 'amount_minor'])
        .where('id', '=', response.body.orderId as string)
        .executeTakeFirstOrThrow();
      return {
        merchantId: order.merchant_id,
        orderId: order.id,
        orderNumber: order.order_number,
        operation,
        success: true,
        amountMinor: order.amount_minor,
        dynamicCallbackUrl: order.dynamic_callback_url,
      };
    }

    async function enqueue(event: PaymentEvent): Promise<string> {
      const id = await enqueuePaymentCallback(gh.gatehouse.store.db, event, gh.clock.nowMs(), cryptoRandom);
      assert.equal(typeof id, 'string', 'a merchant with a callback address gets an outbox row');
      return id as string;
    }

    async function row(id: string): Promise<CallbackRow> {
      const found = await callbacks.find(id);
      assert.ok(found !== undefined, `callback ${id}`);
      return found;
    }

    test('POSTs the form with mdOrder, orderNumber, operation, status and an HMAC checksum that verifies', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth);
        const id = await enqueue(event);
        assert.equal((await row(id)).state, 'pending');
        await gh.gatehouse.jobs.runAll();

        assert.equal(listener.received.length, 1);
        const [request] = listener.received;
        assert.ok(request !== undefined);
        assert.equal(request.method, 'POST');
        assert.equal(request.contentType, 'application/x-www-form-urlencoded');
        assert.deepEqual(request.query, {});
        const { checksum, callbackCreationDate, ...core } = request.params;
        assert.deepEqual(core, {
          mdOrder: event.orderId,
          orderNumber: event.orderNumber,
          operation: 'approved',
          status: '1',
          amount: '1250',
        });
        assert.match(callbackCreationDate ?? '', JAVA_DATE);
        assert.match(checksum ?? '', /^[0-9A-F]{64}$/);
        assert.equal(checksum, hmacChecksum(request.params, merchant.callbackKey ?? ''));
        assert.notEqual(checksum, hmacChecksum(request.params, 'another key'));

        const delivered = await row(id);
        assert.equal(delivered.state, 'delivered');
        assert.equal(delivered.attempts, 1);
        assert.ok(delivered.delivered_at_ms !== null);
        assert.equal(delivered.claimed_until_ms, null);
        // Delivered rows are not sent again.
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.received.length, 1);
      } finally {
        await listener.close();
      }
    });

    test('a failed status is sent as status 0', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(listener.url);
        const event = {
          ...(await orderEvent(merchant.auth, 'declinedByTimeout')),
          success: false,
          amountMinor: undefined,
        };
        await enqueue(event);
        await gh.gatehouse.jobs.runAll();
        const [params] = listener.paramsOf(event.orderId);
        assert.equal(params?.operation, 'declinedByTimeout');
        assert.equal(params?.status, '0');
        assert.equal(params?.amount, undefined, 'amount only when the event carries one');
        assert.equal(params?.checksum, hmacChecksum(params ?? {}, merchant.callbackKey ?? ''));
      } finally {
        await listener.close();
      }
    });

    test('dynamicCallbackUrl wins for payment events; binding events go to the static address', async () => {
      const staticListener = await CallbackListener.start();
      const dynamicListener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(staticListener.url);
        const event = await orderEvent(merchant.auth, 'deposited', {
          dynamicCallbackUrl: dynamicListener.url,
        });
        assert.equal(event.dynamicCallbackUrl, dynamicListener.url, 'register.do stored the dynamic address');
        const paymentId = await enqueue(event);
        const bindingId = await enqueue({ ...event, operation: 'bindingCreated' });
        assert.equal((await row(paymentId)).url, dynamicListener.url);
        assert.equal((await row(bindingId)).url, staticListener.url);
        await gh.gatehouse.jobs.runAll();

        assert.deepEqual(
          dynamicListener.paramsOf(event.orderId).map((p) => p.operation),
          ['deposited'],
        );
        assert.deepEqual(
          staticListener.paramsOf(event.orderId).map((p) => p.operation),
          ['bindingCreated'],
        );
        for (const params of [
          ...dynamicListener.paramsOf(event.orderId),
          ...staticListener.paramsOf(event.orderId),
        ])
          assert.equal(params.checksum, hmacChecksum(params, merchant.callbackKey ?? ''));
      } finally {
        await staticListener.close();
        await dynamicListener.close();
      }
    });

    test('GET puts the parameters in the query, keeping the query of the configured address', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(`${listener.url}?shop=7`);
        await setDelivery(merchant.merchantLogin, { method: 'GET' });
        const event = await orderEvent(merchant.auth, 'refunded');
        await enqueue(event);
        await gh.gatehouse.jobs.runAll();

        assert.equal(listener.received.length, 1);
        const [request] = listener.received;
        assert.ok(request !== undefined);
        assert.equal(request.method, 'GET');
        assert.equal(request.body, '');
        const { shop, ...params } = request.query;
        assert.equal(shop, '7');
        assert.equal(params.mdOrder, event.orderId);
        assert.equal(params.operation, 'refunded');
        assert.equal(params.status, '1');
        assert.equal(params.checksum, hmacChecksum(params, merchant.callbackKey ?? ''));
      } finally {
        await listener.close();
      }
    });

    test('RSA signing verifies with the gateway public key (SHA-512), and the key file is private', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(listener.url);
        await setDelivery(merchant.merchantLogin, { signing: 'rsa' });
        const event = await orderEvent(merchant.auth, 'reversed');
        await enqueue(event);
        await gh.gatehouse.jobs.runAll();

        const [params] = listener.paramsOf(event.orderId);
        assert.ok(params !== undefined);
        assert.match(params.checksum ?? '', /^[0-9A-F]{512}$/);
        const publicKey = await gatewayKeys(gh.gatehouse.config.dataDir).publicKeyPem();
        assert.match(publicKey, /^-----BEGIN PUBLIC KEY-----/);
        assert.equal(verifyRsaChecksum(params, publicKey), true);
        assert.equal(verifyRsaChecksum({ ...params, status: '0' }, publicKey), false);
        assert.notEqual(params.checksum, hmacChecksum(params, merchant.callbackKey ?? ''));
        const mode = statSync(join(gh.gatehouse.config.dataDir, GATEWAY_KEY_FILE)).mode & 0o777;
        assert.equal(mode, 0o600);
      } finally {
        await listener.close();
      }
    });

    test('hmac without a key sends unsigned; a merchant without a callback address gets no row', async () => {
      const listener = await CallbackListener.start();
      try {
        const unsigned = await merchantFor(listener.url, null);
        const event = await orderEvent(unsigned.auth);
        await enqueue(event);
        await gh.gatehouse.jobs.runAll();
        const [params] = listener.paramsOf(event.orderId);
        assert.ok(params !== undefined);
        assert.equal(params.checksum, undefined);
        assert.equal(params.mdOrder, event.orderId);

        const silent = await merchantFor(undefined);
        const silentEvent = await orderEvent(silent.auth, 'approved', { dynamicCallbackUrl: listener.url });
        // The order's dynamic address is enough for payment events…
        assert.equal(
          typeof (await enqueuePaymentCallback(
            gh.gatehouse.store.db,
            silentEvent,
            gh.clock.nowMs(),
            cryptoRandom,
          )),
          'string',
        );
        // …but binding events need the static one, which this merchant does not have.
        const none = await enqueuePaymentCallback(
          gh.gatehouse.store.db,
          { ...silentEvent, operation: 'bindingActivityChanged' },
          gh.clock.nowMs(),
          cryptoRandom,
        );
        assert.equal(none, undefined);
        const noAddress = await enqueuePaymentCallback(
          gh.gatehouse.store.db,
          { ...silentEvent, dynamicCallbackUrl: null },
          gh.clock.nowMs(),
          cryptoRandom,
        );
        assert.equal(noAddress, undefined);
        assert.equal((await callbacks.list({ orderId: silentEvent.orderId })).length, 1);
        await gh.gatehouse.jobs.runAll();
      } finally {
        await listener.close();
      }
    });

    test('the outbox row commits or rolls back with the transaction of the change', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth);
        await assert.rejects(
          gh.gatehouse.store.db.transaction().execute(async (trx) => {
            await enqueuePaymentCallback(trx, event, gh.clock.nowMs(), cryptoRandom);
            throw new Error('the state change failed');
          }),
          /the state change failed/,
        );
        assert.deepEqual(await callbacks.list({ orderId: event.orderId }), []);
        await gh.gatehouse.store.writes.run((db) =>
          enqueuePaymentCallback(db, event, gh.clock.nowMs(), cryptoRandom),
        );
        assert.equal((await callbacks.list({ orderId: event.orderId })).length, 1);
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, 1);
      } finally {
        await listener.close();
      }
    });

    test('a listener that does not answer in time is a failed attempt', async () => {
      const listener = await CallbackListener.start();
      listener.hang = true;
      const timeoutMs = 300;
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth);
        const id = await enqueue(event);
        const masterKey = gh.gatehouse.config.masterKeyBase64;
        assert.ok(masterKey !== undefined);
        const job = callbackDeliveryJob({
          repository: callbacks,
          secrets: new SecretBox(Buffer.from(masterKey, 'base64')),
          gatewayKeys: gatewayKeys(gh.gatehouse.config.dataDir),
          addresses: new CallbackAddresses(true),
          clock: gh.clock,
          logger: pino({ level: 'silent' }),
          attemptTimeoutMs: timeoutMs,
        });
        const startedMs = Date.now();
        await job.runOnce();
        const tookMs = Date.now() - startedMs;
        assert.ok(tookMs >= timeoutMs - 50 && tookMs < 5_000, `the attempt took ${tookMs} ms`);
        assert.equal(listener.paramsOf(event.orderId).length, 1, 'the request reached the listener');
        const failed = await row(id);
        assert.equal(failed.state, 'pending');
        assert.equal(failed.attempts, 1);
        assert.equal(failed.last_error, `no answer within ${timeoutMs} ms`);
        assert.ok(failed.next_attempt_at_ms > gh.clock.nowMs());
      } finally {
        await listener.close();
      }
    });

    test('an HTTP 500 is retried after the backoff and delivered once the listener answers 200', async () => {
      const listener = await CallbackListener.start();
      listener.status = 500;
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth, 'deposited');
        const id = await enqueue(event);
        await gh.gatehouse.jobs.runAll();

        const failed = await row(id);
        const nowMs = gh.clock.nowMs();
        assert.equal(failed.state, 'pending');
        assert.equal(failed.attempts, 1);
        assert.equal(failed.last_error, 'HTTP 500');
        assert.equal(failed.claimed_until_ms, null);
        assert.ok(failed.next_attempt_at_ms > nowMs + CALLBACK_RETRY_DELAY_MS_FIRST - CLOCK_SLACK_MS);
        assert.ok(failed.next_attempt_at_ms <= nowMs + CALLBACK_RETRY_DELAY_MS_FIRST);

        // Not due yet: nothing is sent.
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, 1);

        listener.status = 200;
        gh.clock.advance(CALLBACK_RETRY_DELAY_MS_FIRST);
        await gh.gatehouse.jobs.runAll();
        const sent = listener.paramsOf(event.orderId);
        assert.equal(sent.length, 2, 'the retry happened');
        assert.deepEqual(sent[1], { ...sent[0], checksum: sent[1]?.checksum });
        for (const params of sent)
          assert.equal(params.checksum, hmacChecksum(params, merchant.callbackKey ?? ''));
        const delivered = await row(id);
        assert.equal(delivered.state, 'delivered');
        assert.equal(delivered.attempts, 2);
        assert.equal(delivered.last_error, null);
      } finally {
        await listener.close();
      }
    });

    test('a closed listener is retried; after a restart another process delivers once it is back', async () => {
      const port = await freePort();
      const merchant = await merchantFor(`http://127.0.0.1:${port}/callback`);
      const event = await orderEvent(merchant.auth, 'approved');
      const id = await enqueue(event);
      await gh.gatehouse.jobs.runAll();
      const failed = await row(id);
      assert.equal(failed.state, 'pending');
      assert.equal(failed.attempts, 1);
      assert.match(failed.last_error ?? '', /ECONNREFUSED|fetch failed/);
      assert.ok(failed.next_attempt_at_ms > gh.clock.nowMs());

      // A fresh process on the same database: everything it needs is in the table.
      const restarted: Gatehouse = await createGatehouse(gh.gatehouse.config, {
        clock: gh.clock,
        logger: pino({ level: 'silent' }),
        runJobs: false,
      });
      const listener = await CallbackListener.start(port);
      try {
        gh.clock.advance(CALLBACK_RETRY_DELAY_MS_FIRST);
        await restarted.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, 1);
        const [params] = listener.paramsOf(event.orderId);
        assert.equal(params?.checksum, hmacChecksum(params ?? {}, merchant.callbackKey ?? ''));
        const delivered = await row(id);
        assert.equal(delivered.state, 'delivered');
        assert.equal(delivered.attempts, 2);
      } finally {
        await listener.close();
        await restarted.close();
      }
    });

    test(`after ${CALLBACK_ATTEMPTS_MAX} failed attempts the callback is dead; replay sends it again`, async () => {
      const listener = await CallbackListener.start();
      listener.status = 503;
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth, 'deposited');
        const id = await enqueue(event);
        for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS_MAX; attempt++) {
          await gh.gatehouse.jobs.runAll();
          const current = await row(id);
          assert.equal(current.attempts, attempt);
          assert.equal(listener.paramsOf(event.orderId).length, attempt);
          if (attempt < CALLBACK_ATTEMPTS_MAX) {
            assert.equal(current.state, 'pending', `after attempt ${attempt}`);
            const waitMs = current.next_attempt_at_ms - gh.clock.nowMs();
            const expectedMs = callbackRetryDelayMs(attempt);
            assert.ok(
              waitMs > expectedMs - CLOCK_SLACK_MS && waitMs <= expectedMs,
              `wait ${waitMs} ms after attempt ${attempt}`,
            );
            gh.clock.advance(expectedMs);
          } else {
            assert.equal(current.state, 'dead');
            assert.equal(current.last_error, 'HTTP 503');
          }
        }
        // Dead rows are never sent again by the job.
        gh.clock.advance(CALLBACK_RETRY_DELAY_MS_MAX);
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, CALLBACK_ATTEMPTS_MAX);
        assert.deepEqual(
          (await callbacks.list({ state: 'dead', orderId: event.orderId })).map((r) => r.id),
          [id],
        );

        listener.status = 200;
        assert.equal(await callbacks.replay(id, gh.clock.nowMs()), true);
        const replayed = await row(id);
        assert.equal(replayed.state, 'pending');
        assert.equal(replayed.attempts, 0);
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, CALLBACK_ATTEMPTS_MAX + 1);
        assert.equal((await row(id)).state, 'delivered');
        assert.equal(await callbacks.replay('no-such-callback', gh.clock.nowMs()), false);
      } finally {
        await listener.close();
      }
    });

    test('gatehouse callbacks list|show|replay and keys show', async () => {
      const listener = await CallbackListener.start();
      try {
        const merchant = await merchantFor(listener.url);
        const event = await orderEvent(merchant.auth);
        const id = await enqueue(event);
        await gh.gatehouse.jobs.runAll();
        const masterKey = gh.gatehouse.config.masterKeyBase64 ?? '';
        const env = {
          GATEHOUSE_DB: gh.database.url,
          GATEHOUSE_DATA_DIR: gh.database.dataDir,
          GATEHOUSE_MASTER_KEY: masterKey,
          GATEHOUSE_LOG_LEVEL: 'silent',
        };

        const listed = await runCli(['callbacks', 'list', '--order', event.orderId, '--json'], env);
        assert.equal(listed.code, 0, listed.stderr);
        const views = JSON.parse(listed.stdout) as {
          id: string;
          state: string;
          params: Record<string, string>;
        }[];
        assert.deepEqual(
          views.map((view) => [view.id, view.state, view.params.mdOrder]),
          [[id, 'delivered', event.orderId]],
        );
        const delivered = await runCli(['callbacks', 'list', '--state', 'delivered'], env);
        assert.equal(delivered.code, 0, delivered.stderr);
        assert.match(delivered.stdout, new RegExp(`${id}  delivered  approved`));
        const badState = await runCli(['callbacks', 'list', '--state', 'lost'], env);
        assert.notEqual(badState.code, 0);

        const shown = await runCli(['callbacks', 'show', '--id', id], env);
        assert.equal(shown.code, 0, shown.stderr);
        assert.match(shown.stdout, new RegExp(`^orderId: ${event.orderId}$`, 'm'));
        assert.match(shown.stdout, /^attempts: 1$/m);

        const replayed = await runCli(['callbacks', 'replay', '--id', id], env);
        assert.equal(replayed.code, 0, replayed.stderr);
        assert.equal((await row(id)).state, 'pending');
        await gh.gatehouse.jobs.runAll();
        assert.equal(listener.paramsOf(event.orderId).length, 2);

        const unknown = await runCli(['callbacks', 'replay', '--id', 'no-such-callback'], env);
        assert.equal(unknown.code, 2);
        assert.match(unknown.stderr, /does not exist/);

        const keys = await runCli(['keys', 'show'], env);
        assert.equal(keys.code, 0, keys.stderr);
        assert.equal(keys.stdout, await gatewayKeys(gh.gatehouse.config.dataDir).publicKeyPem());
      } finally {
        await listener.close();
      }
    });
  });

  describe(`${engine}: callback claims`, () => {
    let gh: TestGatehouse;
    let merchantId: string;

    before(async () => {
      gh = await startTestGatehouse(engine);
      const merchant = await gh.createMerchant();
      const found = await gh.gatehouse.store.db
        .selectFrom('merchants')
        .select('id')
        .where('login', '=', merchant.merchantLogin)
        .executeTakeFirstOrThrow();
      merchantId = found.id;
    });

    after(async () => {
      await gh.close();
    });

    /** Outbox rows due at `nowMs`, inserted directly: these tests are about claiming, not sending. */
    async function insertDue(count: number, nowMs: number): Promise<string[]> {
      const ids = Array.from({ length: count }, () => cryptoRandom.uuid());
      for (const id of ids) {
        await CallbackRepository.enqueue(gh.gatehouse.store.db, {
          id,
          merchant_id: merchantId,
          order_id: cryptoRandom.uuid(),
          operation: 'approved',
          url: 'http://127.0.0.1:9/callback',
          params: '{}',
          state: 'pending',
          attempts: 0,
          next_attempt_at_ms: nowMs,
          claimed_until_ms: null,
          last_error: null,
          created_at_ms: nowMs,
          delivered_at_ms: null,
          request_id: null,
        });
      }
      return ids;
    }

    /** Marks every claimed row delivered so the next test starts with an empty queue. */
    async function drain(repository: CallbackRepository, nowMs: number): Promise<void> {
      for (;;) {
        const claimed = await repository.claimDue({ dueMs: nowMs, nowMs }, 100, CALLBACK_LEASE_MS);
        if (claimed.length === 0) return;
        for (const claim of claimed)
          assert.equal(await repository.markDelivered(claim, nowMs, 200, cryptoRandom.uuid()), true);
      }
    }

    test('claimDue takes exactly its limit, and a claim holds until its lease runs out', async () => {
      const repository = new CallbackRepository(gh.gatehouse.store);
      const nowMs = gh.clock.nowMs();
      const ids = await insertDue(3, nowMs);
      const first = await repository.claimDue({ dueMs: nowMs, nowMs }, 2, CALLBACK_LEASE_MS);
      assert.equal(first.length, 2);
      const second = await repository.claimDue({ dueMs: nowMs, nowMs }, 2, CALLBACK_LEASE_MS);
      assert.equal(second.length, 1);
      assert.deepEqual([...first, ...second].map((r) => r.id).sort(), [...ids].sort());
      assert.equal(
        (
          await repository.claimDue(
            { dueMs: nowMs + CALLBACK_LEASE_MS - 1, nowMs: nowMs + CALLBACK_LEASE_MS - 1 },
            10,
            CALLBACK_LEASE_MS,
          )
        ).length,
        0,
      );
      for (const claimed of [...first, ...second])
        assert.equal(claimed.claimed_until_ms, nowMs + CALLBACK_LEASE_MS);

      // The node holding `first` stalls past its lease; another node takes the rows over.
      const takeoverMs = nowMs + CALLBACK_LEASE_MS;
      const taken = await repository.claimDue(
        { dueMs: takeoverMs, nowMs: takeoverMs },
        10,
        CALLBACK_LEASE_MS,
      );
      assert.equal(taken.length, 3);
      const stale = first[0];
      assert.ok(stale !== undefined);
      assert.equal(
        await repository.markDelivered(stale, takeoverMs, 200, cryptoRandom.uuid()),
        false,
        'a lost claim records nothing',
      );
      assert.equal(
        await repository.markRetry(stale, takeoverMs, 'late', takeoverMs, cryptoRandom.uuid()),
        false,
      );
      const current = taken.find((r) => r.id === stale.id);
      assert.ok(current !== undefined);
      assert.equal(await repository.markDelivered(current, takeoverMs, 200, cryptoRandom.uuid()), true);
      assert.equal((await repository.find(stale.id))?.state, 'delivered');
      await drain(repository, takeoverMs + CALLBACK_LEASE_MS);
    });

    test(`a job run sends at most ${CALLBACK_BATCH_MAX} callbacks and keeps ${CALLBACK_ERROR_CHARS_MAX} characters of an error`, async () => {
      const repository = new CallbackRepository(gh.gatehouse.store);
      const masterKey = gh.gatehouse.config.masterKeyBase64;
      assert.ok(masterKey !== undefined);
      const job = callbackDeliveryJob({
        repository,
        secrets: new SecretBox(Buffer.from(masterKey, 'base64')),
        gatewayKeys: gatewayKeys(gh.gatehouse.config.dataDir),
        addresses: new CallbackAddresses(true),
        clock: gh.clock,
        logger: pino({ level: 'silent' }),
      });
      const nowMs = gh.clock.nowMs();
      // Nothing listens on the discard port: every attempt fails at once.
      await insertDue(CALLBACK_BATCH_MAX + 1, nowMs);
      assert.equal(await job.runOnce(), CALLBACK_BATCH_MAX);
      assert.equal(await job.runOnce(), 1);
      assert.equal(await job.runOnce(), 0);
      const failed = await repository.list({ state: 'pending' });
      assert.equal(failed.length, CALLBACK_BATCH_MAX + 1);
      assert.ok(failed.every((r) => r.attempts === 1 && r.last_error !== null));

      const sampleMs = nowMs + CALLBACK_RETRY_DELAY_MS_FIRST + CLOCK_SLACK_MS;
      const [sample] = await repository.claimDue({ dueMs: sampleMs, nowMs: sampleMs }, 1, CALLBACK_LEASE_MS);
      assert.ok(sample !== undefined);
      assert.equal(
        await repository.markRetry(
          sample,
          nowMs,
          'x'.repeat(CALLBACK_ERROR_CHARS_MAX + 1),
          nowMs,
          cryptoRandom.uuid(),
        ),
        true,
      );
      assert.equal((await repository.find(sample.id))?.last_error, 'x'.repeat(CALLBACK_ERROR_CHARS_MAX));
      await drain(repository, nowMs + CALLBACK_RETRY_DELAY_MS_MAX);
    });

    test(
      'two nodes claiming concurrently take disjoint sets that cover every row',
      {
        skip:
          engine === 'sqlite' ? 'one SQLite file has one writer at a time; the race needs PostgreSQL' : false,
      },
      async () => {
        const rowCount = 300;
        const callsPerNode = 25;
        const limit = 8;
        const nodeB = openStore(gh.gatehouse.config.database);
        try {
          const nodeA = new CallbackRepository(gh.gatehouse.store);
          const nodes = [nodeA, new CallbackRepository(nodeB)];
          const nowMs = gh.clock.nowMs();
          const ids = await insertDue(rowCount, nowMs);
          const claimedBy = nodes.map(() => [] as string[]);
          // Rounds of concurrent claims until nothing is left: SKIP LOCKED may hand a call fewer
          // rows than exist while the other node holds locks, never the same row twice.
          for (;;) {
            const calls: Promise<{ node: number; ids: string[] }>[] = [];
            for (let call = 0; call < callsPerNode; call++) {
              nodes.forEach((repository, node) =>
                calls.push(
                  repository
                    .claimDue({ dueMs: nowMs, nowMs }, limit, CALLBACK_LEASE_MS)
                    .then((rows) => ({ node, ids: rows.map((r) => r.id) })),
                ),
              );
            }
            let claimedThisRound = 0;
            for (const result of await Promise.all(calls)) {
              assert.ok(
                result.ids.length <= limit,
                `a claim returned ${result.ids.length} rows, limit ${limit}`,
              );
              claimedBy[result.node]?.push(...result.ids);
              claimedThisRound += result.ids.length;
            }
            if (claimedThisRound === 0) break;
          }
          const all = claimedBy.flat();
          assert.equal(new Set(all).size, all.length, 'no row was claimed twice');
          assert.deepEqual([...all].sort(), [...ids].sort(), 'every row was claimed');
          assert.ok(
            claimedBy.every((claimed) => claimed.length > 0),
            'both nodes took part',
          );
          await drain(nodeA, nowMs + CALLBACK_LEASE_MS);
        } finally {
          await nodeB.close();
        }
      },
    );

    test('two Gatehouse nodes running the delivery job at once send each callback once', async () => {
      const listener = await CallbackListener.start();
      const nodeB = await createGatehouse(gh.gatehouse.config, {
        clock: gh.clock,
        logger: pino({ level: 'silent' }),
        runJobs: false,
      });
      try {
        const merchant = await gh.createMerchant({ callbackUrl: listener.url, callbackKey: 'two-nodes' });
        const found = await gh.gatehouse.store.db
          .selectFrom('merchants')
          .select('id')
          .where('login', '=', merchant.merchantLogin)
          .executeTakeFirstOrThrow();
        const orderIds: string[] = [];
        for (let index = 0; index < 120; index++) {
          const orderId = cryptoRandom.uuid();
          orderIds.push(orderId);
          await enqueuePaymentCallback(
            gh.gatehouse.store.db,
            {
              merchantId: found.id,
              orderId,
              orderNumber: `two-${index}`,
              operation: 'deposited',
              success: true,
              dynamicCallbackUrl: null,
            },
            gh.clock.nowMs(),
            cryptoRandom,
          );
        }
        await Promise.all([gh.gatehouse.jobs.runAll(), nodeB.jobs.runAll()]);
        const sent = listener.received.map((r) => r.params.mdOrder ?? '');
        assert.equal(sent.length, orderIds.length, 'each callback was sent exactly once');
        assert.deepEqual([...sent].sort(), [...orderIds].sort());
        for (const request of listener.received)
          assert.equal(request.params.checksum, hmacChecksum(request.params, 'two-nodes'));
        const states = await new CallbackRepository(gh.gatehouse.store).list({ state: 'delivered' });
        assert.ok(orderIds.every((orderId) => states.some((r) => r.order_id === orderId)));
      } finally {
        await listener.close();
        await nodeB.close();
      }
    });
  });
}

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI as an operator runs it, configured only by `env` (nothing of the test runner's GATEHOUSE_*). */
function runCli(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) =>
        value !== undefined && name !== 'PORT' && name !== 'HOST' && !name.startsWith('GATEHOUSE_'),
    ),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, ...env }, timeout: CLI_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
