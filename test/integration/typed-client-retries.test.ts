import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GatehouseClient,
  GatehouseError,
  GatehouseNetworkError,
  GatehouseResponseError,
} from '../../clients/typescript/src/index.js';
import { checkedFetch } from '../support/checked-fetch.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/** What the flaky server received: each request's headers and body. */
interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Failure = (response: ServerResponse) => void;

const unavailable: Failure = (response) => response.writeHead(503).end('{"error":"Service Unavailable"}');
const systemError: Failure = (response) =>
  response
    .writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'srv-500' })
    .end('{"errorCode":"7","errorMessage":"System error"}');
const limited: Failure = (response) =>
  response
    .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
    .end('{"errorCode":"7","errorMessage":"Too many requests"}');
const dropped: Failure = (response) => response.socket?.destroy();

const STATUS = { errorCode: '0', errorMessage: 'Success', orderStatus: 2 };

/** A server that fails with `failures` in turn, then answers `answer` with its request id. */
async function flakyServer(failures: Failure[], answer: object = STATUS) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const failure = failures[received.length - 1];
      if (failure !== undefined) return failure(response);
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-request-id': String(request.headers['x-request-id']),
        })
        .end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new GatehouseClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    userName: 'shop-api',
    password: 'secret',
    retry: { baseDelayMs: 5 },
  });
  return {
    client,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the typed client sends again only what cannot happen twice (issue 41)', () => {
  test('a read is sent again after 503 and 500, and its answer names its request id', async () => {
    const flaky = await flakyServer([unavailable, systemError]);
    try {
      const answer = await flaky.client.getOrderStatusExtended({ orderId: 'o-1' });
      assert.equal(answer.orderStatus, 2);
      assert.equal(flaky.received.length, 3);
      assert.equal(answer.lastResponse.attempts, 3);
      assert.equal(answer.lastResponse.httpStatus, 200);
      const sent = flaky.received.map((request) => String(request.headers['x-request-id']));
      assert.equal(answer.lastResponse.requestId, sent[2]);
      assert.deepEqual(sent.slice(1), [`${sent[0]}.2`, `${sent[0]}.3`], 'one stem, an id per attempt');
      assert.equal(Object.keys(answer).includes('lastResponse'), false, 'not one of the members');
    } finally {
      await flaky.close();
    }
  });

  test('a call with an Idempotency-Key is sent again with the same key and the same body', async () => {
    const flaky = await flakyServer([dropped, unavailable], { errorCode: '0', errorMessage: 'Success' });
    try {
      const key = randomUUID();
      const answer = await flaky.client.refund({ orderId: 'o-1', amount: 500 }, { idempotencyKey: key });
      assert.equal(answer.lastResponse.attempts, 3);
      assert.deepEqual(
        flaky.received.map((request) => request.headers['idempotency-key']),
        [key, key, key],
      );
      assert.equal(new Set(flaky.received.map((request) => request.body)).size, 1);
    } finally {
      await flaky.close();
    }
  });

  test('a call that changes state without a key is sent once; the error names its request id', async () => {
    const flaky = await flakyServer([systemError]);
    try {
      const error = await flaky.client.refund({ orderId: 'o-1', amount: 500 }).catch((e: unknown) => e);
      assert.ok(error instanceof GatehouseError, String(error));
      assert.equal(error.errorCode, '7');
      assert.equal(error.requestId, 'srv-500');
      assert.equal(error.attempts, 1);
      assert.equal(flaky.received.length, 1);
    } finally {
      await flaky.close();
    }
  });

  test('a 429 is waited out for as long as its Retry-After says', async () => {
    const flaky = await flakyServer([limited]);
    try {
      const started = performance.now();
      const answer = await flaky.client.getOrderStatusExtended({ orderId: 'o-1' });
      assert.ok(performance.now() - started >= 950, 'Retry-After: 1 is one second');
      assert.equal(answer.lastResponse.attempts, 2);
    } finally {
      await flaky.close();
    }
  });

  test('the attempts are bounded: a failure that lasts is thrown with its request id', async () => {
    const down = await flakyServer(Array.from({ length: 10 }, () => unavailable));
    const gone = await flakyServer(Array.from({ length: 10 }, () => dropped));
    try {
      const answered = await down.client.getOrderStatus({ orderId: 'o-1' }).catch((e: unknown) => e);
      assert.ok(answered instanceof GatehouseResponseError, String(answered));
      assert.equal(answered.httpStatus, 503);
      assert.equal(answered.attempts, 3);
      assert.equal(down.received.length, 3);
      const unanswered = await gone.client
        .getOrderStatus({ orderId: 'o-1' }, { retry: { attempts: 4, baseDelayMs: 1 } })
        .catch((e: unknown) => e);
      assert.ok(unanswered instanceof GatehouseNetworkError, String(unanswered));
      assert.equal(unanswered.attempts, 4);
      assert.equal(unanswered.requestId, String(gone.received[3]?.headers['x-request-id']));
      assert.equal(gone.received.length, 4);
      await gone.client.getOrderStatus({ orderId: 'o-1' }, { retry: false }).catch(() => undefined);
      assert.equal(gone.received.length, 5, 'retry: false sends once');
    } finally {
      await Promise.all([down.close(), gone.close()]);
    }
  });
});

for (const engine of ENGINES) {
  describe(`${engine}: the typed client's request ids and retries against a live Gatehouse (issue 41)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    async function paidOrder(client: GatehouseClient): Promise<string> {
      const paid = await client.instantPayment({
        orderNumber: `rt-${randomBytes(4).toString('hex')}`,
        amount: 2000,
        currency: '978',
        pan: '4000000000000010',
        expiry: '203412',
        cvc: '123',
        cardholderName: 'CARD HOLDER',
        returnUrl: 'https://shop.example/ok',
      });
      return String(paid.orderId);
    }

    test('every answer and refusal carries the X-Request-Id the gateway answered with', async () => {
      const client = new GatehouseClient({ baseUrl: gh.baseUrl, fetch: checkedFetch, ...auth });
      const orderId = await paidOrder(client);
      const status = await client.getOrderStatusExtended(
        { orderId },
        { headers: { 'X-Request-Id': 'shop-call-1' } },
      );
      assert.equal(status.lastResponse.requestId, 'shop-call-1', 'the gateway keeps the caller’s id');
      const refused = await client
        .getOrderStatusExtended({ orderId: 'no-such-order' })
        .catch((e: unknown) => e);
      assert.ok(refused instanceof GatehouseError, String(refused));
      assert.match(String(refused.requestId), /^[0-9a-f-]{36}$/);
    });

    test('an answer lost on the way is asked again with its key: one refund, the first answer replayed', async () => {
      let lost = 0;
      // The gateway refunds, then the connection drops before the answer is read.
      const losingFirst: typeof fetch = async (input, init) => {
        const response = await checkedFetch(input, init);
        const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
        if (url.endsWith('/refund.do') && lost === 0) {
          lost += 1;
          throw new TypeError('fetch failed');
        }
        return response;
      };
      const client = new GatehouseClient({
        baseUrl: gh.baseUrl,
        fetch: losingFirst,
        retry: { baseDelayMs: 5 },
        ...auth,
      });
      const orderId = await paidOrder(client);
      const answer = await client.refund({ orderId, amount: 700 }, { idempotencyKey: randomUUID() });
      assert.equal(answer.errorCode, '0');
      assert.equal(answer.lastResponse.attempts, 2);
      assert.equal(answer.lastResponse.replayed, true, 'the second attempt got the first answer');
      const status = await client.getOrderStatusExtended({ orderId });
      assert.equal(status.paymentAmountInfo?.refundedAmount, 700, 'refunded once');
    });
  });
}
