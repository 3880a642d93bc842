import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gatewayKeys } from '../../src/config/gateway-keys.js';
import { sealSeToken } from '../../src/processing/se-token.js';
import { browserGet, onlyForm, submit, unpack } from '../support/browser-forms.js';
import { cardDataIn, TEST_PANS } from '../support/card-data.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MASKED = /^\d{6}\*\*\d{4}$/;
const VISA = '4111111111111111';
const MASTERCARD = '5555555555554444';
const CARD_EXPIRY = '203412';

type Auth = { readonly userName: string; readonly password: string };
type Params = Record<string, string | number | boolean>;
type Body = Record<string, unknown>;
type BindingView = Record<string, unknown>;

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
const block = (body: Body) => (body.orderStatus ?? {}) as Body;

/** YYYYMM of the UTC month `offset` months after the one `nowMs` falls in. */
function monthOf(nowMs: number, offset: number): string {
  const date = new Date(nowMs);
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return `${shifted.getUTCFullYear()}${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The calls every test of the file makes, bound to one test server. */
function client(gh: TestGatehouse) {
  const call = (auth: Auth, op: string, params: Params = {}): Promise<ApiResponse> =>
    gh.post(`${REST}/${op}`, { ...auth, ...params });

  return {
    call,
    /** instantPayment.do with card data (one-phase, approved unless the card says otherwise). */
    instant(auth: Auth, params: Params = {}): Promise<ApiResponse> {
      return call(auth, 'instantPayment.do', {
        amount: 1500,
        pan: VISA,
        expiry: CARD_EXPIRY,
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        failUrl: 'https://shop.example/fail',
        orderNumber: unique('bi'),
        ...params,
      });
    },
    /** instantPayment.do by binding: no card data at all. */
    instantByBinding(auth: Auth, params: Params): Promise<ApiResponse> {
      return call(auth, 'instantPayment.do', {
        amount: 700,
        returnUrl: 'https://shop.example/ok',
        orderNumber: unique('bb'),
        ...params,
      });
    },
    async register(auth: Auth, params: Params = {}, op = 'register.do'): Promise<string> {
      const response = await call(auth, op, {
        orderNumber: unique('ro'),
        amount: 900,
        returnUrl: 'https://shop.example/ok',
        failUrl: 'https://shop.example/fail',
        ...params,
      });
      assert.match(String(response.body.orderId), UUID, response.text);
      return String(response.body.orderId);
    },
    payByBinding(auth: Auth, mdOrder: string, bindingId: string, params: Params = {}): Promise<ApiResponse> {
      return call(auth, 'paymentOrderBinding.do', { mdOrder, bindingId, ...params });
    },
    async bindings(auth: Auth, clientId: string, params: Params = {}): Promise<BindingView[]> {
      const response = await call(auth, 'getBindings.do', { clientId, bindingType: 'C', ...params });
      assert.equal(response.status, 200);
      assert.equal(response.body.errorCode, '0', response.text);
      assert.ok(Array.isArray(response.body.bindings), response.text);
      return response.body.bindings as BindingView[];
    },
    async byCardOrId(auth: Auth, params: Params): Promise<BindingView[]> {
      const response = await call(auth, 'getBindingsByCardOrId.do', params);
      assert.equal(response.body.errorCode, '0', response.text);
      return response.body.bindings as BindingView[];
    },
    async status(auth: Auth, orderId: string): Promise<Body> {
      const response = await call(auth, 'getOrderStatusExtended.do', { orderId });
      assert.equal(response.body.errorCode, '0', response.text);
      return response.body;
    },
    /** Pays with card data for `clientId` and answers the binding it stored (the only one of the client). */
    async store(
      auth: Auth,
      clientId: string,
      params: Params = {},
    ): Promise<{ orderId: string; bindingId: string; netRefNum: string }> {
      const response = await this.instant(auth, { clientId, ...params });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.equal(block(response.body).OrderStatus, 2, response.text);
      const found = await this.bindings(auth, clientId);
      assert.equal(found.length, 1, JSON.stringify(found));
      return {
        orderId: String(response.body.orderId),
        bindingId: String(found[0]?.bindingId),
        netRefNum: String(block(response.body).paymentNetRefNum),
      };
    },
  };
}

/** Part 8: the vault keeps no card number in clear, in rows or (SQLite) in the raw file. */
async function assertVaultClean(gh: TestGatehouse, atLeast: number): Promise<void> {
  const db = gh.gatehouse.store.db;
  const rows = await db.selectFrom('bindings').selectAll().execute();
  assert.ok(rows.length >= atLeast, `the tests stored bindings (${rows.length})`);
  for (const row of rows) {
    const text = JSON.stringify(row);
    assert.deepEqual(
      TEST_PANS.filter((pan) => text.includes(pan)),
      [],
      `binding ${row.id} holds a card number in clear`,
    );
    assert.ok(row.pan_sealed.startsWith('v1.'), row.pan_sealed.slice(0, 12));
    assert.match(row.masked_pan, MASKED);
    assert.match(row.pan_hash, /^[0-9a-f]{64}$/);
    assert.match(row.expiry, /^\d{6}$/);
  }
  // The same card of two clients: one keyed hash, two different sealed values (each bound to its id).
  const byHash = new Map<string, string[]>();
  for (const row of rows) byHash.set(row.pan_hash, [...(byHash.get(row.pan_hash) ?? []), row.pan_sealed]);
  for (const sealed of byHash.values()) assert.equal(new Set(sealed).size, sealed.length);
  const callbacks = JSON.stringify(await db.selectFrom('callbacks').selectAll().execute());
  assert.deepEqual(cardDataIn(callbacks), []);
  if (gh.engine === 'sqlite') {
    const file = new URL(gh.database.url.replace(/^sqlite:/, 'file://')).pathname;
    for (const path of [file, `${file}-wal`]) {
      if (!existsSync(path)) continue;
      assert.deepEqual(
        TEST_PANS.filter((pan) => readFileSync(path).toString('latin1').includes(pan)),
        [],
        path,
      );
    }
  }
}

for (const engine of ENGINES) {
  describe(`${engine}: stored credentials (bindings)`, () => {
    let gh: TestGatehouse;
    let api: ReturnType<typeof client>;
    let auth: Auth;
    let other: Auth;
    let plain: Auth;
    let staticEndpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
    let dynamicEndpoint: Awaited<ReturnType<typeof listenForCallbacks>>;

    before(async () => {
      staticEndpoint = await listenForCallbacks();
      dynamicEndpoint = await listenForCallbacks();
      gh = await startTestGatehouse(engine);
      api = client(gh);
      auth = (await gh.createMerchant({ permissions: ['storedCredentials', 'preAuth'] })).auth;
      other = (await gh.createMerchant({ permissions: ['storedCredentials', 'preAuth'] })).auth;
      plain = (await gh.createMerchant({ permissions: ['preAuth'] })).auth;
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => staticEndpoint.server.close(resolve));
      await new Promise((resolve) => dynamicEndpoint.server.close(resolve));
    });

    const refused = (response: ApiResponse, errorCode: string, message: RegExp) => {
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.errorCode, errorCode, response.text);
      assert.match(String(response.body.errorMessage ?? response.body.error), message, response.text);
      assert.equal(block(response.body).OrderStatus, undefined, 'a refusal pays nothing');
    };

    // ---- 1. The spec's flow "storing and using a common credential" ----

    test('flow: store with instantPayment.do, list, register, pay with F, then with U', async () => {
      const clientId = unique('flow');
      // (a) store: instantPayment.do with clientId.
      const first = await api.instant(auth, { clientId });
      assert.equal(first.body.errorCode, '0', first.text);
      assert.equal(block(first.body).OrderStatus, 2);
      const firstNetRef = String(block(first.body).paymentNetRefNum);
      assert.match(firstNetRef, /^\S{1,36}$/);

      // ... verify with getBindings.do: exactly that card.
      const listed = await api.bindings(auth, clientId);
      assert.equal(listed.length, 1, JSON.stringify(listed));
      const binding = listed[0] as BindingView;
      assert.match(String(binding.bindingId), /^\S{1,255}$/);
      const { bindingId, displayLabel, ...rest } = binding;
      assert.deepEqual(rest, {
        maskedPan: '411111**1111',
        expiryDate: CARD_EXPIRY,
        paymentWay: 'CARD',
        paymentSystem: 'VISA',
        bindingCategory: 'COMMON',
        clientId,
      });
      assert.equal(typeof displayLabel, 'string');
      assert.match(String(displayLabel), /1111$/);
      assert.ok(!String(displayLabel).includes(VISA), 'the label is masked');
      assert.ok(!JSON.stringify(listed).includes(VISA));
      const storing = await api.status(auth, String(first.body.orderId));
      assert.deepEqual(storing.bindingInfo, { clientId, bindingId });
      assert.equal(storing.paymentNetRefNum, firstNetRef);

      // (b) use: register.do with clientId, getBindings.do, paymentOrderBinding.do with tii F.
      const second = await api.register(auth, { clientId });
      const again = await api.bindings(auth, clientId);
      assert.deepEqual(
        again.map((found) => found.bindingId),
        [bindingId],
      );
      const paid = await api.payByBinding(auth, second, String(bindingId), { tii: 'F', language: 'en' });
      assert.equal(paid.body.errorCode, '0', paid.text);
      assert.equal(block(paid.body).OrderStatus, 2, paid.text);
      assert.equal(paid.body.redirect, `https://shop.example/ok?orderId=${second}&lang=en`);
      assert.equal(typeof paid.body.info, 'string');
      assert.equal(block(paid.body).Pan, '411111**1111');
      const secondStatus = await api.status(auth, second);
      assert.equal(secondStatus.orderStatus, 2);
      assert.deepEqual(secondStatus.bindingInfo, { clientId, bindingId });
      assert.equal(secondStatus.paymentWay, 'CARD_BINDING');
      const card = secondStatus.cardAuthInfo as Body;
      assert.equal(card.maskedPan, '411111**1111');
      assert.equal(String(card.expiration), CARD_EXPIRY);
      assert.equal((secondStatus.paymentAmountInfo as Body).depositedAmount, 900);

      // ... and merchant-initiated (U), citing the first payment's paymentNetRefNum.
      const third = await api.register(auth, { clientId, amount: 1234 });
      const unscheduled = await api.payByBinding(auth, third, String(bindingId), {
        tii: 'U',
        originalPaymentNetRefNum: firstNetRef,
      });
      assert.equal(unscheduled.body.errorCode, '0', unscheduled.text);
      assert.equal(block(unscheduled.body).OrderStatus, 2, unscheduled.text);
      const thirdStatus = await api.status(auth, third);
      assert.equal(thirdStatus.paymentWay, 'CARD_BINDING');
      assert.deepEqual(thirdStatus.bindingInfo, { clientId, bindingId });
      assert.equal((thirdStatus.paymentAmountInfo as Body).depositedAmount, 1234);
      // Paying with the binding neither adds nor changes a binding.
      assert.deepEqual(await api.bindings(auth, clientId), listed);
    });

    // ---- 2. Storing rules ----

    test('bindingNotNeeded=true pays but stores nothing', async () => {
      const clientId = unique('nn');
      const response = await api.instant(auth, { clientId, bindingNotNeeded: true });
      assert.equal(block(response.body).OrderStatus, 2, response.text);
      assert.deepEqual(await api.bindings(auth, clientId), []);
      assert.deepEqual((await api.status(auth, String(response.body.orderId))).bindingInfo, { clientId });
    });

    test('without the permission storedCredentials nothing is stored; tii, bindingId and the operations are refused (5)', async () => {
      const clientId = unique('np');
      const paid = await api.instant(plain, { clientId });
      assert.equal(block(paid.body).OrderStatus, 2, paid.text);
      assert.deepEqual((await api.status(plain, String(paid.body.orderId))).bindingInfo, { clientId });
      const rows = await gh.gatehouse.store.db
        .selectFrom('bindings')
        .select('id')
        .where('client_id', '=', clientId)
        .execute();
      assert.deepEqual(rows, []);

      refused(await api.instant(plain, { clientId, tii: 'CI' }), '5', /storedCredentials/);
      const { bindingId } = await api.store(auth, unique('np-owner'));
      refused(await api.instantByBinding(plain, { clientId, bindingId }), '5', /storedCredentials/);
      refused(await api.call(plain, 'getBindings.do', { clientId }), '5', /getBindings/);
      const order = await api.register(plain, { clientId });
      refused(await api.payByBinding(plain, order, bindingId, { tii: 'F' }), '5', /paymentOrderBinding/);
      for (const op of ['unBindCard.do', 'bindCard.do']) {
        refused(await api.call(plain, op, { bindingId }), '5', /storedCredentials|Card/);
      }
      refused(
        await api.call(plain, 'extendBinding.do', { bindingId, newExpiry: '203801', language: 'en' }),
        '5',
        /extendBinding/,
      );
      refused(await api.call(plain, 'getBindingsByCardOrId.do', { pan: VISA }), '5', /getBindingsByCardOrId/);
    });

    test('a second payment with the same card and client refreshes the one binding (expiry updated)', async () => {
      const clientId = unique('rf');
      const { bindingId } = await api.store(auth, clientId);
      const again = await api.instant(auth, { clientId, expiry: '203609' });
      assert.equal(block(again.body).OrderStatus, 2, again.text);
      const listed = await api.bindings(auth, clientId);
      assert.equal(listed.length, 1, JSON.stringify(listed));
      assert.equal(listed[0]?.bindingId, bindingId);
      assert.equal(listed[0]?.expiryDate, '203609');
      assert.deepEqual((await api.status(auth, String(again.body.orderId))).bindingInfo, {
        clientId,
        bindingId,
      });
      // The refreshed binding pays with its new expiry.
      const order = await api.register(auth, { clientId });
      assert.equal(block((await api.payByBinding(auth, order, bindingId)).body).OrderStatus, 2);
      assert.equal(String(((await api.status(auth, order)).cardAuthInfo as Body).expiration), '203609');
    });

    test('the same card for another client makes a second binding; another card a second one of the client', async () => {
      const alice = unique('alice');
      const bob = unique('bob');
      const first = await api.store(auth, alice);
      const second = await api.store(auth, bob);
      assert.notEqual(first.bindingId, second.bindingId);
      assert.deepEqual(
        (await api.bindings(auth, bob)).map((found) => [found.clientId, found.maskedPan]),
        [[bob, '411111**1111']],
      );
      const mc = await api.instant(auth, { clientId: alice, pan: MASTERCARD });
      assert.equal(block(mc.body).OrderStatus, 2);
      const both = await api.bindings(auth, alice);
      assert.deepEqual(both.map((found) => [found.maskedPan, found.paymentSystem]).sort(), [
        ['411111**1111', 'VISA'],
        ['555555**4444', 'MASTERCARD'],
      ]);
    });

    test('a declined payment stores nothing', async () => {
      const clientId = unique('dc');
      for (const pan of ['4000000000000002', '4000000000009995']) {
        const response = await api.instant(auth, { clientId, pan });
        assert.equal(block(response.body).OrderStatus, 6, response.text);
      }
      assert.deepEqual(await api.bindings(auth, clientId), []);
      assert.deepEqual(await api.byCardOrId(auth, { pan: '4000000000000002' }), []);
    });

    test('instantPayment.do with tii=CI stores the card', async () => {
      const clientId = unique('ci');
      const response = await api.instant(auth, { clientId, tii: 'CI', pan: MASTERCARD });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.equal(block(response.body).OrderStatus, 2);
      const listed = await api.bindings(auth, clientId);
      assert.deepEqual(
        listed.map((found) => [found.maskedPan, found.bindingCategory, found.clientId]),
        [['555555**4444', 'COMMON', clientId]],
      );
      // CI is the initiating payment: it is paid with card data, not with a binding.
      assert.equal((await api.status(auth, String(response.body.orderId))).paymentWay, 'CARD');
      refused(await api.instant(auth, { tii: 'CI', pan: MASTERCARD }), '5', /\[clientId\]/);
      // Only the card category is stored: none of the other types.
      for (const bindingType of ['R', 'I'])
        assert.deepEqual(await api.bindings(auth, clientId, { bindingType }), []);
    });

    test('concurrent storing payments of one card for one client: all paid, one binding', async () => {
      const clientId = unique('cc');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => api.instant(auth, { clientId, pan: MASTERCARD })),
      );
      for (const response of responses) {
        assert.equal(response.body.errorCode, '0', response.text);
        assert.equal(block(response.body).OrderStatus, 2, response.text);
      }
      const listed = await api.bindings(auth, clientId);
      assert.equal(listed.length, 1, JSON.stringify(listed));
      for (const response of responses) {
        const read = await api.status(auth, String(response.body.orderId));
        assert.equal(read.orderStatus, 2);
        assert.deepEqual(read.bindingInfo, { clientId, bindingId: listed[0]?.bindingId });
      }
    });

    // ---- 3. Using rules (the tii table) ----

    test('U is one-phase only: refused with preAuth=true and on an order of registerPreAuth.do', async () => {
      const clientId = unique('u2');
      const { bindingId, netRefNum } = await api.store(auth, clientId);
      const instant = await api.instantByBinding(auth, {
        clientId,
        bindingId,
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
        preAuth: true,
      });
      refused(instant, '5', /preAuth/);
      assert.equal(instant.body.orderId, undefined);

      const held = await api.register(auth, { clientId }, 'registerPreAuth.do');
      refused(
        await api.payByBinding(auth, held, bindingId, { tii: 'U', originalPaymentNetRefNum: netRefNum }),
        '5',
        /preAuth/,
      );
      // The refusal left the order payable: a customer-initiated payment holds it (status 1).
      assert.equal((await api.status(auth, held)).orderStatus, 0);
      const customer = await api.payByBinding(auth, held, bindingId, { tii: 'F' });
      assert.equal(block(customer.body).OrderStatus, 1, customer.text);
    });

    test('F, U and R without a bindingId are refused', async () => {
      const clientId = unique('nb');
      const { netRefNum } = await api.store(auth, clientId);
      for (const tii of ['F', 'U', 'R']) {
        const instant = await api.instant(auth, { clientId, tii, originalPaymentNetRefNum: netRefNum });
        refused(instant, '4', /\[bindingId\]/);
        assert.equal(instant.body.orderId, undefined);
        const order = await api.register(auth, { clientId });
        refused(
          await api.call(auth, 'paymentOrderBinding.do', {
            mdOrder: order,
            tii,
            originalPaymentNetRefNum: netRefNum,
          }),
          '4',
          /\[bindingId\]/,
        );
        assert.equal((await api.status(auth, order)).orderStatus, 0);
      }
    });

    test('a stored-credential payment without clientId is refused (errorCode 5, "[clientId]") and pays nothing', async () => {
      const clientId = unique('nc');
      const { bindingId } = await api.store(auth, clientId);
      const order = await api.register(auth);
      for (const tii of ['F', 'U']) {
        refused(await api.payByBinding(auth, order, bindingId, { tii }), '5', /\[clientId\]/);
      }
      assert.equal((await api.status(auth, order)).orderStatus, 0, 'nothing was paid');
      const empty = await api.register(auth, { clientId: '' });
      refused(await api.payByBinding(auth, empty, bindingId), '5', /\[clientId\]/);
      assert.equal((await api.status(auth, empty)).orderStatus, 0);
      const instant = await api.instantByBinding(auth, { bindingId });
      refused(instant, '5', /\[clientId\]/);
      assert.equal(instant.body.orderId, undefined);
      refused(await api.instantByBinding(auth, { bindingId, clientId: '' }), '5', /\[clientId\]/);
    });

    test('pan overrides bindingId: paid with that pan, no binding used (paymentWay CARD)', async () => {
      const clientId = unique('po');
      const { bindingId } = await api.store(auth, clientId);
      const response = await api.instant(auth, {
        clientId,
        bindingId,
        pan: MASTERCARD,
        bindingNotNeeded: true,
      });
      assert.equal(block(response.body).OrderStatus, 2, response.text);
      assert.equal(block(response.body).Pan, '555555**4444');
      const read = await api.status(auth, String(response.body.orderId));
      assert.equal(read.paymentWay, 'CARD');
      assert.equal((read.cardAuthInfo as Body).maskedPan, '555555**4444');
      assert.deepEqual(read.bindingInfo, { clientId });
      // A pan with a bindingId that is not even this client's: the pan still pays.
      const foreign = await api.instant(auth, {
        clientId: unique('po-other'),
        bindingId,
        bindingNotNeeded: true,
      });
      assert.equal(block(foreign.body).OrderStatus, 2, foreign.text);
    });

    test('U and R need originalPaymentNetRefNum, and the right one', async () => {
      const clientId = unique('nr');
      const { bindingId, netRefNum, orderId } = await api.store(auth, clientId);
      const order = await api.register(auth, { clientId });
      for (const tii of ['U', 'R']) {
        refused(await api.payByBinding(auth, order, bindingId, { tii }), '4', /originalPaymentNetRefNum/);
        refused(
          await api.payByBinding(auth, order, bindingId, {
            tii,
            originalPaymentNetRefNum: '999999999999999',
          }),
          '5',
          /originalPaymentNetRefNum/,
        );
        refused(
          await api.instantByBinding(auth, { clientId, bindingId, tii }),
          '4',
          /originalPaymentNetRefNum/,
        );
        refused(
          await api.instantByBinding(auth, {
            clientId,
            bindingId,
            tii,
            originalPaymentNetRefNum: `${netRefNum}0`,
          }),
          '5',
          /originalPaymentNetRefNum/,
        );
      }
      assert.equal((await api.status(auth, order)).orderStatus, 0);
      // R with the right reference and the initiating payment's date pays.
      const date = (await api.status(auth, orderId)).authDateTime;
      assert.equal(typeof date, 'number');
      const recurring = await api.payByBinding(auth, order, bindingId, {
        tii: 'R',
        originalPaymentNetRefNum: netRefNum,
        originalPaymentDate: String(date),
      });
      assert.equal(block(recurring.body).OrderStatus, 2, recurring.text);
    });

    test('U may cite the previous successful payment with the credential, not only the first', async () => {
      const clientId = unique('pv');
      const { bindingId, netRefNum } = await api.store(auth, clientId);
      const second = await api.register(auth, { clientId });
      const paid = await api.payByBinding(auth, second, bindingId, {
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
      });
      const previous = String(block(paid.body).paymentNetRefNum);
      assert.notEqual(previous, netRefNum);
      const third = await api.register(auth, { clientId });
      const next = await api.payByBinding(auth, third, bindingId, {
        tii: 'U',
        originalPaymentNetRefNum: previous,
      });
      assert.equal(next.body.errorCode, '0', next.text);
      assert.equal(block(next.body).OrderStatus, 2, next.text);
      // A payment of another binding (here the same card of another client) is no citation for this one.
      const otherClient = unique('pv-other');
      const foreign = await api.store(auth, otherClient);
      const fourth = await api.register(auth, { clientId });
      refused(
        await api.payByBinding(auth, fourth, bindingId, {
          tii: 'U',
          originalPaymentNetRefNum: foreign.netRefNum,
        }),
        '5',
        /originalPaymentNetRefNum/,
      );
      const otherOrder = await api.register(auth, { clientId: otherClient });
      refused(
        await api.payByBinding(auth, otherOrder, foreign.bindingId, {
          tii: 'U',
          originalPaymentNetRefNum: previous,
        }),
        '5',
        /originalPaymentNetRefNum/,
      );
    });

    test('on a network M binding, U needs originalSchemeTransactionId', async () => {
      const clientId = unique('mc');
      const { bindingId, netRefNum } = await api.store(auth, clientId, { pan: MASTERCARD });
      const order = await api.register(auth, { clientId });
      refused(
        await api.payByBinding(auth, order, bindingId, { tii: 'U', originalPaymentNetRefNum: netRefNum }),
        '4',
        /originalSchemeTransactionId/,
      );
      refused(
        await api.instantByBinding(auth, {
          clientId,
          bindingId,
          tii: 'U',
          originalPaymentNetRefNum: netRefNum,
        }),
        '4',
        /originalSchemeTransactionId/,
      );
      refused(
        await api.payByBinding(auth, order, bindingId, {
          tii: 'U',
          originalPaymentNetRefNum: netRefNum,
          originalSchemeTransactionId: 'NOT-THE-ORIGINAL',
        }),
        '5',
        /originalSchemeTransactionId/,
      );
      // Gatehouse's sandbox uses the network reference as the scheme transaction id (credential-vault.ts).
      const paid = await api.payByBinding(auth, order, bindingId, {
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
        originalSchemeTransactionId: netRefNum,
      });
      assert.equal(block(paid.body).OrderStatus, 2, paid.text);
      // A Visa binding needs no scheme transaction id for U (checked in the flow test), and F none at all.
      const customer = await api.register(auth, { clientId });
      assert.equal(
        block((await api.payByBinding(auth, customer, bindingId, { tii: 'F' })).body).OrderStatus,
        2,
      );
    });

    test('instantPayment.do with bindingId and clientId pays with the binding (CARD_BINDING)', async () => {
      const clientId = unique('ib');
      const { bindingId, netRefNum } = await api.store(auth, clientId, { pan: MASTERCARD });
      const response = await api.instantByBinding(auth, { clientId, bindingId, amount: 4321 });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.equal(block(response.body).OrderStatus, 2, response.text);
      assert.equal(block(response.body).Pan, '555555**4444');
      const read = await api.status(auth, String(response.body.orderId));
      assert.equal(read.paymentWay, 'CARD_BINDING');
      assert.deepEqual(read.bindingInfo, { clientId, bindingId });
      assert.equal((read.paymentAmountInfo as Body).depositedAmount, 4321);
      const unscheduled = await api.instantByBinding(auth, {
        clientId,
        bindingId,
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
        originalSchemeTransactionId: netRefNum,
      });
      assert.equal(block(unscheduled.body).OrderStatus, 2, unscheduled.text);
      // Paying with a binding does not store a second one.
      assert.equal((await api.bindings(auth, clientId)).length, 1);
    });

    test('a deactivated binding cannot pay (errorCode 2)', async () => {
      const clientId = unique('da');
      const { bindingId } = await api.store(auth, clientId);
      assert.equal((await api.call(auth, 'unBindCard.do', { bindingId })).body.errorCode, '0');
      const order = await api.register(auth, { clientId });
      refused(await api.payByBinding(auth, order, bindingId), '2', /isn't active/);
      refused(await api.instantByBinding(auth, { clientId, bindingId }), '2', /isn't active/);
      assert.equal((await api.status(auth, order)).orderStatus, 0);
      // Reactivated, it pays the same order.
      assert.equal((await api.call(auth, 'bindCard.do', { bindingId })).body.errorCode, '0');
      assert.equal(block((await api.payByBinding(auth, order, bindingId)).body).OrderStatus, 2);
    });

    test('a seToken naming the binding pays like bindingId, on paymentOrderBinding.do and instantPayment.do', async () => {
      const clientId = unique('se');
      const { bindingId } = await api.store(auth, clientId);
      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const order = await api.register(auth, { clientId });
      const token = sealSeToken(
        { pan: bindingId, expiry: '', cvc: '123', mdOrder: order },
        publicKey,
        gh.clock.nowMs(),
      );
      const paid = await api.call(auth, 'paymentOrderBinding.do', {
        mdOrder: order,
        seToken: token,
        tii: 'F',
      });
      assert.equal(block(paid.body).OrderStatus, 2, paid.text);
      assert.deepEqual((await api.status(auth, order)).bindingInfo, { clientId, bindingId });

      const instantToken = sealSeToken(
        { pan: bindingId, expiry: '', cvc: '123' },
        publicKey,
        gh.clock.nowMs(),
      );
      const instant = await api.instantByBinding(auth, { clientId, seToken: instantToken });
      assert.equal(block(instant.body).OrderStatus, 2, instant.text);
      assert.equal((await api.status(auth, String(instant.body.orderId))).paymentWay, 'CARD_BINDING');

      // A token bound to another order is refused.
      const otherOrder = await api.register(auth, { clientId });
      const misbound = await api.call(auth, 'paymentOrderBinding.do', {
        mdOrder: otherOrder,
        seToken: token,
      });
      refused(misbound, '5', /seToken/);
      assert.equal((await api.status(auth, otherOrder)).orderStatus, 0);
    });

    test('instantPayment.do refuses a binding seToken bound to an order, as it refuses a card one', async () => {
      const clientId = unique('se2');
      const { bindingId } = await api.store(auth, clientId);
      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const order = await api.register(auth, { clientId });
      const token = sealSeToken({ pan: bindingId, expiry: '', mdOrder: order }, publicKey, gh.clock.nowMs());
      const instant = await api.instantByBinding(auth, { clientId, seToken: token });
      assert.equal(instant.body.errorCode, '5', instant.text);
      assert.equal(instant.body.orderId, undefined);
    });

    // ---- 4. Managing ----

    test('unBindCard.do and bindCard.do: errorCode 2 when already in that state', async () => {
      const clientId = unique('ub');
      const { bindingId } = await api.store(auth, clientId);
      const active = await api.call(auth, 'bindCard.do', { bindingId });
      assert.equal(active.body.errorCode, '2', active.text);
      assert.match(String(active.body.errorMessage), /is active/);

      const off = await api.call(auth, 'unBindCard.do', { bindingId });
      assert.equal(off.body.errorCode, '0', off.text);
      assert.deepEqual(await api.bindings(auth, clientId), []);
      const twice = await api.call(auth, 'unBindCard.do', { bindingId });
      assert.equal(twice.body.errorCode, '2', twice.text);
      assert.match(String(twice.body.errorMessage), /isn't active/);

      const on = await api.call(auth, 'bindCard.do', { bindingId });
      assert.equal(on.body.errorCode, '0', on.text);
      assert.deepEqual(
        (await api.bindings(auth, clientId)).map((found) => found.bindingId),
        [bindingId],
      );
      const unknown = await api.call(auth, 'unBindCard.do', { bindingId: 'no-such-binding' });
      assert.equal(unknown.body.errorCode, '2', unknown.text);
      assert.match(String(unknown.body.errorMessage), /not found/i);
    });

    test('extendBinding.do changes the expiry; refuses a past newExpiry; language is optional', async () => {
      const clientId = unique('ex');
      const { bindingId } = await api.store(auth, clientId);
      const extended = await api.call(auth, 'extendBinding.do', {
        bindingId,
        newExpiry: '203705',
        language: 'en',
      });
      assert.equal(extended.body.errorCode, '0', extended.text);
      assert.equal((await api.bindings(auth, clientId))[0]?.expiryDate, '203705');

      const past = await api.call(auth, 'extendBinding.do', {
        bindingId,
        newExpiry: monthOf(gh.clock.nowMs(), -1),
        language: 'en',
      });
      assert.equal(past.body.errorCode, '5', past.text);
      assert.match(String(past.body.errorMessage), /newExpiry/);
      // The PHP client calls it without language (issue 9): the merchant's language applies.
      const noLanguage = await api.call(auth, 'extendBinding.do', { bindingId, newExpiry: '203801' });
      assert.deepEqual(noLanguage.body, { errorCode: '0', errorMessage: 'Success' });
      assert.equal((await api.bindings(auth, clientId))[0]?.expiryDate, '203801');
      const restored = await api.call(auth, 'extendBinding.do', { bindingId, newExpiry: '203705' });
      assert.equal(restored.body.errorCode, '0');
      const malformed = await api.call(auth, 'extendBinding.do', {
        bindingId,
        newExpiry: '203713',
        language: 'en',
      });
      assert.equal(malformed.body.errorCode, '5', malformed.text);
      assert.equal((await api.bindings(auth, clientId))[0]?.expiryDate, '203705', 'refusals change nothing');

      // The current month is not in the past; the new expiry is what the next payment uses.
      const current = monthOf(gh.clock.nowMs(), 0);
      assert.equal(
        (await api.call(auth, 'extendBinding.do', { bindingId, newExpiry: current, language: 'en' })).body
          .errorCode,
        '0',
      );
      const order = await api.register(auth, { clientId });
      assert.equal(block((await api.payByBinding(auth, order, bindingId)).body).OrderStatus, 2);
      assert.equal(String(((await api.status(auth, order)).cardAuthInfo as Body).expiration), current);
    });

    test('getBindingsByCardOrId.do: by pan finds every client of this merchant, by bindingId one', async () => {
      const card = '4000000000000010';
      const first = await api.store(auth, unique('bc1'), { pan: card });
      const second = await api.store(auth, unique('bc2'), { pan: card });
      const byPan = await api.byCardOrId(auth, { pan: card });
      assert.deepEqual(
        byPan.map((found) => found.bindingId).sort(),
        [first.bindingId, second.bindingId].sort(),
      );
      for (const found of byPan) {
        assert.equal(found.maskedPan, '400000**0010');
        assert.equal(found.expiryDate, CARD_EXPIRY);
        assert.equal(typeof found.clientId, 'string');
      }
      assert.ok(!JSON.stringify(byPan).includes(card));
      const byId = await api.byCardOrId(auth, { bindingId: second.bindingId });
      assert.deepEqual(
        byId.map((found) => [found.bindingId, found.maskedPan]),
        [[second.bindingId, '400000**0010']],
      );
      // pan takes priority over bindingId.
      const both = await api.byCardOrId(auth, { pan: MASTERCARD, bindingId: second.bindingId });
      assert.ok(
        both.every((found) => found.maskedPan === '555555**4444'),
        JSON.stringify(both),
      );
      assert.deepEqual(await api.byCardOrId(auth, { pan: '4000000000000036' }), []);
      const luhn = await api.call(auth, 'getBindingsByCardOrId.do', { pan: '4111111111111112' });
      assert.equal(luhn.body.errorCode, '5', luhn.text);
      const neither = await api.call(auth, 'getBindingsByCardOrId.do', {});
      assert.notEqual(neither.body.errorCode, '0', neither.text);
    });

    // ---- 5. Callbacks ----

    test('bindingCreated and bindingActivityChanged go to the static callback URL, never the dynamic one', async () => {
      const merchant = (
        await gh.createMerchant({ permissions: ['storedCredentials'], callbackUrl: staticEndpoint.url })
      ).auth;
      const clientId = unique('cb');
      const dynamicCallbackUrl = dynamicEndpoint.url;
      const paid = await api.instant(merchant, { clientId, dynamicCallbackUrl, email: 'buyer@shop.example' });
      const orderId = String(paid.body.orderId);
      const [binding] = await api.bindings(merchant, clientId);
      const bindingId = String(binding?.bindingId);
      // A second storing payment refreshes the binding: no second bindingCreated.
      const again = await api.instant(merchant, { clientId, dynamicCallbackUrl });
      assert.equal((await api.call(merchant, 'unBindCard.do', { bindingId })).body.errorCode, '0');
      assert.equal((await api.call(merchant, 'bindCard.do', { bindingId })).body.errorCode, '0');
      const byBinding = await api.register(merchant, { clientId, dynamicCallbackUrl });
      assert.equal(block((await api.payByBinding(merchant, byBinding, bindingId)).body).OrderStatus, 2);
      await gh.gatehouse.jobs.runAll();

      const mine = (received: Record<string, string>[]) =>
        received.filter((params) =>
          [orderId, String(again.body.orderId), byBinding].includes(params.mdOrder ?? ''),
        );
      const toStatic = mine(staticEndpoint.received);
      const toDynamic = mine(dynamicEndpoint.received);
      assert.deepEqual(
        toDynamic.map((params) => params.operation),
        ['deposited', 'deposited', 'deposited'],
      );
      assert.deepEqual(
        toStatic.map((params) => [params.operation, params.bindingId, params.enabled]),
        [
          ['bindingCreated', bindingId, undefined],
          ['bindingActivityChanged', bindingId, 'false'],
          ['bindingActivityChanged', bindingId, 'true'],
        ],
      );
      const created = toStatic[0] ?? {};
      assert.equal(created.mdOrder, orderId);
      assert.equal(created.status, '1');
      assert.equal(created.panMasked, '411111**1111');
      assert.equal(created.email, 'buyer@shop.example');
      assert.equal(created.orderNumber, paid.body.orderNumber);
      assert.deepEqual(cardDataIn(JSON.stringify([...toStatic, ...toDynamic])), []);
    });

    test('storing a deactivated card again re-enables the binding and announces it to the static URL', async () => {
      const merchant = (
        await gh.createMerchant({ permissions: ['storedCredentials'], callbackUrl: staticEndpoint.url })
      ).auth;
      const clientId = unique('re');
      const { bindingId } = await api.store(merchant, clientId);
      assert.equal((await api.call(merchant, 'unBindCard.do', { bindingId })).body.errorCode, '0');
      const again = await api.instant(merchant, { clientId });
      assert.equal(block(again.body).OrderStatus, 2, again.text);
      assert.deepEqual(
        (await api.bindings(merchant, clientId)).map((found) => found.bindingId),
        [bindingId],
      );
      await gh.gatehouse.jobs.runAll();
      const events = staticEndpoint.received
        .filter((params) => params.bindingId === bindingId)
        .map((params) => [params.operation, params.enabled]);
      assert.deepEqual(events.slice(0, 2), [
        ['bindingCreated', undefined],
        ['bindingActivityChanged', 'false'],
      ]);
      assert.ok(events.length === 3, `the re-enabling is announced: ${JSON.stringify(events)}`);
    });

    // ---- 6. Isolation ----

    test("another merchant cannot see, pay with, unbind, bind, extend or find by card this merchant's bindings", async () => {
      const clientId = unique('iso');
      const card = '5100000000000008';
      const { bindingId } = await api.store(auth, clientId, { pan: card });
      assert.deepEqual(await api.bindings(other, clientId), []);
      assert.deepEqual(await api.bindings(other, clientId, { showExpired: true }), []);

      const order = await api.register(other, { clientId });
      refused(await api.payByBinding(other, order, bindingId), '2', /not found/i);
      refused(await api.payByBinding(other, order, bindingId, { tii: 'F' }), '2', /not found/i);
      assert.equal((await api.status(other, order)).orderStatus, 0);
      const instant = await api.instantByBinding(other, { clientId, bindingId });
      refused(instant, '2', /not found/i);
      assert.equal(instant.body.orderId, undefined);

      for (const op of ['unBindCard.do', 'bindCard.do']) {
        const response = await api.call(other, op, { bindingId });
        assert.equal(response.body.errorCode, '2', response.text);
        assert.match(String(response.body.errorMessage), /not found/i);
      }
      const extend = await api.call(other, 'extendBinding.do', {
        bindingId,
        newExpiry: '203901',
        language: 'en',
      });
      assert.equal(extend.body.errorCode, '2', extend.text);
      assert.match(String(extend.body.errorMessage), /not found/i);
      assert.deepEqual(await api.byCardOrId(other, { pan: card }), []);
      assert.deepEqual(await api.byCardOrId(other, { bindingId }), []);

      // Nothing the other merchant tried changed the binding.
      const [mine] = await api.bindings(auth, clientId);
      assert.equal(mine?.bindingId, bindingId);
      assert.equal(mine?.expiryDate, CARD_EXPIRY);
    });

    test("the same merchant cannot pay client A's binding on an order of client B", async () => {
      const a = unique('cl-a');
      const b = unique('cl-b');
      const { bindingId } = await api.store(auth, a);
      await api.store(auth, b, { pan: MASTERCARD });
      const order = await api.register(auth, { clientId: b });
      refused(await api.payByBinding(auth, order, bindingId), '2', /not found/i);
      refused(await api.instantByBinding(auth, { clientId: b, bindingId }), '2', /not found/i);
      assert.deepEqual(
        await api.bindings(auth, b, { bindingId }),
        [],
        "client B's list never shows client A's binding",
      );
      assert.equal((await api.status(auth, order)).orderStatus, 0);
    });

    test("a parent lists its child's bindings with merchantLogin; an unrelated merchant is refused", async () => {
      const parent = await gh.createMerchant({ permissions: ['storedCredentials'] });
      const child = await gh.createMerchant({
        parentLogin: parent.merchantLogin,
        permissions: ['storedCredentials'],
      });
      const stranger = await gh.createMerchant({ permissions: ['storedCredentials'] });
      const clientId = unique('fam');
      const { bindingId } = await api.store(child.auth, clientId);

      const onBehalf = await api.bindings(parent.auth, clientId, { merchantLogin: child.merchantLogin });
      assert.deepEqual(
        onBehalf.map((found) => [found.bindingId, found.clientId]),
        [[bindingId, clientId]],
      );
      assert.deepEqual(await api.bindings(parent.auth, clientId), [], 'without merchantLogin: its own');
      for (const [op, params] of [
        ['getBindings.do', { clientId }],
        ['getBindingsByCardOrId.do', { bindingId }],
        ['unBindCard.do', { bindingId }],
        ['extendBinding.do', { bindingId, newExpiry: '203901', language: 'en' }],
      ] as const) {
        const response = await api.call(stranger.auth, op, { ...params, merchantLogin: child.merchantLogin });
        assert.equal(response.body.errorCode, '5', `${op}: ${response.text}`);
        assert.equal(response.body.errorMessage, `Access denied to merchant ${child.merchantLogin}`);
        assert.equal(response.body.bindings, undefined);
      }
      assert.equal((await api.bindings(child.auth, clientId))[0]?.expiryDate, CARD_EXPIRY);
    });

    // ---- 3 (last rule). Expired bindings; showExpired. Moves the clock: keep near the end. ----

    test('an expired binding cannot pay; it is listed only with showExpired', async () => {
      const clientId = unique('xp');
      const card = '4000000000003055';
      const { bindingId } = await api.store(auth, clientId, { pan: card });
      const nextMonth = monthOf(gh.clock.nowMs(), 1);
      const extended = await api.call(auth, 'extendBinding.do', {
        bindingId,
        newExpiry: nextMonth,
        language: 'en',
      });
      assert.equal(extended.body.errorCode, '0', extended.text);
      const before = await api.register(auth, { clientId });
      assert.equal(block((await api.payByBinding(auth, before, bindingId)).body).OrderStatus, 2);

      // Into the month after the card's last month.
      const now = new Date(gh.clock.nowMs());
      const laterMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 1);
      gh.clock.advance(laterMonthStart - gh.clock.nowMs());
      assert.equal(monthOf(gh.clock.nowMs(), -1), nextMonth);

      const order = await api.register(auth, { clientId });
      refused(await api.payByBinding(auth, order, bindingId), '2', /expired/);
      refused(await api.instantByBinding(auth, { clientId, bindingId }), '2', /expired/);
      assert.equal((await api.status(auth, order)).orderStatus, 0);

      assert.deepEqual(await api.bindings(auth, clientId), []);
      assert.deepEqual(
        (await api.bindings(auth, clientId, { showExpired: true })).map((found) => [
          found.bindingId,
          found.expiryDate,
        ]),
        [[bindingId, nextMonth]],
      );
      assert.deepEqual(await api.byCardOrId(auth, { bindingId }), []);
      assert.deepEqual(
        (await api.byCardOrId(auth, { bindingId, showExpired: true })).map((found) => found.bindingId),
        [bindingId],
      );
      assert.deepEqual(await api.byCardOrId(auth, { pan: card }), []);
      assert.deepEqual(
        (await api.byCardOrId(auth, { pan: card, showExpired: true })).map((found) => found.bindingId),
        [bindingId],
      );

      // The card was renewed: extending it makes it usable again.
      assert.equal(
        (await api.call(auth, 'extendBinding.do', { bindingId, newExpiry: '203812', language: 'en' })).body
          .errorCode,
        '0',
      );
      assert.equal(block((await api.payByBinding(auth, order, bindingId)).body).OrderStatus, 2);
    });

    // ---- 8. Card data ----

    test('after all of the above, no binding row holds a card number in clear', async () => {
      await assertVaultClean(gh, 20);
    });
  });

  // ---- 7. 3-D Secure ----

  describe(`${engine}: stored credentials on a 3-D Secure merchant`, () => {
    let gh: TestGatehouse;
    let api: ReturnType<typeof client>;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      api = client(gh);
      auth = (
        await gh.createMerchant({ authenticates: true, permissions: ['storedCredentials', 'scaExemption'] })
      ).auth;
    });
    after(() => gh.close());

    /** Passes the ACS challenge of `orderId` over HTTP as a browser would, with the right code. */
    async function passChallenge(orderId: string, acsUrl: unknown, packedCReq: unknown): Promise<void> {
      const redirect = await browserGet(`${gh.baseUrl}/payment/acsRedirect.do?orderId=${orderId}`);
      const toAcs = onlyForm(redirect.text, gh.baseUrl);
      assert.equal(toAcs.action, acsUrl);
      assert.equal(toAcs.fields.creq, packedCReq);
      const challenge = await submit(toAcs);
      const finalPage = await submit(onlyForm(challenge.text, gh.baseUrl), {
        code: '123456',
        action: 'submit',
      });
      const landed = await submit(onlyForm(finalPage.text, gh.baseUrl));
      assert.equal(landed.status, 303);
      assert.equal(landed.location, `https://shop.example/ok?orderId=${orderId}&lang=en`);
    }

    function assertChallenge(body: Body): void {
      assert.equal(body.errorCode, '0', JSON.stringify(body));
      assert.equal(body.is3DSVer2, true);
      assert.equal(block(body).OrderStatus, 0);
      assert.equal(body.acsUrl, `${gh.baseUrl}/acs/challenge`);
      const creq = unpack(String(body.packedCReq));
      assert.equal(creq.messageType, 'CReq');
      assert.equal(creq.threeDSServerTransID, body.threeDSServerTransId);
      assert.equal(body.redirect, undefined);
    }

    test('a card stored through a passed challenge; F on it asks for the challenge again, U never does', async () => {
      const clientId = unique('3ds');
      const params = { clientId, pan: '5555555555555599', amount: 2500 };
      const first = (await api.instant(auth, params)).body;
      assert.equal(first.is3DSVer2, true, JSON.stringify(first));
      const second = (
        await api.instant(auth, { ...params, threeDSServerTransId: String(first.threeDSServerTransId) })
      ).body;
      assertChallenge(second);
      assert.deepEqual(
        await api.bindings(auth, clientId),
        [],
        'nothing is stored before the payment is approved',
      );
      await passChallenge(String(first.orderId), second.acsUrl, second.packedCReq);
      const storing = await api.status(auth, String(first.orderId));
      assert.equal(storing.orderStatus, 2);
      const [binding] = await api.bindings(auth, clientId);
      assert.equal(binding?.maskedPan, '555555**5599');
      const bindingId = String(binding?.bindingId);
      assert.deepEqual(storing.bindingInfo, { clientId, bindingId });
      const netRefNum = String(storing.paymentNetRefNum);

      // F: the customer is there, the issuer asks for the challenge.
      const order = await api.register(auth, { clientId });
      const customer = (await api.payByBinding(auth, order, bindingId, { tii: 'F' })).body;
      assertChallenge(customer);
      await passChallenge(order, customer.acsUrl, customer.packedCReq);
      const paid = await api.status(auth, order);
      assert.equal(paid.orderStatus, 2);
      assert.equal(paid.paymentWay, 'CARD_BINDING');
      assert.deepEqual(paid.bindingInfo, { clientId, bindingId });
      assert.equal(((paid.cardAuthInfo as Body).secureAuthInfo as Body).eci, '02');

      // U: merchant-initiated, paid at once without 3-D Secure.
      const merchantOrder = await api.register(auth, { clientId });
      const unscheduled = await api.payByBinding(auth, merchantOrder, bindingId, {
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
        originalSchemeTransactionId: netRefNum,
      });
      assert.equal(unscheduled.body.errorCode, '0', unscheduled.text);
      assert.equal(block(unscheduled.body).OrderStatus, 2, unscheduled.text);
      assert.equal(unscheduled.body.acsUrl, undefined);
      assert.equal(unscheduled.body.is3DSVer2, undefined);
      const read = await api.status(auth, merchantOrder);
      assert.equal(read.paymentWay, 'CARD_BINDING');
      assert.equal((read.cardAuthInfo as Body).secureAuthInfo, undefined, 'no authentication took place');
    });

    test('a Visa challenge card: F answers acsUrl + packedCReq, U (and instantPayment.do U) pays at once', async () => {
      const clientId = unique('3ds-v');
      const stored = await api.instant(auth, {
        clientId,
        pan: '4000000000003220',
        externalScaExemptionIndicator: 'LVP',
      });
      assert.equal(block(stored.body).OrderStatus, 2, stored.text);
      const [binding] = await api.bindings(auth, clientId);
      assert.equal(binding?.maskedPan, '400000**3220');
      const bindingId = String(binding?.bindingId);
      const netRefNum = String(block(stored.body).paymentNetRefNum);

      const order = await api.register(auth, { clientId });
      assertChallenge((await api.payByBinding(auth, order, bindingId, { tii: 'F' })).body);
      assert.equal((await api.status(auth, order)).orderStatus, 0, 'not paid until the challenge passes');

      const later = await api.register(auth, { clientId });
      const unscheduled = await api.payByBinding(auth, later, bindingId, {
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
      });
      assert.equal(block(unscheduled.body).OrderStatus, 2, unscheduled.text);
      assert.equal(unscheduled.body.acsUrl, undefined);

      const instantU = await api.instantByBinding(auth, {
        clientId,
        bindingId,
        tii: 'U',
        originalPaymentNetRefNum: netRefNum,
      });
      assert.equal(block(instantU.body).OrderStatus, 2, instantU.text);
      assert.equal(instantU.body.acsUrl, undefined);
      assert.equal(instantU.body.is3DSVer2, undefined);
      // instantPayment.do with the binding and no tii is customer-initiated: 3-D Secure starts.
      const instantF = (await api.instantByBinding(auth, { clientId, bindingId })).body;
      assert.equal(instantF.is3DSVer2, true, JSON.stringify(instantF));
      assert.equal(block(instantF).OrderStatus, 0);
    });

    test('F on a frictionless card (4111111111111111) is authenticated and paid in one call', async () => {
      const clientId = unique('3ds-f');
      const stored = await api.instant(auth, { clientId, externalScaExemptionIndicator: 'LVP' });
      assert.equal(block(stored.body).OrderStatus, 2, stored.text);
      const [binding] = await api.bindings(auth, clientId);
      const bindingId = String(binding?.bindingId);
      const order = await api.register(auth, { clientId });
      const response = await api.payByBinding(auth, order, bindingId, { tii: 'F' });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.equal(block(response.body).OrderStatus, 2, response.text);
      assert.equal(response.body.acsUrl, undefined);
      const read = await api.status(auth, order);
      const secure = (read.cardAuthInfo as Body).secureAuthInfo as Body;
      assert.equal(secure.eci, '05');
      assert.equal(secure.aresTransStatus, 'Y');
      assert.equal(read.paymentWay, 'CARD_BINDING');
    });

    test('no binding row of the 3-D Secure payments holds a card number in clear', async () => {
      await assertVaultClean(gh, 3);
    });
  });
}
