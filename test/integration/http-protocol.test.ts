import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { ENGINES } from '../support/engines.js';
import {
  formBody,
  startTestGatehouse,
  type ApiResponse,
  type TestGatehouse,
} from '../support/gatehouse-harness.js';

const REGISTER = '/payment/rest/register.do';
const EXTENDED = '/payment/rest/getOrderStatusExtended.do';

type Auth = { userName: string; password: string };

function uniqueNumber(prefix = 'hp'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

function registerParams(auth: Auth): Record<string, string | number> {
  return { ...auth, orderNumber: uniqueNumber(), amount: 100, returnUrl: 'https://shop.example/ok' };
}

/** Fastify's own error body has these members; the gateway must never answer with it. */
const FRAMEWORK_KEYS = ['statusCode', 'error', 'code', 'message', 'stack'];

/** The spec's error envelope: exactly {errorCode, errorMessage}, JSON, no framework members, no stack. */
function assertEnvelope(response: ApiResponse, status: number, errorCode: string): string {
  assert.equal(response.status, status, response.text);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(Object.keys(response.body).sort(), ['errorCode', 'errorMessage'], response.text);
  assert.equal(response.body.errorCode, errorCode, response.text);
  assert.equal(typeof response.body.errorMessage, 'string');
  const message = response.body.errorMessage as string;
  assert.ok(message.length > 0);
  for (const key of FRAMEWORK_KEYS) assert.equal(response.body[key], undefined, `member ${key}`);
  assertNoStack(response);
  return message;
}

function assertNoStack(response: ApiResponse): void {
  assert.doesNotMatch(response.text, /\bat .+\.(js|ts):\d+/, 'stack frame in body');
  assert.doesNotMatch(response.text, /node_modules|\/dist\/|\/src\//, 'server path in body');
  assert.doesNotMatch(response.text, /"stack"/);
}

/** The body is the spec's envelope: JSON {errorCode: '5', errorMessage}, none of Fastify's members. */
function assertNoFrameworkBody(text: string): void {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    assert.fail(`not JSON: ${text}`);
  }
  for (const key of FRAMEWORK_KEYS) assert.equal(body[key], undefined, `member ${key} in ${text}`);
  assert.equal(body.errorCode, '5', text);
  assert.equal(typeof body.errorMessage, 'string', text);
  assert.doesNotMatch(text, /FST_/);
}

/** Writes bytes the fetch client refuses to send and returns everything the server answers. */
function rawHttp(port: number, host: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, host, () => socket.end(request));
    socket.setEncoding('utf8');
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer in time; got ${answer}`)));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Raw fetch for cases the harness does not cover (response may not be JSON). */
async function raw(
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

for (const engine of ENGINES) {
  void describe(`${engine}: HTTP protocol`, () => {
    let gh: TestGatehouse;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    void test('an unknown operation path is a 404 envelope naming the path', async () => {
      const response = await gh.post('/payment/rest/nope.do', { ...auth });
      const message = assertEnvelope(response, 404, '5');
      assert.ok(message.includes('/payment/rest/nope.do'), message);
    });

    void test('GET / is a 404 envelope, not a framework body', async () => {
      const response = await gh.post('/', {}, { method: 'GET' });
      const message = assertEnvelope(response, 404, '5');
      assert.ok(message.includes('/'), message);
      const other = await gh.post('/some/where', {}, { method: 'GET', query: 'a=1' });
      const otherMessage = assertEnvelope(other, 404, '5');
      assert.ok(otherMessage.includes('/some/where'), otherMessage);
      assert.ok(!otherMessage.includes('a=1'), 'the query string is not echoed');
    });

    void test('operation paths are case sensitive and exact (no trailing slash)', async () => {
      assertEnvelope(await gh.post('/payment/rest/Register.do', registerParams(auth)), 404, '5');
      assertEnvelope(await gh.post(`${REGISTER}/`, registerParams(auth)), 404, '5');
    });

    void test('parameters in the query string are refused with a 400 envelope', async () => {
      const response = await gh.post(REGISTER, registerParams(auth), { query: 'orderNumber=1' });
      const message = assertEnvelope(response, 400, '5');
      assert.match(message, /body/);
      // Even when the body is otherwise complete, nothing was registered under the query's number.
      const lookup = await gh.post(EXTENDED, { ...auth, orderNumber: '1' });
      assert.equal(lookup.body.errorCode, '6');
    });

    void test('an empty query string (a lone ?) is accepted', async () => {
      const response = await gh.post(REGISTER, registerParams(auth), { query: '' });
      assert.equal(response.status, 200, response.text);
      assert.equal(typeof response.body.orderId, 'string');
    });

    void test('GET (and other methods) on an operation is a 400 envelope', async () => {
      const get = await gh.post(REGISTER, {}, { method: 'GET' });
      const message = assertEnvelope(get, 400, '5');
      assert.match(message, /POST/);
      const put = await gh.post(REGISTER, registerParams(auth), { method: 'PUT' });
      assertEnvelope(put, 400, '5');
    });

    void test('a JSON or text body on a form operation is a 400 envelope', async () => {
      const json = await gh.post(
        REGISTER,
        {},
        {
          rawBody: JSON.stringify(registerParams(auth)),
          contentType: 'application/json',
        },
      );
      const jsonMessage = assertEnvelope(json, 400, '5');
      assert.match(jsonMessage, /application\/json/);
      assert.match(jsonMessage, /application\/x-www-form-urlencoded/);

      const text = await gh.post(
        REGISTER,
        {},
        { rawBody: formBody(registerParams(auth)), contentType: 'text/plain' },
      );
      const textMessage = assertEnvelope(text, 400, '5');
      assert.match(textMessage, /text\/plain/);

      const invalidJson = await gh.post(
        REGISTER,
        {},
        { rawBody: '{not json', contentType: 'application/json' },
      );
      assertEnvelope(invalidJson, 400, '5');
    });

    void test('a form content type with a charset parameter is accepted', async () => {
      const response = await gh.post(REGISTER, registerParams(auth), {
        contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(typeof response.body.orderId, 'string');
    });

    void test('GET /health answers {status: ok} as JSON', async () => {
      const response = await gh.post('/health', {}, { method: 'GET' });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(response.body, { status: 'ok' });
    });

    void test('successes and refusals are JSON and never carry a stack trace', async () => {
      const responses: ApiResponse[] = [
        await gh.post(REGISTER, registerParams(auth)),
        await gh.post(REGISTER, { ...registerParams(auth), amount: 'abc' }),
        await gh.post(REGISTER, { ...registerParams(auth), returnUrl: '' }),
        await gh.post(EXTENDED, { ...auth, orderId: 'x'.repeat(37) }),
        await gh.post(EXTENDED, { userName: auth.userName, password: 'bad' }),
        await gh.post(
          REGISTER,
          {},
          { rawBody: '%%%&&&==', contentType: 'application/x-www-form-urlencoded' },
        ),
        await gh.post(
          REGISTER,
          {},
          { rawBody: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'application/octet-stream' },
        ),
      ];
      for (const response of responses) {
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/, response.text);
        assertNoStack(response);
        assert.ok(response.status < 500, `status ${response.status}: ${response.text}`);
      }
      assert.equal(responses[0]?.status, 200);
      assert.equal(responses[1]?.body.errorCode, '5');
      assert.equal(responses[2]?.body.errorCode, '4');
      assert.equal(responses[3]?.body.errorCode, '5');
      assert.equal(responses[4]?.body.errorCode, '5');
    });

    void test('an address that is not valid percent-encoding is a 400 envelope, not a framework body', async () => {
      const response = await raw(`${gh.baseUrl}/payment/rest/%E0%A4%A.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody(registerParams(auth)),
      });
      assert.equal(response.status, 400, response.text);
      assertNoFrameworkBody(response.text);
    });

    void test('a request with an unreadable Content-Length is a 400 envelope, not a framework body', async () => {
      const url = new URL(gh.baseUrl);
      const answer = await rawHttp(
        Number(url.port),
        url.hostname,
        `POST ${REGISTER} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          'Content-Length: abc\r\nConnection: close\r\n\r\n',
      );
      assert.match(answer, /^HTTP\/1\.1 400 /);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      assertNoFrameworkBody(body);
    });

    void test('request-rate limit: the 4th quick request of a 3/s merchant is a 429 envelope, others unaffected', async () => {
      const limited = (await gh.createMerchant({ rateLimitPerSecond: 3 })).auth;
      const other = (await gh.createMerchant({ rateLimitPerSecond: 3 })).auth;
      const statuses: number[] = [];
      let refused: ApiResponse | undefined;
      // Time stands still for the burst: on a loaded machine four requests can outlast a second,
      // and the bucket would refill between them.
      gh.clock.hold();
      try {
        for (let i = 0; i < 4; i += 1) {
          const response = await gh.post(REGISTER, registerParams(limited));
          statuses.push(response.status);
          if (response.status === 429) refused = response;
        }
      } finally {
        gh.clock.release();
      }
      assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
      assert.equal(statuses[3], 429, `statuses ${statuses.join(',')}`);
      assert.ok(refused !== undefined);
      const message = assertEnvelope(refused, 429, '7');
      assert.match(message, /rate/i);
      // A refused request registered nothing, and another merchant still gets through.
      const fine = await gh.post(REGISTER, registerParams(other));
      assert.equal(fine.status, 200, fine.text);
      assert.equal(typeof fine.body.orderId, 'string');
      // The bucket refills with time.
      gh.clock.advance(1_000);
      const later = await gh.post(REGISTER, registerParams(limited));
      assert.equal(later.status, 200, later.text);
    });

    void test('simultaneous-request limit: a merchant limited to 1 gets 429 envelopes under concurrency', async () => {
      const limited = (await gh.createMerchant({ concurrentLimit: 1 })).auth;
      const bystander = (await gh.createMerchant()).auth;
      // Warm the verified-credential cache, so the concurrent requests do not queue on the KDF.
      const warm = await gh.post(REGISTER, registerParams(limited));
      assert.equal(warm.status, 200, warm.text);
      // Client and server share this process: open the connections first (keep-alive), so the
      // burst below reaches the server at once instead of one TCP handshake at a time.
      await Promise.all(Array.from({ length: 20 }, () => gh.post('/health', {}, { method: 'GET' })));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => gh.post(REGISTER, registerParams(limited))),
      );
      const ok = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status === 429);
      assert.equal(ok.length + refused.length, responses.length, responses.map((r) => r.status).join(','));
      assert.ok(ok.length >= 1, 'at least one request gets through');
      assert.ok(refused.length >= 1, 'at least one request is refused');
      for (const response of ok) assert.equal(typeof response.body.orderId, 'string', response.text);
      for (const response of refused) {
        const message = assertEnvelope(response, 429, '7');
        assert.match(message, /simultaneous/i);
        assert.match(message, /\b1\b/);
      }
      // The slot is given back: a later single request succeeds, and others were never limited.
      const after1 = await gh.post(REGISTER, registerParams(limited));
      assert.equal(after1.status, 200, after1.text);
      const other = await gh.post(REGISTER, registerParams(bystander));
      assert.equal(other.status, 200, other.text);
    });
  });

  void describe(`${engine}: HTTP body limit`, () => {
    let gh: TestGatehouse;
    let auth: Auth;
    const LIMIT = 2048;

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_BODY_LIMIT_BYTES: String(LIMIT) } });
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    /** A form body of exactly `size` bytes: real parameters plus an ignored padding parameter. */
    function paddedBody(size: number): string {
      const base = `${formBody({ ...auth, orderNumber: uniqueNumber('limit') })}&pad=`;
      assert.ok(base.length < size);
      return base + 'x'.repeat(size - base.length);
    }

    void test('a body larger than the limit is a 400 envelope mentioning the limit', async () => {
      const body = paddedBody(3000);
      assert.equal(Buffer.byteLength(body), 3000);
      const response = await gh.post(EXTENDED, {}, { rawBody: body });
      const message = assertEnvelope(response, 400, '5');
      assert.ok(message.includes(String(LIMIT)), message);
    });

    void test('one byte over the limit is refused, exactly at the limit is not', async () => {
      const over = await gh.post(EXTENDED, {}, { rawBody: paddedBody(LIMIT + 1) });
      assertEnvelope(over, 400, '5');
      const exact = paddedBody(LIMIT);
      assert.equal(Buffer.byteLength(exact), LIMIT);
      const response = await gh.post(EXTENDED, {}, { rawBody: exact });
      assert.equal(response.status, 200, response.text);
      // Authenticated and processed: an unknown order number.
      assert.equal(response.body.errorCode, '6', response.text);
    });

    void test('an oversized body on an unknown path is still an envelope', async () => {
      const response = await gh.post('/payment/rest/nope.do', {}, { rawBody: paddedBody(3000) });
      assert.ok(response.status === 400 || response.status === 404, response.text);
      assert.deepEqual(Object.keys(response.body).sort(), ['errorCode', 'errorMessage']);
      assertNoStack(response);
    });
  });
}
