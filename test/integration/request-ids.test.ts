import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const engine of ENGINES) {
  describe(`${engine}: request ids (issue 26)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

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
  });
}
