import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/**
 * Real answers of the gateway against docs/openapi.json as published (objects open, as a client's
 * validator reads it): each fits exactly one of success and refusal, a success shape without its
 * members fits neither, and parameters the gateway refuses fail against the document too.
 */
const ID = 'https://gatehouse.local/openapi.json';
const REST = '/payment/rest';
const FORM = 'application~1x-www-form-urlencoded';

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({
  ...(JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as object),
  $id: ID,
});
const compiled = new Map<string, ValidateFunction>();

function schemaAt(pointer: string): ValidateFunction {
  const known = compiled.get(pointer);
  if (known !== undefined) return known;
  const validate = ajv.compile({ $ref: `${ID}#${pointer}` });
  compiled.set(pointer, validate);
  return validate;
}

const escaped = (path: string) => path.replaceAll('~', '~0').replaceAll('/', '~1');

function answerSchema(path: string, status: number): ValidateFunction {
  return schemaAt(`/paths/${escaped(path)}/post/responses/${status}/content/application~1json/schema`);
}

function assertDocumented(path: string, status: number, body: unknown): void {
  const validate = answerSchema(path, status);
  assert.ok(
    validate(body),
    `${path} ${status}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(body)}`,
  );
}

function documentedHeaders(path: string, status: number): string[] {
  const document = JSON.parse(
    readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
  ) as {
    paths: Record<string, { post: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
  };
  return Object.keys(document.paths[path]?.post.responses[String(status)]?.headers ?? {});
}

for (const engine of ENGINES) {
  describe(`${engine}: docs/openapi.json tells the gateway's answers from wrong ones (issue 41)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const order = () => `oa-${randomBytes(5).toString('hex')}`;

    test('register.do: its success and its refusal fit, a bare errorCode 0 does not', async () => {
      const orderNumber = order();
      const params = { ...auth, orderNumber, amount: 1000, returnUrl: 'https://shop.example/ok' };
      const registered = await gh.post(`${REST}/register.do`, params);
      assert.equal(typeof registered.body.orderId, 'string', registered.text);
      assertDocumented(`${REST}/register.do`, 200, registered.body);
      assert.ok(registered.headers.get('x-request-id'), 'the answer carries its request id');
      assert.ok(documentedHeaders(`${REST}/register.do`, 200).includes('X-Request-Id'));

      const duplicate = await gh.post(`${REST}/register.do`, params);
      assert.equal(duplicate.body.errorCode, '1', duplicate.text);
      assertDocumented(`${REST}/register.do`, 200, duplicate.body);

      const validate = answerSchema(`${REST}/register.do`, 200);
      assert.equal(validate({ errorCode: '0', errorMessage: 'Success' }), false);
      assert.equal(validate({ ...registered.body, errorCode: '1', errorMessage: 'x' }), false, 'not both');
    });

    test('a paid order, its statuses and a status refusal each fit their one shape', async () => {
      const paid = await gh.post(`${REST}/instantPayment.do`, {
        ...auth,
        orderNumber: order(),
        amount: 1500,
        currency: '978',
        pan: '4000000000000010',
        expiry: '203412',
        cvc: '123',
        cardholderName: 'CARD HOLDER',
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      assertDocumented(`${REST}/instantPayment.do`, 200, paid.body);
      const orderId = String(paid.body.orderId);
      for (const operation of ['getOrderStatusExtended.do', 'getOrderStatus.do']) {
        const status = await gh.post(`${REST}/${operation}`, { ...auth, orderId });
        assertDocumented(`${REST}/${operation}`, 200, status.body);
        const missing = await gh.post(`${REST}/${operation}`, { ...auth, orderId: 'no-such-order' });
        assert.notEqual(missing.body.errorCode ?? missing.body.ErrorCode, '0', missing.text);
        assertDocumented(`${REST}/${operation}`, 200, missing.body);
      }
      const refunded = await gh.post(`${REST}/refund.do`, { ...auth, orderId, amount: 500 });
      assert.equal(refunded.body.errorCode, '0', refunded.text);
      assertDocumented(`${REST}/refund.do`, 200, refunded.body);
      const tooMuch = await gh.post(`${REST}/refund.do`, { ...auth, orderId, amount: 999_999 });
      assert.notEqual(tooMuch.body.errorCode, '0', tooMuch.text);
      assertDocumented(`${REST}/refund.do`, 200, tooMuch.body);
      assert.equal(answerSchema(`${REST}/refund.do`, 200)({ errorCode: '0' }), false, 'without its message');
    });

    test('"abc" and 19 digits: refused by the gateway and by the document', async () => {
      const form = schemaAt(
        `/paths/${escaped(`${REST}/register.do`)}/post/requestBody/content/${FORM}/schema`,
      );
      const params = { ...auth, orderNumber: order(), returnUrl: 'https://shop.example/ok' };
      for (const amount of ['abc', '1234567890123456789']) {
        const refused = await gh.post(`${REST}/register.do`, { ...params, amount });
        assert.equal(refused.body.errorCode, '5', refused.text);
        assert.equal(form({ ...params, amount }), false, amount);
      }
      assert.equal(form({ ...params, amount: '1000' }), true, JSON.stringify(form.errors));
    });

    test('a limit refusal (429) fits its envelope and carries the documented Retry-After', async () => {
      const limited = (await gh.createMerchant({ rateLimitPerSecond: 1 })).auth;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          gh.post(`${REST}/getOrderStatusExtended.do`, { ...limited, orderId: 'no-such-order' }),
        ),
      );
      const refused = answers.find((answer) => answer.status === 429);
      assert.ok(refused !== undefined, answers.map((answer) => answer.status).join(','));
      assertDocumented(`${REST}/getOrderStatusExtended.do`, 429, refused.body);
      assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
      assert.ok(documentedHeaders(`${REST}/getOrderStatusExtended.do`, 429).includes('Retry-After'));
    });
  });
}
