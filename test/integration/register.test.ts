import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../support/engines.js';
import {
  startTestGatehouse,
  TEST_PUBLIC_URL,
  type ApiResponse,
  type FormParams,
  type TestGatehouse,
} from '../support/gatehouse-harness.js';

/**
 * register.do and registerPreAuth.do against merchant-api.md: sections register.do, registerPreAuth.do,
 * Order, Shared request blocks, Limits and Errors. Every case goes through HTTP, as a merchant would.
 */

const REGISTER = '/payment/rest/register.do';
const REGISTER_PRE_AUTH = '/payment/rest/registerPreAuth.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RETURN_URL = 'https://shop.example/ok';

/** The spec's list of `language` values (merchant-api.md, Order). */
const SPEC_LANGUAGES = 'en el ro bg pt sw hu it pl de fr kh cn es ka da et fi lt lv nl sv'.split(' ');

/** gateway-facts §1.2: an order whose lifetime runs out goes from 0 to 6 with actionCode -2007. */
const STATUS_REGISTERED = 0;
const STATUS_DECLINED = 6;
const ACTION_CODE_EXPIRED = -2007;

type Merchant = Awaited<ReturnType<TestGatehouse['createMerchant']>>;
type Params = Record<string, FormParams[string]>;

/** yyyy-MM-ddTHH:mm:ss in UTC: the `expirationDate` format. */
function dateTimeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function without(params: Params, ...names: string[]): Params {
  return Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));
}

/** A text of exactly `length` characters: `prefix` padded with `fill`. */
function ofLength(length: number, prefix = '', fill = 'a'): string {
  const value = prefix + fill.repeat(Math.max(0, length - prefix.length));
  assert.equal(value.length, length, 'test fixture length');
  return value;
}

function assertRefusedBody(response: ApiResponse, errorCode: string, mentions?: string): string {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, errorCode, response.text);
  const message = response.body.errorMessage;
  assert.equal(typeof message, 'string', response.text);
  assert.notEqual(message, '', response.text);
  assert.equal(response.body.orderId, undefined, response.text);
  assert.equal(response.body.formUrl, undefined, response.text);
  if (mentions !== undefined) {
    assert.ok(
      (message as string).includes(mentions),
      `errorMessage "${message as string}" should name ${mentions}`,
    );
  }
  return message as string;
}

const cartItem = (positionId: number, extra: Params = {}): Params => ({
  positionId,
  name: `Item ${positionId}`,
  quantity: { value: '1', measure: 'pcs' },
  itemPrice: 500,
  itemAmount: 500,
  ...extra,
});

const bundle = (...items: Params[]): Params => ({ cartItems: { items } });

const MARKETPLACE = { marketplaceId: 'MP-0001', retailers: [{ foreignRetailerIndicator: true }] };

const SUB_MERCHANT = {
  subMerchantId: 'SUB-1',
  name: 'Corner shop',
  address: { city: 'Nicosia', postalCode: '1010', country: 'CY', street: '1 Main Street' },
};
const PAYMENT_FACILITATOR = {
  pfId: 'PF-001',
  name: 'Facilitator Ltd',
  isoId: 'ISO-1',
  subMerchants: [SUB_MERCHANT],
};

for (const engine of ENGINES) {
  void describe(`${engine}: register.do`, () => {
    let gh: TestGatehouse;
    /** Currency 840, default language and lifetime, no permissions. */
    let plain: Merchant;
    /** All defaults (currency 978). */
    let other: Merchant;
    /** Every permission the table gates, plus preAuth; MCC 5411 allowed. */
    let full: Merchant;
    /** Merchant setting sessionTimeoutSecs = 30. */
    let shortLived: Merchant;
    /** Default language de. */
    let german: Merchant;
    let sequence = 0;

    before(async () => {
      gh = await startTestGatehouse(engine);
      [plain, other, full, shortLived, german] = await Promise.all([
        gh.createMerchant({ currency: '840' }),
        gh.createMerchant(),
        gh.createMerchant({
          permissions: ['preAuth', 'marketplace', 'paymentFacilitator', 'feeInput', 'mcc', 'mvv'],
        }),
        gh.createMerchant({ sessionTimeoutSecs: 30 }),
        gh.createMerchant({ language: 'de' }),
      ]);
      await gh.gatehouse.admin.set(full.merchantLogin, { allowedMccs: [5411] });
    });
    after(() => gh.close());

    const nextOrderNumber = (): string => `${engine}-${++sequence}-${Date.now().toString(36)}`;

    /** A complete, valid register.do request for `merchant`, with `extra` on top. */
    function params(merchant: Merchant, extra: Params = {}): Params {
      return {
        ...merchant.auth,
        orderNumber: nextOrderNumber(),
        amount: 1000,
        returnUrl: RETURN_URL,
        ...extra,
      };
    }

    function assertRegistered(response: ApiResponse, merchant: Merchant, language: string): string {
      assert.equal(response.status, 200, response.text);
      // On success the gateway answers only these two members: no errorCode, no errorMessage.
      assert.deepEqual(Object.keys(response.body).sort(), ['formUrl', 'orderId'], response.text);
      const orderId = response.body.orderId;
      assert.equal(typeof orderId, 'string', response.text);
      assert.match(orderId as string, UUID);
      assert.equal(
        response.body.formUrl,
        `${TEST_PUBLIC_URL}/payment/merchants/${merchant.merchantLogin}/payment_${language}.html?mdOrder=${orderId as string}`,
      );
      return orderId as string;
    }

    /** Registers with `extra` on top of a valid request, expects success, returns the orderId. */
    async function accepted(
      merchant: Merchant,
      extra: Params = {},
      options: { path?: string; language?: string } = {},
    ): Promise<string> {
      const language = options.language ?? (typeof extra.language === 'string' ? extra.language : 'en');
      return assertRegistered(
        await gh.post(options.path ?? REGISTER, params(merchant, extra)),
        merchant,
        language,
      );
    }

    async function assertNoOrder(merchant: Merchant, orderNumber: string): Promise<void> {
      const response = await gh.post(STATUS, { ...merchant.auth, orderNumber });
      assert.equal(response.body.errorCode, '6', `a refused request registered an order: ${response.text}`);
    }

    /** Posts `request` as is, expects a refusal with `errorCode`; unless it is a duplicate, nothing is stored. */
    async function expectRefused(
      merchant: Merchant,
      request: Params,
      errorCode: string,
      mentions?: string,
      path = REGISTER,
    ): Promise<string> {
      const message = assertRefusedBody(await gh.post(path, request), errorCode, mentions);
      const { orderNumber } = request;
      // An orderNumber over the limit cannot be stored (nor looked up); every other refusal is checked.
      if (
        errorCode !== '1' &&
        typeof orderNumber === 'string' &&
        orderNumber !== '' &&
        orderNumber.length <= 36
      ) {
        await assertNoOrder(merchant, orderNumber);
      }
      return message;
    }

    /** Registers with `extra` on top of a valid request and expects a refusal. */
    async function refused(
      merchant: Merchant,
      extra: Params,
      errorCode: string,
      mentions?: string,
      path = REGISTER,
    ): Promise<string> {
      return expectRefused(merchant, params(merchant, extra), errorCode, mentions, path);
    }

    async function orderStatus(merchant: Merchant, orderId: string): Promise<Record<string, unknown>> {
      const response = await gh.post(STATUS, { ...merchant.auth, orderId });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.errorCode, '0', response.text);
      return response.body;
    }

    async function assertStatus(merchant: Merchant, orderId: string, expected: number): Promise<void> {
      const body = await orderStatus(merchant, orderId);
      assert.equal(body.orderStatus, expected, `order ${orderId} at +${gh.clock.nowMs() - Date.now()} ms`);
      if (expected === STATUS_DECLINED) assert.equal(body.actionCode, ACTION_CODE_EXPIRED);
    }

    void describe('success', () => {
      void test('an accepted order answers exactly {orderId, formUrl} and reads back as registered', async () => {
        const orderNumber = nextOrderNumber();
        const orderId = await accepted(plain, { orderNumber, amount: 12345, description: 'Two mugs' });
        const status = await orderStatus(plain, orderId);
        assert.equal(status.orderNumber, orderNumber);
        assert.equal(status.orderStatus, STATUS_REGISTERED);
        assert.equal(status.amount, 12345);
        assert.equal(status.orderDescription, 'Two mugs');
        assert.deepEqual(status.attributes, [{ name: 'mdOrder', value: orderId }]);
      });

      void test('every registration gets its own orderId', async () => {
        const first = await accepted(plain);
        const second = await accepted(plain);
        assert.notEqual(first, second);
      });

      void test('language selects the payment page language in formUrl', async () => {
        for (const language of ['en', 'de', 'fr', 'es', 'cn', 'kh', 'sv'])
          await accepted(plain, { language });
      });

      void test('without language the merchant default language is used for formUrl and messages', async () => {
        await accepted(german, {}, { language: 'de' });
        await accepted(german, { language: 'fr' });
        const defaulted = await refused(german, { amount: '' }, '4', '[amount]');
        const explicit = await refused(german, { amount: '', language: 'de' }, '4', '[amount]');
        const english = await refused(german, { amount: '', language: 'en' }, '4', '[amount]');
        assert.equal(defaulted, explicit);
        assert.notEqual(defaulted, english);
      });

      void test('all optional scalar parameters are accepted together and stored', async () => {
        const orderId = await accepted(plain, {
          currency: '978',
          failUrl: 'https://shop.example/fail',
          dynamicCallbackUrl: 'https://shop.example/callback',
          description: 'Order 42',
          language: 'en',
          ip: '2001:db8::1',
          clientId: 'client-42',
          cardholderName: 'ANN SMITH',
          sessionTimeoutSecs: 600,
          features: ['VERIFY'],
          postAddress: '1 Main Street, Nicosia',
          email: 'ann@shop.example',
          billingAndShippingAddressMatchIndicator: 'Y',
        });
        const status = await orderStatus(plain, orderId);
        assert.equal(status.currency, '978');
        assert.equal(status.orderDescription, 'Order 42');
        assert.equal(status.ip, '2001:db8::1');
        assert.deepEqual(status.bindingInfo, { clientId: 'client-42' });
        assert.deepEqual(status.payerData, {
          email: 'ann@shop.example',
          postAddress: '1 Main Street, Nicosia',
        });
      });
    });

    void describe('orderNumber uniqueness', () => {
      void test('an orderNumber already used by the same merchant is refused with errorCode 1', async () => {
        const orderNumber = nextOrderNumber();
        const first = await accepted(plain, { orderNumber, amount: 500 });
        await refused(plain, { orderNumber, amount: 700 }, '1');
        // The first order is untouched by the refused attempt.
        const status = await orderStatus(plain, first);
        assert.equal(status.amount, 500);
        assert.equal(status.orderStatus, STATUS_REGISTERED);
      });

      void test('the same orderNumber is free for a different merchant', async () => {
        const orderNumber = nextOrderNumber();
        const mine = await accepted(plain, { orderNumber });
        const theirs = await accepted(other, { orderNumber });
        assert.notEqual(mine, theirs);
        assert.equal((await orderStatus(other, theirs)).orderNumber, orderNumber);
      });
    });

    void describe('currency', () => {
      void test('currency defaults to the merchant currency, an explicit one wins', async () => {
        assert.equal((await orderStatus(plain, await accepted(plain))).currency, '840');
        assert.equal((await orderStatus(other, await accepted(other))).currency, '978');
        assert.equal((await orderStatus(plain, await accepted(plain, { currency: '978' }))).currency, '978');
        assert.equal((await orderStatus(plain, await accepted(plain, { currency: '392' }))).currency, '392');
      });

      void test('an unknown currency code is refused with errorCode 3', async () => {
        await refused(plain, { currency: '999' }, '3', '999');
        await refused(plain, { currency: '000' }, '3', '000');
      });

      void test('a currency that is not exactly 3 digits is refused with errorCode 5', async () => {
        for (const currency of ['USD', '97', '9780', '97a', '+97'])
          await refused(plain, { currency }, '5', 'currency');
      });
    });

    void describe('mandatory parameters', () => {
      for (const name of ['orderNumber', 'amount', 'returnUrl']) {
        void test(`${name} missing or empty is refused with errorCode 4 naming it`, async () => {
          await expectRefused(plain, without(params(plain), name), '4', `[${name}]`);
          await expectRefused(plain, { ...params(plain), [name]: '' }, '4', `[${name}]`);
        });
      }

      void test('a request with only the mandatory parameters is accepted', async () => {
        const orderId = assertRegistered(
          await gh.post(REGISTER, {
            ...plain.auth,
            orderNumber: nextOrderNumber(),
            amount: 1,
            returnUrl: RETURN_URL,
          }),
          plain,
          'en',
        );
        assert.equal((await orderStatus(plain, orderId)).amount, 1);
      });
    });

    void describe('addresses', () => {
      for (const name of ['returnUrl', 'failUrl', 'dynamicCallbackUrl']) {
        void test(`${name} without protocol is refused with errorCode 4`, async () => {
          for (const url of ['shop.example/ok', '/ok', 'ftp://x', 'javascript:alert(1)', 'https://']) {
            await refused(plain, { [name]: url }, '4', name);
          }
          await accepted(plain, { [name]: 'http://shop.example/back?x=1' });
        });
      }
    });

    void describe('length limits', () => {
      const limits: readonly {
        name: string;
        max: number;
        value: (length: number) => string;
        merchant?: () => Merchant;
      }[] = [
        { name: 'orderNumber', max: 36, value: (length) => ofLength(length, `${nextOrderNumber()}-`, 'n') },
        { name: 'description', max: 598, value: (length) => ofLength(length, '', 'd') },
        { name: 'returnUrl', max: 512, value: (length) => ofLength(length, 'https://shop.example/', 'r') },
        { name: 'failUrl', max: 512, value: (length) => ofLength(length, 'https://shop.example/', 'f') },
        {
          name: 'dynamicCallbackUrl',
          max: 512,
          value: (length) => ofLength(length, 'https://shop.example/', 'c'),
        },
        { name: 'email', max: 40, value: (length) => ofLength(length, 'buyer@shop.example', 'e') },
        { name: 'clientId', max: 255, value: (length) => ofLength(length, '', 'k') },
        { name: 'postAddress', max: 255, value: (length) => ofLength(length, '1 Main Street ', 'p') },
        { name: 'cardholderName', max: 150, value: (length) => ofLength(length, 'ANN ', 'S') },
        { name: 'ip', max: 39, value: (length) => ofLength(length, '10.0.0.', '1') },
        { name: 'mvv', max: 10, value: (length) => ofLength(length, '', 'V'), merchant: () => full },
      ];
      for (const { name, max, value, merchant } of limits) {
        void test(`${name}: ${max} characters accepted, ${max + 1} refused with errorCode 5`, async () => {
          const who = merchant?.() ?? plain;
          await accepted(who, { [name]: value(max) });
          await refused(who, { [name]: value(max + 1) }, '5', name);
        });
      }

      void test('bindingId: 255 characters reach the binding check, 256 are refused for their length', async () => {
        // Any bindingId must name a stored card of the merchant's client (issue 9), so 255 unknown
        // characters pass the length rule and are refused as no such binding.
        const atLimit = await refused(
          plain,
          { clientId: 'c', bindingId: ofLength(255, '', 'b') },
          '5',
          'bindingId',
        );
        assert.match(atLimit, /stored card/);
        const over = await refused(
          plain,
          { clientId: 'c', bindingId: ofLength(256, '', 'b') },
          '5',
          'bindingId',
        );
        assert.match(over, /255/);
      });

      void test('values at the limit are stored in full', async () => {
        const description = ofLength(598, 'Order ', 'd');
        const clientId = ofLength(255, 'client-', 'k');
        const email = ofLength(40, 'buyer@shop.example', 'e');
        const postAddress = ofLength(255, '1 Main Street ', 'p');
        const orderId = await accepted(plain, { description, clientId, email, postAddress });
        const status = await orderStatus(plain, orderId);
        assert.equal(status.orderDescription, description);
        assert.deepEqual(status.bindingInfo, { clientId });
        assert.deepEqual(status.payerData, { email, postAddress });
      });

      void test('amount takes up to 12 digits', async () => {
        const orderId = await accepted(plain, { amount: '999999999999' });
        assert.equal((await orderStatus(plain, orderId)).amount, 999999999999);
        await refused(plain, { amount: '1000000000000' }, '5', 'amount');
      });

      void test('amount that is not a whole number of minor units is refused with errorCode 5', async () => {
        for (const amount of ['abc', '-1', '1.5', '1e3', '0x10', '10 00'])
          await refused(plain, { amount }, '5', 'amount');
      });

      void test('sessionTimeoutSecs takes up to 9 digits', async () => {
        await accepted(plain, { sessionTimeoutSecs: '999999999' });
        for (const sessionTimeoutSecs of ['1000000000', 'abc', '-5', '1.5']) {
          await refused(plain, { sessionTimeoutSecs }, '5', 'sessionTimeoutSecs');
        }
      });

      void test('feeInput takes up to 8 digits', async () => {
        await accepted(full, { feeInput: '99999999' });
        await refused(full, { feeInput: '100000000' }, '5', 'feeInput');
      });
    });

    void describe('language', () => {
      void test('every language of the spec list is accepted and names the payment page', async () => {
        for (const language of SPEC_LANGUAGES) await accepted(plain, { language });
      });

      void test('a language outside the list is refused with errorCode 5', async () => {
        for (const language of ['xx', 'eng', 'ru']) await refused(plain, { language }, '5', 'language');
      });

      void test('a refusal is worded in the request language', async () => {
        const request = without(params(plain), 'amount');
        const en = await expectRefused(plain, { ...request, language: 'en' }, '4', '[amount]');
        const de = await expectRefused(plain, { ...request, language: 'de' }, '4', '[amount]');
        const fr = await expectRefused(plain, { ...request, language: 'fr' }, '4', '[amount]');
        assert.notEqual(de, en);
        assert.notEqual(fr, en);
        assert.notEqual(de, fr);
        // Without language the merchant's default (en) applies.
        assert.equal(await expectRefused(plain, request, '4', '[amount]'), en);
      });

      void test('the reason inside a refusal is translated too', async () => {
        const orderNumber = ofLength(37, `${nextOrderNumber()}-`, 'n');
        const en = await refused(plain, { orderNumber, language: 'en' }, '5', 'orderNumber');
        const de = await refused(plain, { orderNumber, language: 'de' }, '5', 'orderNumber');
        const fr = await refused(plain, { orderNumber, language: 'fr' }, '5', 'orderNumber');
        assert.ok(en.includes('36'), en);
        for (const translated of [de, fr]) {
          assert.notEqual(translated, en);
          assert.ok(translated.includes('36'), translated);
          assert.ok(!translated.includes('at most'), `English reason left in "${translated}"`);
        }
      });
    });

    void describe('features', () => {
      void test('features repeated once per feature are accepted', async () => {
        await accepted(plain, { features: ['FORCE_SSL', 'VERIFY'] });
        await accepted(plain, { features: ['VERIFY'] });
        await accepted(plain, { features: 'FORCE_SSL' });
      });

      void test('an unknown feature is refused with errorCode 5', async () => {
        for (const features of [['FAST'], ['FORCE_SSL', 'FAST'], ['force_ssl'], ['FORCE_SSL,VERIFY']]) {
          await refused(plain, { features }, '5', 'features');
        }
      });
    });

    void describe('jsonParams', () => {
      void test('jsonParams as JSON text is accepted and read back as merchantOrderParams', async () => {
        const orderId = await accepted(plain, {
          jsonParams: JSON.stringify({ source: 'mobile', campaign: 'spring' }),
        });
        assert.deepEqual((await orderStatus(plain, orderId)).merchantOrderParams, [
          { name: 'source', value: 'mobile' },
          { name: 'campaign', value: 'spring' },
        ]);
        assert.deepEqual((await orderStatus(plain, await accepted(plain))).merchantOrderParams, []);
      });

      void test('jsonParams that is not valid JSON is refused with errorCode 5', async () => {
        for (const jsonParams of ['{source:', "{'a':'b'}", 'source=mobile']) {
          await refused(plain, { jsonParams }, '5', 'jsonParams');
        }
      });

      void test('jsonParams that is not a JSON object is refused with errorCode 5', async () => {
        for (const jsonParams of ['[1,2]', '"text"', '42', 'true', '[{"name":"a","value":"b"}]']) {
          await refused(plain, { jsonParams }, '5', 'jsonParams');
        }
      });
    });

    void describe('orderBundle', () => {
      const cart = {
        orderCreationDate: '2024-05-01T10:00:00',
        customerDetails: {
          contact: 'Ann',
          fullName: 'Ann Smith',
          deliveryInfo: {
            deliveryType: 'courier',
            country: 'CY',
            city: 'Nicosia',
            postAddress: '1 Main Street',
          },
        },
        cartItems: {
          items: [
            {
              positionId: 1,
              name: 'Mug',
              quantity: { value: '2', measure: 'pcs' },
              itemAmount: 1000,
              itemPrice: 500,
              itemCurrency: '978',
              itemCode: 'MUG-1',
              itemDetails: { itemDetailsParams: { name: 'colour', value: 'blue' } },
            },
            {
              positionId: 2,
              name: 'Tea',
              quantity: { value: '1.5', measure: 'kg' },
              itemPrice: 1000,
              itemAmount: 1500,
              tax: { taxType: 0, taxSum: 0 },
            },
          ],
        },
      };

      void test('a valid cart is accepted and echoed in getOrderStatusExtended', async () => {
        const orderId = await accepted(plain, { amount: 2500, currency: '978', orderBundle: cart });
        assert.deepEqual((await orderStatus(plain, orderId)).orderBundle, cart);
        assert.equal((await orderStatus(plain, await accepted(plain))).orderBundle, undefined);
      });

      void test('quantity.value sent as a JSON number (spec: Number) is echoed as a number', async () => {
        const numeric = bundle(
          cartItem(1, { quantity: { value: 2, measure: 'pcs' }, itemPrice: 500, itemAmount: 1000 }),
        );
        const orderId = await accepted(plain, { orderBundle: numeric });
        assert.deepEqual((await orderStatus(plain, orderId)).orderBundle, numeric);
      });

      void test('a duplicate positionId is refused with errorCode 5', async () => {
        await refused(
          plain,
          { orderBundle: bundle(cartItem(1), cartItem(2), cartItem(1)) },
          '5',
          'positionId',
        );
      });

      void test('itemAmount different from itemPrice * quantity is refused with errorCode 5', async () => {
        const item = { quantity: { value: '2', measure: 'pcs' }, itemPrice: 500 };
        await refused(
          plain,
          { orderBundle: bundle(cartItem(1, { ...item, itemAmount: 999 })) },
          '5',
          'itemAmount',
        );
        await refused(
          plain,
          { orderBundle: bundle(cartItem(1, { ...item, itemAmount: 500 })) },
          '5',
          'itemAmount',
        );
        await accepted(plain, { orderBundle: bundle(cartItem(1, { ...item, itemAmount: 1000 })) });
      });

      void test('quantity.value takes at most 3 decimal places', async () => {
        const quantity = (value: string): Params => ({ quantity: { value, measure: 'kg' } });
        await refused(
          plain,
          { orderBundle: bundle(cartItem(1, { ...quantity('1.2345'), itemPrice: 1000, itemAmount: 1235 })) },
          '5',
          'quantity',
        );
        await accepted(plain, {
          orderBundle: bundle(cartItem(1, { ...quantity('1.234'), itemPrice: 1000, itemAmount: 1234 })),
        });
        await refused(plain, { orderBundle: bundle(cartItem(1, { ...quantity('abc') })) }, '5', 'quantity');
      });

      void test('a fractional quantity is accepted, the line total rounded half up', async () => {
        const half = { quantity: { value: '0.5', measure: 'kg' }, itemPrice: 333 };
        await accepted(plain, { orderBundle: bundle(cartItem(1, { ...half, itemAmount: 167 })) });
        await refused(
          plain,
          { orderBundle: bundle(cartItem(1, { ...half, itemAmount: 166 })) },
          '5',
          'itemAmount',
        );
        const oneAndHalf = { quantity: { value: '1.5', measure: 'kg' }, itemPrice: 333 };
        await accepted(plain, { orderBundle: bundle(cartItem(1, { ...oneAndHalf, itemAmount: 500 })) });
        await refused(plain, { orderBundle: bundle(cartItem(1, { ...oneAndHalf, itemAmount: 499 })) }, '5');
      });

      void test('either itemAmount or itemPrice alone is enough', async () => {
        await accepted(plain, { orderBundle: bundle(without(cartItem(1), 'itemPrice')) });
        await accepted(plain, { orderBundle: bundle(without(cartItem(1), 'itemAmount')) });
      });

      void test('an item without itemAmount and itemPrice is refused with errorCode 4', async () => {
        const bare = without(cartItem(1), 'itemAmount', 'itemPrice');
        await refused(plain, { orderBundle: bundle(bare) }, '4', 'itemAmount');
      });

      void test('missing cartItems or items is refused with errorCode 4', async () => {
        await refused(plain, { orderBundle: { orderCreationDate: '2024-05-01T10:00:00' } }, '4', 'cartItems');
        await refused(plain, { orderBundle: { cartItems: {} } }, '4', 'items');
        await refused(plain, { orderBundle: { cartItems: { items: [] } } }, '4', 'items');
      });

      void test('an item missing a mandatory member is refused with errorCode 4', async () => {
        for (const member of ['positionId', 'name', 'quantity']) {
          await refused(plain, { orderBundle: bundle(without(cartItem(1), member)) }, '4', member);
        }
      });

      void test('orderBundle that is not valid JSON is refused with errorCode 5', async () => {
        await refused(plain, { orderBundle: '{"cartItems":' }, '5', 'orderBundle');
      });
    });

    void describe('marketplace', () => {
      void test('marketplace without the permission is refused with errorCode 5 naming it', async () => {
        await refused(plain, { marketplace: MARKETPLACE }, '5', 'marketplace');
      });

      void test('with the permission, retailers with exactly one element is accepted', async () => {
        await accepted(full, { marketplace: MARKETPLACE });
        await accepted(full, { marketplace: { marketplaceId: 'MP-0001', foreignRetailerIndicator: false } });
      });

      void test('retailers with zero or two elements is refused with errorCode 5', async () => {
        await refused(full, { marketplace: { ...MARKETPLACE, retailers: [] } }, '5', 'retailers');
        const two = [{ foreignRetailerIndicator: true }, { foreignRetailerIndicator: false }];
        await refused(full, { marketplace: { ...MARKETPLACE, retailers: two } }, '5', 'retailers');
      });

      void test('neither retailers nor foreignRetailerIndicator is refused with errorCode 4', async () => {
        await refused(full, { marketplace: { marketplaceId: 'MP-0001' } }, '4', 'foreignRetailerIndicator');
      });

      void test('missing marketplaceId is refused with errorCode 4', async () => {
        await refused(full, { marketplace: without(MARKETPLACE, 'marketplaceId') }, '4', 'marketplaceId');
      });

      void test('marketplaceId over 11 characters is refused with errorCode 5', async () => {
        await accepted(full, { marketplace: { ...MARKETPLACE, marketplaceId: ofLength(11) } });
        await refused(
          full,
          { marketplace: { ...MARKETPLACE, marketplaceId: ofLength(12) } },
          '5',
          'marketplaceId',
        );
      });
    });

    void describe('paymentFacilitator', () => {
      void test('paymentFacilitator without the permission is refused with errorCode 5 naming it', async () => {
        await refused(plain, { paymentFacilitator: PAYMENT_FACILITATOR }, '5', 'paymentFacilitator');
      });

      void test('a valid paymentFacilitator is accepted with the permission', async () => {
        await accepted(full, { paymentFacilitator: PAYMENT_FACILITATOR });
        await accepted(full, { paymentFacilitator: without(PAYMENT_FACILITATOR, 'isoId') });
      });

      void test('missing subMerchants is refused with errorCode 4', async () => {
        await refused(
          full,
          { paymentFacilitator: without(PAYMENT_FACILITATOR, 'subMerchants') },
          '4',
          'subMerchants',
        );
      });

      void test('a missing sub-merchant address member is refused with errorCode 4', async () => {
        const address = without(SUB_MERCHANT.address, 'city');
        const subMerchants = [{ ...SUB_MERCHANT, address }];
        await refused(full, { paymentFacilitator: { ...PAYMENT_FACILITATOR, subMerchants } }, '4', 'city');
      });

      void test('a name over 40 characters is refused with errorCode 5', async () => {
        await accepted(full, { paymentFacilitator: { ...PAYMENT_FACILITATOR, name: ofLength(40) } });
        await refused(
          full,
          { paymentFacilitator: { ...PAYMENT_FACILITATOR, name: ofLength(41) } },
          '5',
          'name',
        );
      });
    });

    void describe('feeInput, mcc, mvv', () => {
      void test('feeInput needs the permission and adds to totalAmount', async () => {
        await refused(plain, { feeInput: 150 }, '5', 'feeInput');
        const orderId = await accepted(full, { amount: 1000, feeInput: 150 });
        const info = (await orderStatus(full, orderId)).paymentAmountInfo as Record<string, unknown>;
        assert.equal(info.totalAmount, 1150);
        const noFee = await accepted(full, { amount: 1000 });
        const noFeeInfo = (await orderStatus(full, noFee)).paymentAmountInfo as Record<string, unknown>;
        assert.equal(noFeeInfo.totalAmount, 1000);
      });

      void test('mcc needs the permission and a code from the merchant list', async () => {
        await refused(plain, { mcc: 5411 }, '5', 'mcc');
        await accepted(full, { mcc: 5411 });
        await refused(full, { mcc: 5999 }, '5', '5999');
        await refused(full, { mcc: '541' }, '5', 'mcc');
      });

      void test('mvv needs the permission', async () => {
        await refused(plain, { mvv: 'MVV123' }, '5', 'mvv');
        await accepted(full, { mvv: 'MVV123' });
      });
    });

    void describe('payer blocks', () => {
      void test('billingPayerData without payerAccount is refused with errorCode 4', async () => {
        await refused(plain, { billingPayerData: { billingCity: 'Nicosia' } }, '4', 'payerAccount');
        await accepted(plain, { billingPayerData: { billingCity: 'Nicosia', payerAccount: 'ACC-1' } });
      });

      void test('billingPostalCode takes at most 9 characters', async () => {
        await accepted(plain, {
          billingPayerData: { payerAccount: 'ACC-1', billingPostalCode: '123456789' },
        });
        const billingPayerData = { payerAccount: 'ACC-1', billingPostalCode: '1234567890' };
        await refused(plain, { billingPayerData }, '5', 'billingPostalCode');
      });

      void test('orderPayerData phones are 7 to 15 digits with an optional + or 00', async () => {
        const orderId = await accepted(plain, { orderPayerData: { mobilePhone: '+35799123456' } });
        assert.deepEqual((await orderStatus(plain, orderId)).payerData, { phone: '+35799123456' });
        await accepted(plain, { orderPayerData: { homePhone: '0035722123456', workPhone: '1234567' } });
        for (const mobilePhone of ['12ab', '123456', '+123456', '1234567890123456', '+357 99 123456']) {
          await refused(plain, { orderPayerData: { mobilePhone } }, '5', 'mobilePhone');
        }
      });

      void test('shippingPayerData is accepted', async () => {
        await accepted(plain, {
          shippingPayerData: {
            shippingCity: 'Limassol',
            shippingCountry: 'CY',
            shippingAddressLine1: '2 Harbour Road',
            shippingPostalCode: '3030',
            shippingMethodIndicator: '01',
            deliveryTimeframe: '02',
            deliveryEmail: 'ann@shop.example',
          },
        });
      });

      void test('preOrderPayerData is accepted', async () => {
        await accepted(plain, {
          preOrderPayerData: { preOrderDate: '2030-06-01', preOrderPurchaseInd: '01', reorderItemsInd: '02' },
        });
      });

      void test('a payer block that is not a JSON object is refused with errorCode 5', async () => {
        for (const name of ['billingPayerData', 'shippingPayerData', 'preOrderPayerData', 'orderPayerData']) {
          await refused(plain, { [name]: '{not json' }, '5', name);
          await refused(plain, { [name]: '[]' }, '5', name);
        }
      });
    });

    void describe('cardholderName', () => {
      void test('Latin names are accepted', async () => {
        await accepted(plain, { cardholderName: 'Ann Smith' });
        await accepted(plain, { cardholderName: "Jean-Luc O'Neil Jr." });
      });

      void test('non-Latin characters are refused with errorCode 5', async () => {
        for (const cardholderName of ['Иван Петров', 'José Núñez', '李雷', 'Ann Smith 2']) {
          await refused(plain, { cardholderName }, '5', 'cardholderName');
        }
      });
    });

    void describe('merchantLogin', () => {
      void test('registering for a merchant the caller may not act for is refused with errorCode 5', async () => {
        await refused(plain, { merchantLogin: other.merchantLogin }, '5', other.merchantLogin);
        await refused(plain, { merchantLogin: 'nosuchmerchant' }, '5');
      });

      void test('the caller itself, or a merchant it was granted, may be named', async () => {
        await accepted(plain, { merchantLogin: plain.merchantLogin });
        await gh.gatehouse.admin.permit(plain.merchantLogin, [], other.merchantLogin);
        const response = await gh.post(REGISTER, params(plain, { merchantLogin: other.merchantLogin }));
        const orderId = assertRegistered(response, other, 'en');
        // The order belongs to the merchant named, with that merchant's currency.
        assert.equal((await orderStatus(other, orderId)).currency, '978');
      });
    });

    void describe('registerPreAuth.do', () => {
      void test('a merchant without the preAuth permission is refused with errorCode 5', async () => {
        await refused(plain, {}, '5', undefined, REGISTER_PRE_AUTH);
        await refused(other, { language: 'de' }, '5', undefined, REGISTER_PRE_AUTH);
      });

      void test('a merchant with the preAuth permission gets an order and a payment page', async () => {
        const orderNumber = nextOrderNumber();
        const orderId = await accepted(full, { orderNumber, amount: 4200 }, { path: REGISTER_PRE_AUTH });
        const status = await orderStatus(full, orderId);
        assert.equal(status.orderNumber, orderNumber);
        assert.equal(status.orderStatus, STATUS_REGISTERED);
        assert.equal(status.amount, 4200);
        await accepted(full, { language: 'fr' }, { path: REGISTER_PRE_AUTH });
      });

      void test('a duplicate orderNumber is refused with errorCode 1, also across both operations', async () => {
        const orderNumber = nextOrderNumber();
        await accepted(full, { orderNumber }, { path: REGISTER_PRE_AUTH });
        await refused(full, { orderNumber }, '1', undefined, REGISTER_PRE_AUTH);
        await refused(full, { orderNumber }, '1');
        const registered = nextOrderNumber();
        await accepted(full, { orderNumber: registered });
        await refused(full, { orderNumber: registered }, '1', undefined, REGISTER_PRE_AUTH);
      });

      void test('the register.do table rules apply', async () => {
        await expectRefused(full, without(params(full), 'amount'), '4', '[amount]', REGISTER_PRE_AUTH);
        await refused(full, { orderNumber: '' }, '4', '[orderNumber]', REGISTER_PRE_AUTH);
        await refused(full, { returnUrl: 'shop.example/ok' }, '4', 'returnUrl', REGISTER_PRE_AUTH);
        await refused(full, { currency: '999' }, '3', '999', REGISTER_PRE_AUTH);
        await refused(full, { amount: '1000000000000' }, '5', 'amount', REGISTER_PRE_AUTH);
        await refused(full, { language: 'xx' }, '5', 'language', REGISTER_PRE_AUTH);
        await refused(full, { description: ofLength(599) }, '5', 'description', REGISTER_PRE_AUTH);
        await refused(full, { cardholderName: 'Иван' }, '5', 'cardholderName', REGISTER_PRE_AUTH);
        await refused(full, { features: ['FAST'] }, '5', 'features', REGISTER_PRE_AUTH);
        const past = dateTimeText(gh.clock.nowMs() - 60_000);
        await refused(full, { expirationDate: past }, '5', 'expirationDate', REGISTER_PRE_AUTH);
      });
    });

    // Last: these move the server clock forward, which every later request would live with.
    void describe('lifetime', () => {
      void test('expirationDate in a wrong format is refused with errorCode 5', async () => {
        for (const expirationDate of [
          '2099-01-01 10:00:00',
          '2099-01-01T10:00',
          '2099-01-01T10:00:00Z',
          '2099-01-01T10:00:00.000',
          '01.01.2099T10:00:00',
          '2099-13-01T10:00:00',
          '2099-02-30T10:00:00',
          '2099-01-01T24:00:00',
          '2099-01-01T10:60:00',
          'tomorrow',
        ]) {
          await refused(plain, { expirationDate }, '5', 'expirationDate');
        }
      });

      void test('expirationDate in the past is refused with errorCode 5', async () => {
        await refused(
          plain,
          { expirationDate: dateTimeText(gh.clock.nowMs() - 60_000) },
          '5',
          'expirationDate',
        );
        await refused(plain, { expirationDate: '2001-01-01T00:00:00' }, '5', 'expirationDate');
      });

      void test('a future expirationDate sets the lifetime', async () => {
        const lifetimeMs = 2 * 3600_000;
        const orderId = await accepted(plain, {
          expirationDate: dateTimeText(gh.clock.nowMs() + lifetimeMs),
        });
        await assertStatus(plain, orderId, STATUS_REGISTERED);
        // Far past the default 1200 s: the date rules, not the default.
        gh.clock.advance(lifetimeMs - 5_000);
        await assertStatus(plain, orderId, STATUS_REGISTERED);
        gh.clock.advance(6_000);
        await assertStatus(plain, orderId, STATUS_DECLINED);
        // Expiry is persisted: read again, still declined.
        await assertStatus(plain, orderId, STATUS_DECLINED);
      });

      void test('expirationDate takes precedence over sessionTimeoutSecs', async () => {
        const now = gh.clock.nowMs();
        const laterDate = await accepted(plain, {
          sessionTimeoutSecs: 60,
          expirationDate: dateTimeText(now + 600_000),
        });
        const earlierDate = await accepted(plain, {
          sessionTimeoutSecs: 3600,
          expirationDate: dateTimeText(now + 300_000),
        });
        gh.clock.advance(120_000);
        await assertStatus(plain, laterDate, STATUS_REGISTERED);
        await assertStatus(plain, earlierDate, STATUS_REGISTERED);
        gh.clock.advance(300_000);
        await assertStatus(plain, laterDate, STATUS_REGISTERED);
        await assertStatus(plain, earlierDate, STATUS_DECLINED);
        gh.clock.advance(300_000);
        await assertStatus(plain, laterDate, STATUS_DECLINED);
      });

      void test('sessionTimeoutSecs sets the lifetime', async () => {
        const orderId = await accepted(plain, { sessionTimeoutSecs: 60 });
        await assertStatus(plain, orderId, STATUS_REGISTERED);
        gh.clock.advance(59_000);
        await assertStatus(plain, orderId, STATUS_REGISTERED);
        gh.clock.advance(2_000);
        await assertStatus(plain, orderId, STATUS_DECLINED);
      });

      void test('the default lifetime is 1200 seconds', async () => {
        const orderId = await accepted(plain);
        gh.clock.advance(1_199_000);
        await assertStatus(plain, orderId, STATUS_REGISTERED);
        gh.clock.advance(2_000);
        await assertStatus(plain, orderId, STATUS_DECLINED);
      });

      void test('the merchant sessionTimeoutSecs setting applies when the parameter is absent', async () => {
        const bySetting = await accepted(shortLived);
        const byParam = await accepted(shortLived, { sessionTimeoutSecs: 60 });
        gh.clock.advance(29_000);
        await assertStatus(shortLived, bySetting, STATUS_REGISTERED);
        await assertStatus(shortLived, byParam, STATUS_REGISTERED);
        gh.clock.advance(2_000);
        await assertStatus(shortLived, bySetting, STATUS_DECLINED);
        await assertStatus(shortLived, byParam, STATUS_REGISTERED);
        gh.clock.advance(30_000);
        await assertStatus(shortLived, byParam, STATUS_DECLINED);
      });

      void test('registerPreAuth.do orders follow the same lifetime rules', async () => {
        const orderId = await accepted(full, { sessionTimeoutSecs: 60 }, { path: REGISTER_PRE_AUTH });
        gh.clock.advance(59_000);
        await assertStatus(full, orderId, STATUS_REGISTERED);
        gh.clock.advance(2_000);
        await assertStatus(full, orderId, STATUS_DECLINED);
      });
    });
  });
}
