import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { LAST_ORDERS_PAGE_SIZE_MAX } from '../../src/api/rest/last-orders-for-merchants.js';
import { cardDataIn } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const VERIFY = `${REST}/verifyEnrollment.do`;
const LAST_ORDERS = `${REST}/getLastOrdersForMerchants.do`;
const ALL_STATES = 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED';
const LIMITS = { rateLimitPerSecond: 100_000, concurrentLimit: 10_000 };

type Auth = { userName: string; password: string };
type Merchant = { merchantLogin: string; auth: Auth };

/** yyyyMMddHHmmss in UTC, as the report's `from` and `to` travel. */
function compact(ms: number): string {
  return new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);
}

function assertRefused(response: ApiResponse, errorCode: string, message: RegExp): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, errorCode, response.text);
  assert.match(String(response.body.errorMessage), message, response.text);
  assert.equal(response.body.orderStatuses, undefined, response.text);
}

for (const engine of ENGINES) {
  describe(`${engine}: verifyEnrollment.do`, () => {
    let gh: TestGatehouse;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    test('answers Y for a card with an ACS (3-D Secure 2 or 1.0) and N for one without', async () => {
      const cases = [
        ['4111111111111111', 'Y'], // 2.x frictionless
        ['5555555555555599', 'Y'], // 2.x challenge
        ['4000000000001000', 'Y'], // 1.0 only
        ['4242424242424242', 'Y'], // not a test card: frictionless 2.x
        ['4444555511113333', 'N'],
        ['5100000000000008', 'N'],
      ] as const;
      for (const [pan, enrolled] of cases) {
        const response = await gh.post(VERIFY, { ...auth, pan });
        assert.equal(response.status, 200, response.text);
        assert.deepEqual(
          response.body,
          {
            errorCode: '0',
            errorMessage: 'Success',
            isEnrolled: enrolled,
            enrolled,
            emitterName: 'TEST CARD',
            emitterCountryCode: 'UNKNOWN',
          },
          pan,
        );
        assert.deepEqual(cardDataIn(response.text), [], 'the card number is never echoed');
      }
      // The request's language applies to the message.
      const german = await gh.post(VERIFY, { ...auth, pan: '4111111111111111', language: 'de' });
      assert.equal(german.body.errorMessage, 'Erfolg', german.text);
    });

    test('a number failing Luhn, malformed or missing is refused with the envelope, never echoed', async () => {
      const luhn = await gh.post(VERIFY, { ...auth, pan: '4111111111111112' });
      assertRefused(luhn, '5', /\[pan\].*Luhn/);
      assert.deepEqual(cardDataIn(luhn.text), []);
      assertRefused(await gh.post(VERIFY, { ...auth, pan: '4111-1111-1111' }), '5', /\[pan\]/);
      const tooLong = await gh.post(VERIFY, { ...auth, pan: '41111111111111111111' });
      assertRefused(tooLong, '5', /\[pan\]/);
      assert.deepEqual(cardDataIn(tooLong.text), []);
      assertRefused(await gh.post(VERIFY, { ...auth }), '4', /\[pan\]/);
      assertRefused(
        await gh.post(VERIFY, { userName: auth.userName, password: 'wrong', pan: '4111111111111111' }),
        '5',
        /./,
      );
    });
  });

  describe(`${engine}: getLastOrdersForMerchants.do`, () => {
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    /** A second apart, so "newest first" is one order whatever the engine's tie-break. */
    function tick(): void {
      gh.clock.advance(1000);
    }

    async function registered(who: Merchant): Promise<string> {
      tick();
      const response = await gh.post(`${REST}/register.do`, {
        ...who.auth,
        orderNumber: `rp-${randomBytes(5).toString('hex')}`,
        amount: 700,
        returnUrl: 'https://shop.example/ok',
      });
      assert.match(String(response.body.orderId), /^[0-9a-f-]{36}$/, response.text);
      return String(response.body.orderId);
    }

    async function paid(who: Merchant, extra: Record<string, string | boolean> = {}): Promise<string> {
      tick();
      const response = await gh.post(`${REST}/instantPayment.do`, {
        ...who.auth,
        amount: 1500,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `rp-${randomBytes(5).toString('hex')}`,
        ...extra,
      });
      assert.equal(typeof response.body.orderId, 'string', response.text);
      return String(response.body.orderId);
    }

    function report(who: Merchant, params: Record<string, string | number>): Promise<ApiResponse> {
      return gh.post(LAST_ORDERS, {
        ...who.auth,
        size: 100,
        from: compact(gh.clock.nowMs() - 3_600_000),
        to: compact(gh.clock.nowMs() + 1000),
        transactionStates: ALL_STATES,
        merchants: '',
        ...params,
      });
    }

    function idsOf(response: ApiResponse): string[] {
      assert.equal(response.body.errorCode, '0', response.text);
      return (response.body.orderStatuses as { attributes: { value: string }[] }[]).map(
        (order) => order.attributes[0]!.value,
      );
    }

    test('lists the period newest first, each order as getOrderStatusExtended.do shows it', async () => {
      const shop = await gh.createMerchant({ permissions: ['preAuth'], ...LIMITS });
      const old = await paid(shop);
      gh.clock.advance(2 * 3_600_000);
      const created = await registered(shop);
      const deposited = await paid(shop);
      const approved = await paid(shop, { preAuth: true });
      const declined = await paid(shop, { pan: '4000000000000002' });
      const refunded = await paid(shop);
      const refund = await gh.post(`${REST}/refund.do`, { ...shop.auth, orderId: refunded, amount: 500 });
      assert.equal(refund.body.errorCode, '0', refund.text);
      const reversed = await paid(shop, { preAuth: true });
      assert.equal(
        (await gh.post(`${REST}/reverse.do`, { ...shop.auth, orderId: reversed })).body.errorCode,
        '0',
      );

      // The period of registration: every state, the order registered two hours ago left out.
      const byCreation = await report(shop, { searchByCreatedDate: 'true' });
      assert.deepEqual(idsOf(byCreation), [reversed, refunded, declined, approved, deposited, created]);
      assert.equal(byCreation.body.errorMessage, 'Success');
      assert.equal(byCreation.body.totalCount, 6);
      assert.equal(byCreation.body.page, 0);
      assert.equal(byCreation.body.pageSize, 100);
      const elements = byCreation.body.orderStatuses as Record<string, unknown>[];
      for (const [index, orderId] of [reversed, refunded, declined].entries()) {
        const single = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shop.auth, orderId });
        assert.deepEqual(elements[index], single.body, orderId);
      }
      assert.equal((elements[1]!.refunds as unknown[]).length, 1, 'refunds come with their order');
      assert.deepEqual(cardDataIn(byCreation.text), [], 'card numbers only masked');

      // The default is the period of payment: nothing registered and unpaid, nothing declined.
      assert.deepEqual(idsOf(await report(shop, {})), [reversed, refunded, approved, deposited]);
      // States filter, in any case and with blanks; CREATED asked by payment date finds nothing.
      assert.deepEqual(
        idsOf(await report(shop, { transactionStates: 'deposited, REFUNDED,', searchByCreatedDate: 'true' })),
        [refunded, deposited],
      );
      const none = await report(shop, { transactionStates: 'CREATED,DECLINED' });
      assert.deepEqual(idsOf(none), []);
      assert.equal(none.body.totalCount, 0);
      // A wider period finds the older order too; `to` includes the whole second it names.
      const wide = await report(shop, {
        from: compact(gh.clock.nowMs() - 4 * 3_600_000),
        to: compact(gh.clock.nowMs()),
        transactionStates: 'DEPOSITED',
      });
      assert.deepEqual(idsOf(wide), [deposited, old]);
      assert.equal(wide.body.totalCount, 2);

      // A registered order past its lifetime reads as declined, as getOrderStatusExtended.do shows it.
      gh.clock.advance(2 * 3_600_000);
      const later = await report(shop, {
        from: compact(gh.clock.nowMs() - 3 * 3_600_000),
        transactionStates: 'CREATED',
        searchByCreatedDate: 'true',
      });
      assert.deepEqual(idsOf(later), [created]);
      assert.equal((later.body.orderStatuses as { orderStatus: number }[])[0]!.orderStatus, 6);
    });

    test('pages are stable and complete; the page size has a documented maximum', async () => {
      const shop = await gh.createMerchant(LIMITS);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.unshift(await registered(shop));
      const params = { size: 2, searchByCreatedDate: 'true' };
      const pages = [];
      for (const page of [0, 1, 2, 3]) {
        const response = await report(shop, { ...params, page });
        assert.equal(response.body.totalCount, 5, response.text);
        assert.equal(response.body.page, page);
        assert.equal(response.body.pageSize, 2);
        pages.push(idsOf(response));
      }
      assert.deepEqual(pages, [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4), []]);

      assert.equal((await report(shop, { size: LAST_ORDERS_PAGE_SIZE_MAX })).body.errorCode, '0');
      assertRefused(await report(shop, { size: LAST_ORDERS_PAGE_SIZE_MAX + 1 }), '5', /\[size\].*1 to 200/);
      assertRefused(await report(shop, { size: 0 }), '5', /\[size\]/);
      assertRefused(await report(shop, { page: -1 }), '5', /\[page\]/);
      // Without size (the PHP client sends none unless asked) a page is the largest one.
      const defaulted = await report(shop, { size: '' });
      assert.equal(defaulted.body.errorCode, '0', defaulted.text);
      assert.equal(defaulted.body.pageSize, LAST_ORDERS_PAGE_SIZE_MAX);
      assertRefused(await report(shop, { from: '2025-01-01T00:00:00' }), '5', /\[from\].*yyyyMMddHHmmss/);
      assertRefused(await report(shop, { to: '20250230120000' }), '5', /\[to\]/);
      assertRefused(
        await report(shop, { from: '20250102000000', to: '20250101000000' }),
        '5',
        /\[to\].*\[from\]/,
      );
      assertRefused(
        await report(shop, { transactionStates: 'PAID' }),
        '5',
        /\[transactionStates\].*DEPOSITED/,
      );
      assertRefused(await report(shop, { transactionStates: ' , ' }), '4', /\[transactionStates\]/);
      assertRefused(await report(shop, { searchByCreatedDate: 'yes' }), '5', /\[searchByCreatedDate\]/);
      const german = await report(shop, { size: 201, language: 'de' });
      assert.equal(german.body.errorCode, '5');
      assert.notEqual(german.body.errorMessage, (await report(shop, { size: 201 })).body.errorMessage);
    });

    test('a caller sees its own orders and those of merchants it may see, nothing else', async () => {
      const parent = await gh.createMerchant(LIMITS);
      const child = await gh.createMerchant({ parentLogin: parent.merchantLogin, ...LIMITS });
      const stranger = await gh.createMerchant(LIMITS);
      const granted = await gh.createMerchant(LIMITS);
      const parentOrder = await registered(parent);
      const childOrder = await registered(child);
      const strangerOrder = await registered(stranger);
      const grantedOrder = await registered(granted);
      const byCreation = { searchByCreatedDate: 'true' };

      // Empty `merchants` (or blanks): the caller and every merchant it may see (its children).
      assert.deepEqual(idsOf(await report(parent, byCreation)), [childOrder, parentOrder]);
      assert.deepEqual(idsOf(await report(parent, { ...byCreation, merchants: ' , ' })), [
        childOrder,
        parentOrder,
      ]);
      assert.deepEqual(idsOf(await report(child, byCreation)), [childOrder]);
      assert.deepEqual(idsOf(await report(stranger, byCreation)), [strangerOrder]);
      // Named merchants, the caller's own login among them.
      assert.deepEqual(idsOf(await report(parent, { ...byCreation, merchants: child.merchantLogin })), [
        childOrder,
      ]);
      assert.deepEqual(
        idsOf(
          await report(parent, {
            ...byCreation,
            merchants: `${parent.merchantLogin},${child.merchantLogin},${child.merchantLogin}`,
          }),
        ),
        [childOrder, parentOrder],
      );
      // Naming a merchant it may not see is refused, as acting for it would be.
      const denied = `Access denied to merchant ${parent.merchantLogin}`;
      assertRefused(await report(child, { merchants: parent.merchantLogin }), '5', new RegExp(denied));
      assertRefused(
        await report(stranger, { merchants: `${stranger.merchantLogin},${child.merchantLogin}` }),
        '5',
        new RegExp(`Access denied to merchant ${child.merchantLogin}`),
      );
      const nobody = `nobody${randomBytes(4).toString('hex')}`;
      assertRefused(await report(parent, { merchants: nobody }), '5', new RegExp(nobody));
      const many = Array.from({ length: 101 }, (_, i) => `${nobody}${i}`).join(',');
      assertRefused(await report(parent, { merchants: many }), '5', /\[merchants\].*100/);

      // A grant to see a merchant's transactions adds it, in both forms.
      await gh.gatehouse.admin.permit(stranger.merchantLogin, [], granted.merchantLogin);
      assert.deepEqual(idsOf(await report(stranger, byCreation)), [grantedOrder, strangerOrder]);
      assert.deepEqual(idsOf(await report(stranger, { ...byCreation, merchants: granted.merchantLogin })), [
        grantedOrder,
      ]);
      // Paging over several merchants keeps one order across them.
      const first = await report(parent, { ...byCreation, size: 1 });
      const second = await report(parent, { ...byCreation, size: 1, page: 1 });
      assert.deepEqual([...idsOf(first), ...idsOf(second)], [childOrder, parentOrder]);
      assert.equal(second.body.totalCount, 2);

      // A merchant that requires signed requests is not reported to a caller that does not sign.
      await gh.gatehouse.store.db
        .updateTable('merchants')
        .set({ require_signature: 1 })
        .where('login', '=', child.merchantLogin)
        .execute();
      assert.deepEqual(idsOf(await report(parent, byCreation)), [parentOrder]);
      assertRefused(await report(parent, { merchants: child.merchantLogin }), '5', /sign/);
    });
  });
}
