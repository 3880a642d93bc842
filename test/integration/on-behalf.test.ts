import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Permission } from '../../src/domain/permissions.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REGISTER = '/payment/rest/register.do';
const REGISTER_PRE_AUTH = '/payment/rest/registerPreAuth.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';

type Auth = { userName: string; password: string };
type Merchant = { merchantLogin: string; auth: Auth };

let orderSeq = 0;
function nextOrderNumber(): string {
  orderSeq += 1;
  return `ob-${Date.now().toString(36)}-${orderSeq}`;
}

function assertRegistered(response: ApiResponse): string {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, undefined, response.text);
  assert.match(String(response.body.orderId), /^[0-9a-f-]{36}$/, response.text);
  return String(response.body.orderId);
}

function assertDenied(response: ApiResponse, login: string): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, '5', response.text);
  assert.equal(response.body.errorMessage, `Access denied to merchant ${login}`);
  assert.equal(response.body.orderId, undefined);
}

for (const engine of ENGINES) {
  describe(`${engine}: acting on behalf of another merchant (merchantLogin)`, () => {
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    function register(
      who: Merchant,
      extra: Record<string, string | number> = {},
      path = REGISTER,
    ): Promise<ApiResponse> {
      return gh.post(path, {
        ...who.auth,
        orderNumber: nextOrderNumber(),
        amount: 1500,
        returnUrl: 'https://shop.example/ok',
        ...extra,
      });
    }

    function status(who: Merchant, extra: Record<string, string>): Promise<ApiResponse> {
      return gh.post(STATUS, { ...who.auth, ...extra });
    }

    async function family(
      parentPermissions: Permission[] = [],
      childPermissions: Permission[] = [],
    ): Promise<{ parent: Merchant; child: Merchant }> {
      const parent = await gh.createMerchant({ permissions: parentPermissions });
      const child = await gh.createMerchant({
        parentLogin: parent.merchantLogin,
        permissions: childPermissions,
      });
      return { parent, child };
    }

    test('a parent registers an order for its child: the order belongs to the child', async () => {
      const { parent, child } = await family();
      const orderNumber = nextOrderNumber();
      const orderId = assertRegistered(
        await register(parent, { orderNumber, merchantLogin: child.merchantLogin }),
      );

      // The child reads it back with its own credentials, by id and by number.
      const byChild = await status(child, { orderId });
      assert.equal(byChild.body.orderNumber, orderNumber, byChild.text);
      assert.equal(byChild.body.amount, 1500);
      const byChildNumber = await status(child, { orderNumber });
      assert.deepEqual(byChildNumber.body, byChild.body);

      // The parent reads it when acting for the child.
      const byParentForChild = await status(parent, { orderId, merchantLogin: child.merchantLogin });
      assert.deepEqual(byParentForChild.body, byChild.body);

      // Without merchantLogin the parent looks in its own orders, where there is no such order.
      const byParentAlone = await status(parent, { orderId });
      assert.equal(byParentAlone.body.errorCode, '6', byParentAlone.text);
      const byParentAloneNumber = await status(parent, { orderNumber });
      assert.equal(byParentAloneNumber.body.errorCode, '6', byParentAloneNumber.text);
    });

    test('order numbers are unique per acting merchant, not per caller', async () => {
      const { parent, child } = await family();
      const orderNumber = nextOrderNumber();
      assertRegistered(await register(parent, { orderNumber, merchantLogin: child.merchantLogin }));
      // The child already has this number: a duplicate (errorCode 1), whoever registers it.
      const again = await register(child, { orderNumber });
      assert.equal(again.body.errorCode, '1', again.text);
      const againByParent = await register(parent, { orderNumber, merchantLogin: child.merchantLogin });
      assert.equal(againByParent.body.errorCode, '1', againByParent.text);
      // The parent itself has no order with that number yet.
      assertRegistered(await register(parent, { orderNumber }));
    });

    test('an unrelated merchant is refused with errorCode 5, as is a login that does not exist', async () => {
      const stranger = await gh.createMerchant();
      const { child } = await family();
      assertDenied(await register(stranger, { merchantLogin: child.merchantLogin }), child.merchantLogin);
      const missing = `nobody${randomBytes(4).toString('hex')}`;
      assertDenied(await register(stranger, { merchantLogin: missing }), missing);
      // Reading is refused the same way.
      const orderId = assertRegistered(await register(child));
      assertDenied(
        await status(stranger, { orderId, merchantLogin: child.merchantLogin }),
        child.merchantLogin,
      );
      assertDenied(await status(stranger, { orderId, merchantLogin: missing }), missing);
    });

    test('a grant to see a merchant’s transactions allows acting for it, and revoking takes it away', async () => {
      const grantee = await gh.createMerchant();
      const target = await gh.createMerchant();
      assertDenied(await register(grantee, { merchantLogin: target.merchantLogin }), target.merchantLogin);

      await gh.gatehouse.admin.permit(grantee.merchantLogin, [], target.merchantLogin);
      assert.deepEqual((await gh.gatehouse.admin.show(grantee.merchantLogin)).actsFor, [
        target.merchantLogin,
      ]);
      const orderNumber = nextOrderNumber();
      const orderId = assertRegistered(
        await register(grantee, { orderNumber, merchantLogin: target.merchantLogin }),
      );
      const byTarget = await status(target, { orderId });
      assert.equal(byTarget.body.orderNumber, orderNumber, byTarget.text);
      const byGrantee = await status(grantee, { orderId, merchantLogin: target.merchantLogin });
      assert.equal(byGrantee.body.orderNumber, orderNumber, byGrantee.text);
      // The grant is one way: the target may not act for the grantee.
      assertDenied(await register(target, { merchantLogin: grantee.merchantLogin }), grantee.merchantLogin);

      await gh.gatehouse.admin.revoke(grantee.merchantLogin, [], target.merchantLogin);
      assert.deepEqual((await gh.gatehouse.admin.show(grantee.merchantLogin)).actsFor, []);
      assertDenied(await register(grantee, { merchantLogin: target.merchantLogin }), target.merchantLogin);
      assertDenied(
        await status(grantee, { orderId, merchantLogin: target.merchantLogin }),
        target.merchantLogin,
      );
      // The order stays the target's.
      assert.equal((await status(target, { orderId })).body.orderNumber, orderNumber);
    });

    test('a child cannot act for its parent, nor for a sibling', async () => {
      const { parent, child } = await family();
      const sibling = await gh.createMerchant({ parentLogin: parent.merchantLogin });
      assertDenied(await register(child, { merchantLogin: parent.merchantLogin }), parent.merchantLogin);
      assertDenied(await register(child, { merchantLogin: sibling.merchantLogin }), sibling.merchantLogin);
      const parentOrder = assertRegistered(await register(parent));
      assertDenied(
        await status(child, { orderId: parentOrder, merchantLogin: parent.merchantLogin }),
        parent.merchantLogin,
      );
    });

    test('merchantLogin equal to one’s own login works like leaving it out', async () => {
      const merchant = await gh.createMerchant();
      const orderNumber = nextOrderNumber();
      const orderId = assertRegistered(
        await register(merchant, { orderNumber, merchantLogin: merchant.merchantLogin }),
      );
      const withLogin = await status(merchant, { orderId, merchantLogin: merchant.merchantLogin });
      const without = await status(merchant, { orderId });
      assert.equal(without.body.orderNumber, orderNumber, without.text);
      assert.deepEqual(withLogin.body, without.body);
    });

    test('permissions are those of the acting merchant: the parent’s feeInput does not carry over to the child', async () => {
      const { parent, child } = await family(['feeInput'], []);
      // The parent may use feeInput for itself...
      assertRegistered(await register(parent, { feeInput: 100 }));
      // ...but not for a child that lacks the permission.
      const forChild = await register(parent, { feeInput: 100, merchantLogin: child.merchantLogin });
      assert.equal(forChild.body.errorCode, '5', forChild.text);
      assert.equal(forChild.body.errorMessage, 'The merchant is not permitted to use feeInput');
      assert.equal(forChild.body.orderId, undefined);
    });

    test('permissions are those of the acting merchant: a child’s feeInput applies when its parent acts for it', async () => {
      const { parent, child } = await family([], ['feeInput']);
      const own = await register(parent, { feeInput: 100 });
      assert.equal(own.body.errorCode, '5', own.text);
      assert.equal(own.body.errorMessage, 'The merchant is not permitted to use feeInput');
      assertRegistered(await register(parent, { feeInput: 100, merchantLogin: child.merchantLogin }));
    });

    test('an operation permission (preAuth) is checked on the acting merchant too', async () => {
      const { parent, child } = await family(['preAuth'], []);
      assertRegistered(await register(parent, {}, REGISTER_PRE_AUTH));
      const forChild = await register(parent, { merchantLogin: child.merchantLogin }, REGISTER_PRE_AUTH);
      assert.equal(forChild.body.errorCode, '5', forChild.text);
      assert.equal(forChild.body.orderId, undefined);
      await gh.gatehouse.admin.permit(child.merchantLogin, ['preAuth']);
      assertRegistered(await register(parent, { merchantLogin: child.merchantLogin }, REGISTER_PRE_AUTH));
    });
  });
}
