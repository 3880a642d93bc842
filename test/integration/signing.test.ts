import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AdminError } from '../../src/services/admin-error.js';
import {
  createSigningKey,
  signReadingA,
  signReadingB,
  signedHeaders,
  xHash,
} from '../support/certificates.js';
import { ENGINES } from '../support/engines.js';
import {
  formBody,
  startTestGatehouse,
  type ApiResponse,
  type TestGatehouse,
} from '../support/gatehouse-harness.js';

const REGISTER = '/payment/rest/register.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const SIGNATURE_REQUIRED = 'This merchant must sign requests with the X-Hash and X-Signature headers';
const HASH_MISMATCH = 'X-Hash does not match the request body';
const SIGNATURE_INVALID = "X-Signature does not verify with the merchant's certificates";

// Key generation is the slow part; every engine shares the same keys.
const merchantKey = createSigningKey(2048, 'merchant');
const secondMerchantKey = createSigningKey(2048, 'merchant-second');
const strangerKey = createSigningKey(2048, 'stranger');
const smallKey = createSigningKey(1024, 'small');

let orderSeq = 0;
function nextOrderNumber(): string {
  orderSeq += 1;
  return `sig-${Date.now().toString(36)}-${orderSeq}`;
}

function assertRegistered(response: ApiResponse): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, undefined, response.text);
  assert.match(String(response.body.orderId), /^[0-9a-f-]{36}$/, response.text);
}

function assertRefused(response: ApiResponse, message: string): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, '5', response.text);
  assert.equal(response.body.errorMessage, message);
  assert.equal(response.body.orderId, undefined);
}

for (const engine of ENGINES) {
  describe(`${engine}: request signing (X-Hash / X-Signature)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let login: string;

    function orderParams(
      extra: Record<string, string> = {},
    ): Record<string, string> & { orderNumber: string } {
      return {
        ...auth,
        amount: '1000',
        returnUrl: 'https://shop.example/ok',
        ...extra,
        orderNumber: nextOrderNumber(),
      };
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      const merchant = await gh.createMerchant();
      auth = merchant.auth;
      login = merchant.merchantLogin;
      await gh.gatehouse.admin.addCertificate(login, merchantKey.certificatePem);
      await gh.gatehouse.admin.set(login, { requireSignature: true });
    });
    after(() => gh.close());

    test('the merchant is shown as requiring a signature, with its certificate on file', async () => {
      const summary = await gh.gatehouse.admin.show(login);
      assert.equal(summary.requireSignature, true);
      assert.equal(summary.certificates.length, 1);
      assert.match(summary.certificates[0]?.subject ?? '', /CN=merchant/);
    });

    test('an unsigned request is refused with errorCode 5 (signature required)', async () => {
      const response = await gh.post(REGISTER, orderParams());
      assertRefused(response, SIGNATURE_REQUIRED);
    });

    test('only one of the two headers is not enough', async () => {
      const body = formBody(orderParams());
      const hashOnly = await gh.post(REGISTER, {}, { rawBody: body, headers: { 'x-hash': xHash(body) } });
      assertRefused(hashOnly, SIGNATURE_REQUIRED);
      const signatureOnly = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: { 'x-signature': signReadingA(body, merchantKey.privateKey) } },
      );
      assertRefused(signatureOnly, SIGNATURE_REQUIRED);
    });

    test('a correct X-Hash with a reading-A signature (RSA-SHA256 over the digest bytes) is accepted', async () => {
      const params = orderParams();
      const body = formBody(params);
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: signedHeaders(body, merchantKey.privateKey) },
      );
      assertRegistered(response);
      const statusBody = formBody({ ...auth, orderId: String(response.body.orderId) });
      const status = await gh.post(
        STATUS,
        {},
        { rawBody: statusBody, headers: signedHeaders(statusBody, merchantKey.privateKey) },
      );
      assert.equal(status.body.orderNumber, params.orderNumber, status.text);
      assert.equal(status.body.orderStatus, 0);
    });

    test('a correct X-Hash with a reading-B signature (PKCS#1 v1.5 over the precomputed digest) is accepted', async () => {
      const body = formBody(orderParams());
      const signature = signReadingB(body, merchantKey.privateKey);
      assert.notEqual(
        signature,
        signReadingA(body, merchantKey.privateKey),
        'the two readings give different signatures',
      );
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: { 'x-hash': xHash(body), 'x-signature': signature } },
      );
      assertRegistered(response);
    });

    test('an X-Hash (and signature) of a different body is refused (hash mismatch)', async () => {
      const body = formBody(orderParams());
      const other = formBody(orderParams());
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: signedHeaders(other, merchantKey.privateKey) },
      );
      assertRefused(response, HASH_MISMATCH);
    });

    test('a valid X-Hash with a signature by a key that is not on file is refused (invalid signature)', async () => {
      const body = formBody(orderParams());
      for (const signature of [
        signReadingA(body, strangerKey.privateKey),
        signReadingB(body, strangerKey.privateKey),
      ]) {
        const response = await gh.post(
          REGISTER,
          {},
          { rawBody: body, headers: { 'x-hash': xHash(body), 'x-signature': signature } },
        );
        assertRefused(response, SIGNATURE_INVALID);
      }
    });

    test('a garbage X-Signature is refused (invalid signature), not a system error', async () => {
      const body = formBody(orderParams());
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: { 'x-hash': xHash(body), 'x-signature': 'bm90IGEgc2lnbmF0dXJl' } },
      );
      assertRefused(response, SIGNATURE_INVALID);
    });

    test('a body changed by one byte after signing is refused', async () => {
      const params = orderParams({ amount: '1000' });
      const body = formBody(params);
      const headers = signedHeaders(body, merchantKey.privateKey);
      const tampered = body.replace('amount=1000', 'amount=9000');
      assert.equal(tampered.length, body.length);
      assert.notEqual(tampered, body);
      const asSigned = await gh.post(REGISTER, {}, { rawBody: tampered, headers });
      assertRefused(asSigned, HASH_MISMATCH);
      // Recomputing X-Hash for the new body does not help: the signature covers the old digest.
      const rehashed = await gh.post(
        REGISTER,
        {},
        { rawBody: tampered, headers: { ...headers, 'x-hash': xHash(tampered) } },
      );
      assertRefused(rehashed, SIGNATURE_INVALID);
      // Nothing was registered under that order number.
      const statusBody = formBody({ ...auth, orderNumber: params.orderNumber });
      const status = await gh.post(
        STATUS,
        {},
        { rawBody: statusBody, headers: signedHeaders(statusBody, merchantKey.privateKey) },
      );
      assert.equal(status.body.errorCode, '6', status.text);
    });

    test('X-Hash is checked against the raw body as received, not a re-encoding of the parameters', async () => {
      const orderNumber = nextOrderNumber();
      // Unusual order, %20 next to +, an encoded letter and a lowercase escape: a re-serialisation would differ.
      const body =
        `returnUrl=https%3a%2F%2Fshop.example%2Fok&description=two%20words+and%20more&amount=1%30%30%30` +
        `&orderNumber=${orderNumber}&password=${encodeURIComponent(auth.password)}&userName=${encodeURIComponent(auth.userName)}`;
      const canonical = new URLSearchParams(body).toString();
      assert.notEqual(canonical, body);
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: signedHeaders(body, merchantKey.privateKey) },
      );
      assertRegistered(response);
      const statusBody = formBody({ ...auth, orderId: String(response.body.orderId) });
      const status = await gh.post(
        STATUS,
        {},
        { rawBody: statusBody, headers: signedHeaders(statusBody, merchantKey.privateKey) },
      );
      assert.equal(status.body.orderNumber, orderNumber, status.text);
      assert.equal(status.body.amount, 1000);
      // The same parameters re-encoded canonically, with the headers of the original bytes, do not pass.
      const reencoded = await gh.post(
        REGISTER,
        {},
        { rawBody: canonical, headers: signedHeaders(body, merchantKey.privateKey) },
      );
      assertRefused(reencoded, HASH_MISMATCH);
    });

    test('with two certificates on file, a signature by either key is accepted', async () => {
      const merchant = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem);
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, secondMerchantKey.certificatePem);
      await gh.gatehouse.admin.set(merchant.merchantLogin, { requireSignature: true });
      for (const key of [merchantKey, secondMerchantKey]) {
        const body = formBody({
          ...merchant.auth,
          orderNumber: nextOrderNumber(),
          amount: 500,
          returnUrl: 'https://shop.example/ok',
        });
        assertRegistered(
          await gh.post(REGISTER, {}, { rawBody: body, headers: signedHeaders(body, key.privateKey) }),
        );
      }
      const body = formBody({
        ...merchant.auth,
        orderNumber: nextOrderNumber(),
        amount: 500,
        returnUrl: 'https://shop.example/ok',
      });
      assertRefused(
        await gh.post(REGISTER, {}, { rawBody: body, headers: signedHeaders(body, strangerKey.privateKey) }),
        SIGNATURE_INVALID,
      );
    });

    test('a valid signature does not replace the password: wrong credentials are still refused', async () => {
      const body = formBody({ ...orderParams(), password: `${auth.password}-wrong` });
      const response = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: signedHeaders(body, merchantKey.privateKey) },
      );
      assertRefused(response, 'Access denied');
    });

    test('a merchant that does not require a signature ignores absent headers', async () => {
      const merchant = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem);
      assert.equal((await gh.gatehouse.admin.show(merchant.merchantLogin)).requireSignature, false);
      const response = await gh.post(REGISTER, {
        ...merchant.auth,
        orderNumber: nextOrderNumber(),
        amount: 700,
        returnUrl: 'https://shop.example/ok',
      });
      assertRegistered(response);
    });

    test('turning requireSignature off again lets unsigned requests through', async () => {
      const merchant = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem);
      await gh.gatehouse.admin.set(merchant.merchantLogin, { requireSignature: true });
      const params = {
        ...merchant.auth,
        orderNumber: nextOrderNumber(),
        amount: 700,
        returnUrl: 'https://shop.example/ok',
      };
      assertRefused(await gh.post(REGISTER, params), SIGNATURE_REQUIRED);
      await gh.gatehouse.admin.set(merchant.merchantLogin, { requireSignature: false });
      assertRegistered(await gh.post(REGISTER, params));
    });

    test('requireSignature true without any certificate is refused by the admin', async () => {
      const merchant = await gh.createMerchant();
      await assert.rejects(
        gh.gatehouse.admin.set(merchant.merchantLogin, { requireSignature: true }),
        AdminError,
      );
      assert.equal((await gh.gatehouse.admin.show(merchant.merchantLogin)).requireSignature, false);
      // Unsigned requests still work: the failed command changed nothing.
      assertRegistered(
        await gh.post(REGISTER, {
          ...merchant.auth,
          orderNumber: nextOrderNumber(),
          amount: 1,
          returnUrl: 'https://shop.example/ok',
        }),
      );
    });

    test('addCertificate refuses something that is not a certificate, and a 1024-bit key', async () => {
      const merchant = await gh.createMerchant();
      const admin = gh.gatehouse.admin;
      await assert.rejects(admin.addCertificate(merchant.merchantLogin, 'not a certificate'), AdminError);
      await assert.rejects(
        admin.addCertificate(merchant.merchantLogin, merchantKey.privateKeyPem),
        AdminError,
      );
      assert.equal(smallKey.bits, 1024);
      await assert.rejects(
        admin.addCertificate(merchant.merchantLogin, smallKey.certificatePem),
        (error: unknown) => {
          assert.ok(error instanceof AdminError);
          assert.match(error.message, /2048/);
          return true;
        },
      );
      assert.equal((await admin.show(merchant.merchantLogin)).certificates.length, 0);
      await assert.rejects(admin.set(merchant.merchantLogin, { requireSignature: true }), AdminError);
    });

    test('the same certificate twice is refused with an AdminError', async () => {
      const merchant = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem);
      await assert.rejects(
        gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem),
        AdminError,
      );
      assert.equal((await gh.gatehouse.admin.show(merchant.merchantLogin)).certificates.length, 1);
    });

    test('a child that requires signing cannot be acted for by an unsigned request of its parent', async () => {
      const parent = await gh.createMerchant();
      const child = await gh.createMerchant({ parentLogin: parent.merchantLogin });
      await gh.gatehouse.admin.addCertificate(child.merchantLogin, secondMerchantKey.certificatePem);
      await gh.gatehouse.admin.set(child.merchantLogin, { requireSignature: true });
      const params = {
        ...parent.auth,
        amount: '1000',
        returnUrl: 'https://shop.example/ok',
        merchantLogin: child.merchantLogin,
      };
      const unsigned = await gh.post(REGISTER, { ...params, orderNumber: nextOrderNumber() });
      assertRefused(unsigned, SIGNATURE_REQUIRED);
      await gh.gatehouse.admin.addCertificate(parent.merchantLogin, merchantKey.certificatePem);
      const body = formBody({ ...params, orderNumber: nextOrderNumber() });
      const signed = await gh.post(
        REGISTER,
        {},
        { rawBody: body, headers: signedHeaders(body, merchantKey.privateKey) },
      );
      assertRegistered(signed);
    });
  });

  describe(`${engine}: an expired certificate no longer verifies`, () => {
    let gh: TestGatehouse;
    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    test('a signature that verifies today is refused once the certificate (2 days) has expired', async () => {
      const merchant = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(merchant.merchantLogin, merchantKey.certificatePem);
      await gh.gatehouse.admin.set(merchant.merchantLogin, { requireSignature: true });
      const send = () => {
        const body = formBody({
          ...merchant.auth,
          amount: '1000',
          returnUrl: 'https://shop.example/ok',
          orderNumber: nextOrderNumber(),
        });
        return gh.post(REGISTER, {}, { rawBody: body, headers: signedHeaders(body, merchantKey.privateKey) });
      };
      assertRegistered(await send());
      gh.clock.advance(3 * 24 * 3600 * 1000);
      assertRefused(await send(), SIGNATURE_INVALID);
    });
  });
}
