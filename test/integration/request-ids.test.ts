import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const engine of ENGINES) {
  describe(`${engine}: request ids (issue 26)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
    let shop: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
      endpoint = await listenForCallbacks();
      shop = (
        await gh.createMerchant({
          permissions: ['preAuth', 'storedCredentials', 'commonBindings'],
          callbackUrl: endpoint.url,
          callbackKey: 'request-id-key',
        })
      ).auth;
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    /** Each callback of the order as [operation, the X-Request-Id it came with]. */
    async function callbacksOf(orderId: string): Promise<[string | undefined, string | undefined][]> {
      await gh.gatehouse.jobs.runAll();
      return endpoint.received
        .map((params, index) => [params, endpoint.requestIds[index]] as const)
        .filter(([params]) => params.mdOrder === orderId)
        .map(([params, requestId]) => [params.operation, requestId]);
    }

    const register = (headers: Record<string, string> = {}) =>
      gh.post(
        `${REST}/register.do`,
        {
          ...auth,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
          orderNumber: randomBytes(6).toString('hex'),
        },
        { headers },
      );

    test('every answer names its request: a new id, or the caller’s when it is a plain token', async () => {
      const fresh = await register();
      assert.match(String(fresh.headers.get('x-request-id')), UUID);
      const other = await register();
      assert.notEqual(other.headers.get('x-request-id'), fresh.headers.get('x-request-id'));
      assert.equal(
        (await register({ 'x-request-id': 'shop-42.a_b:c' })).headers.get('x-request-id'),
        'shop-42.a_b:c',
      );
      for (const unsafe of ['two words', 'x'.repeat(200), '<script>', '-leading-dash']) {
        const answer = await register({ 'x-request-id': unsafe });
        assert.match(String(answer.headers.get('x-request-id')), UUID, unsafe);
      }
      const unknown = await gh.post(
        '/payment/rest/nothing-here.do',
        {},
        { headers: { 'x-request-id': 'lost-1' } },
      );
      assert.equal(unknown.status, 404);
      assert.equal(unknown.headers.get('x-request-id'), 'lost-1');
      const refused = await gh.post(
        `${REST}/register.do`,
        { ...auth },
        { headers: { 'x-request-id': 'refused-1' } },
      );
      assert.equal(refused.body.errorCode, '4');
      assert.equal(refused.headers.get('x-request-id'), 'refused-1');
    });

    test('the log lines of a request carry its id', async () => {
      const id = `log-${randomBytes(4).toString('hex')}`;
      await gh.post(
        `${REST}/getOrderStatusExtended.do`,
        { ...auth, orderId: 'no-such-order' },
        { headers: { 'x-request-id': id } },
      );
      // The logger flushes every 250 ms.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const lines = readFileSync(gh.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes(id))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.ok(lines.length >= 2, `the refusal and the access line, got ${lines.length}`);
      for (const line of lines) assert.equal(line.reqId, id);
      assert.ok(lines.some((line) => line.msg === 'request completed'));
      assert.ok(lines.some((line) => line.msg === 'request refused'));
    });

    test('a callback carries the id of the request that caused it; one a job caused carries none', async () => {
      const paid = await gh.post(
        `${REST}/instantPayment.do`,
        {
          ...shop,
          amount: 2000,
          pan: '4111111111111111',
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          orderNumber: `rid-${randomBytes(4).toString('hex')}`,
          preAuth: true,
          clientId: 'client-rid',
          tii: 'CI',
        },
        { headers: { 'x-request-id': 'pay-1' } },
      );
      const orderId = String(paid.body.orderId);
      assert.equal(paid.body.errorCode, '0', paid.text);
      await gh.post(
        `${REST}/deposit.do`,
        { ...shop, orderId, amount: 0 },
        { headers: { 'x-request-id': 'capture-1' } },
      );
      const refund = { ...shop, orderId, amount: 500 };
      await gh.post(`${REST}/refund.do`, refund, { headers: { 'x-request-id': 'refund-1' } });
      // Without a header of the caller's, the callback carries the id the answer named.
      const second = await gh.post(`${REST}/refund.do`, refund);
      assert.deepEqual(await callbacksOf(orderId), [
        ['approved', 'pay-1'],
        ['bindingCreated', 'pay-1'],
        ['deposited', 'capture-1'],
        ['refunded', 'refund-1'],
        ['refunded', second.headers.get('x-request-id') ?? 'absent'],
      ]);
      const bindingId = endpoint.received.find(
        (params) => params.mdOrder === orderId && params.operation === 'bindingCreated',
      )?.bindingId;
      assert.ok(bindingId !== undefined);
      await gh.post(
        `${REST}/unBindCard.do`,
        { ...shop, bindingId },
        { headers: { 'x-request-id': 'unbind-1' } },
      );
      assert.deepEqual((await callbacksOf(orderId)).at(-1), ['bindingActivityChanged', 'unbind-1']);

      const expiring = await gh.post(
        `${REST}/register.do`,
        {
          ...shop,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
          sessionTimeoutSecs: 60,
          orderNumber: randomBytes(6).toString('hex'),
        },
        { headers: { 'x-request-id': 'register-1' } },
      );
      gh.clock.advance(61_000);
      assert.deepEqual(await callbacksOf(String(expiring.body.orderId)), [['declinedByTimeout', undefined]]);
    });
  });
}
