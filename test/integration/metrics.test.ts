import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { unsafeLabelValues } from '../support/metrics-scrape.js';

const PAY = '/payment/rest/instantPayment.do';

/** The value of one sample, given its name and every label of it. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const rendered = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${rendered}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

for (const engine of ENGINES) {
  describe(`${engine}: Prometheus metrics on GATEHOUSE_METRICS_PORT (issue 26)`, () => {
    let gh: TestGatehouse;
    let metricsUrl: string;
    let plain: { userName: string; password: string };
    let secured: { userName: string; password: string };

    before(async () => {
      const port = await freePort();
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_METRICS_PORT: String(port) } });
      metricsUrl = `http://127.0.0.1:${port}/metrics`;
      plain = (await gh.createMerchant()).auth;
      secured = (await gh.createMerchant({ authenticates: true })).auth;
    });
    after(() => gh.close());

    const scrape = async () => {
      const response = await fetch(metricsUrl);
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const pay = (
      auth: Record<string, string>,
      pan: string,
      amount: number,
      extra: Record<string, string> = {},
    ) =>
      gh.post(PAY, {
        ...auth,
        amount,
        currency: '978',
        pan,
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        orderNumber: randomBytes(6).toString('hex'),
        ...extra,
      });

    test('a sandbox payment shows in the HTTP, money and acquirer families', async () => {
      const before = await scrape();
      const paid = await pay(plain, '4111111111111111', 700);
      assert.equal(paid.body.errorCode, '0');
      const declined = await pay(plain, '4000000000000002', 300);
      assert.equal((declined.body.orderStatus as Record<string, unknown>).OrderStatus, 6);
      const text = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      assert.equal(
        delta('gatehouse_http_requests_total', {
          operation: PAY,
          method: 'POST',
          status: '200',
          error_code: '0',
        }),
        2,
      );
      assert.equal(
        delta('gatehouse_payments_total', { way: 'CARD', outcome: 'approved', reason: '', currency: '978' }),
        1,
      );
      assert.equal(
        delta('gatehouse_payments_total', {
          way: 'CARD',
          outcome: 'declined',
          reason: 'doNotHonour',
          currency: '978',
        }),
        1,
      );
      assert.equal(delta('gatehouse_acquirer_calls_total', { kind: 'payment', answer: 'approved' }), 1);
      assert.equal(delta('gatehouse_acquirer_calls_total', { kind: 'payment', answer: 'declined' }), 1);
      assert.equal(delta('gatehouse_money_moved_minor_total', { kind: 'payment', currency: '978' }), 700);
      assert.ok(
        (sample(text, 'gatehouse_http_request_duration_seconds_count', { operation: PAY }) ?? 0) >= 2,
      );
      assert.ok(
        (sample(text, 'gatehouse_acquirer_call_duration_seconds_count', { kind: 'payment' }) ?? 0) >= 2,
      );
    });

    test('refusals count by errorCode; 3-D Secure by channel, flow and transStatus', async () => {
      const before = await scrape();
      const refused = await gh.post(PAY, { ...plain, amount: 100 });
      assert.equal(refused.body.errorCode, '4');
      const first = await pay(secured, '4111111111111111', 900);
      const second = await pay(secured, '4111111111111111', 900, {
        threeDSServerTransId: String(first.body.threeDSServerTransId),
      });
      assert.equal((second.body.orderStatus as Record<string, unknown>).OrderStatus, 2);
      const text = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      assert.equal(
        delta('gatehouse_http_requests_total', {
          operation: PAY,
          method: 'POST',
          status: '200',
          error_code: '4',
        }),
        1,
      );
      assert.equal(
        delta('gatehouse_threeds_authentications_total', {
          channel: 'browser',
          flow: 'frictionless',
          trans_status: 'Y',
        }),
        1,
      );
    });

    test('queues, the store and the process are there; nothing unsafe in a label; not on the API port', async () => {
      const text = await scrape();
      for (const gauge of [
        'gatehouse_callbacks_pending',
        'gatehouse_callbacks_oldest_pending_age_seconds',
        'gatehouse_callbacks_dead',
        'gatehouse_money_steps_pending',
        'gatehouse_money_steps_needs_attention',
        'gatehouse_holds_due',
      ])
        assert.match(text, new RegExp(`^${gauge} \\d+(\\.\\d+)?$`, 'm'), gauge);
      assert.ok(Number(/^gatehouse_group_commit_batch_size_count (\d+)$/m.exec(text)?.[1]) > 0);
      assert.match(text, /^gatehouse_group_commit_duration_seconds_bucket\{le="0\.01"\} \d+$/m);
      assert.match(text, /^process_cpu_user_seconds_total /m);
      assert.match(text, /^nodejs_eventloop_lag_p99_seconds /m);
      assert.match(text, /^nodejs_heap_size_used_bytes /m);
      if (engine === 'postgres') assert.match(text, /^gatehouse_db_pool_waiting \d+$/m);
      assert.deepEqual(unsafeLabelValues(text), []);
      assert.deepEqual(
        unsafeLabelValues('x{order="0f6b3c8e-1a2b-4c5d-8e9f-0a1b2c3d4e5f",pan="4111111111111111"} 1'),
        ['order="0f6b3c8e-1a2b-4c5d-8e9f-0a1b2c3d4e5f"', 'pan="4111111111111111"'],
        'the label check finds what it looks for',
      );
      const onApi = await fetch(`${gh.baseUrl}/metrics`);
      assert.equal(onApi.status, 404, 'the API port does not expose the metrics');
    });
  });
}
