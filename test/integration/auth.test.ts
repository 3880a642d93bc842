import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/security/password-hash.js';
import { ENGINES } from '../support/engines.js';
import {
  startTestGatehouse,
  type ApiResponse,
  type FormParams,
  type TestGatehouse,
} from '../support/gatehouse-harness.js';

const EXTENDED = '/payment/rest/getOrderStatusExtended.do';
const REGISTER = '/payment/rest/register.do';

/** The lock of the 6th attempt after AUTH_FAILURES_FREE (5) failures is AUTH_LOCK_MS_BASE (1 s). */
const FAILURES_FREE = 5;
const FIRST_LOCK_MS = 1_000;

function uniqueNumber(): string {
  return `auth-${randomBytes(5).toString('hex')}`;
}

/** An authenticated request that reaches the operation: an unknown order number answers errorCode 6. */
function probe(gh: TestGatehouse, credentials: FormParams): Promise<ApiResponse> {
  return gh.post(EXTENDED, { ...credentials, orderNumber: uniqueNumber() });
}

function assertAuthenticated(response: ApiResponse): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, '6', response.text);
}

function assertRefused(response: ApiResponse): void {
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.errorCode, '5', response.text);
  assert.ok(
    typeof response.body.errorMessage === 'string' && response.body.errorMessage.length > 0,
    response.text,
  );
}

for (const engine of ENGINES) {
  void describe(`${engine}: authentication`, () => {
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    void test('userName and password authenticate', async () => {
      const { auth } = await gh.createMerchant();
      assertAuthenticated(await probe(gh, auth));
      const registered = await gh.post(REGISTER, {
        ...auth,
        orderNumber: uniqueNumber(),
        amount: 100,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(registered.status, 200);
      assert.equal(typeof registered.body.orderId, 'string');
    });

    void test('a token authenticates, and acts for the same merchant as its password', async () => {
      const created = await gh.createMerchant({ token: true });
      assert.ok(created.token !== undefined && created.token.length > 0);
      const orderNumber = uniqueNumber();
      const registered = await gh.post(REGISTER, {
        token: created.token,
        orderNumber,
        amount: 250,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(registered.status, 200, registered.text);
      assert.equal(typeof registered.body.orderId, 'string');
      const byPassword = await gh.post(EXTENDED, { ...created.auth, orderNumber });
      assert.equal(byPassword.body.errorCode, '0');
      assert.equal(byPassword.body.amount, 250);
      const byToken = await gh.post(EXTENDED, { token: created.token, orderNumber });
      assert.equal(byToken.body.errorCode, '0');
      assert.deepEqual(byToken.body, byPassword.body);
    });

    void test('password and token together are ambiguous: errorCode 5', async () => {
      const created = await gh.createMerchant({ token: true });
      const token = created.token ?? '';
      const both = await probe(gh, { ...created.auth, token });
      assertRefused(both);
      assert.match(both.body.errorMessage as string, /token/);
      assert.match(both.body.errorMessage as string, /not both/);
      assertRefused(await probe(gh, { userName: created.auth.userName, token }));
      assertRefused(await probe(gh, { password: created.auth.password, token }));
      // Each alone still works: the refusal was about the combination.
      assertAuthenticated(await probe(gh, { token }));
      assertAuthenticated(await probe(gh, created.auth));
    });

    void test('no credentials, or a userName without password, or a password without userName: errorCode 5', async () => {
      const { auth } = await gh.createMerchant();
      const none = await probe(gh, {});
      assertRefused(none);
      assert.match(none.body.errorMessage as string, /userName/);
      assertRefused(await probe(gh, { userName: auth.userName }));
      assertRefused(await probe(gh, { password: auth.password }));
      assertRefused(await probe(gh, { userName: auth.userName, password: '' }));
      assertRefused(await probe(gh, { userName: '', password: auth.password }));
    });

    void test('wrong password and unknown user get the identical refusal', async () => {
      const { auth } = await gh.createMerchant();
      const wrongPassword = await probe(gh, { userName: auth.userName, password: `${auth.password}x` });
      const unknownUser = await probe(gh, {
        userName: `nobody-${randomBytes(4).toString('hex')}-api`,
        password: auth.password,
      });
      assertRefused(wrongPassword);
      assertRefused(unknownUser);
      assert.equal(wrongPassword.status, unknownUser.status);
      assert.deepEqual(wrongPassword.body, unknownUser.body);
      assert.ok(!(wrongPassword.body.errorMessage as string).toLowerCase().includes('password'));
      assert.ok(!(unknownUser.body.errorMessage as string).includes('nobody'));
    });

    void test('a wrong token is refused with errorCode 5', async () => {
      const created = await gh.createMerchant({ token: true });
      assertRefused(await probe(gh, { token: `${created.token ?? ''}x` }));
      assertRefused(await probe(gh, { token: 'not-a-token' }));
      assertRefused(await probe(gh, { token: 't'.repeat(257) }));
    });

    void test('after 5 failures a user name is locked, even for the right password; others are unaffected', async () => {
      const { auth } = await gh.createMerchant();
      const bystander = (await gh.createMerchant()).auth;
      for (let attempt = 1; attempt <= FAILURES_FREE; attempt += 1) {
        const failed = await probe(gh, { userName: auth.userName, password: `wrong-${attempt}` });
        assertRefused(failed);
        assert.doesNotMatch(
          failed.body.errorMessage as string,
          /second/,
          `attempt ${attempt} is not throttled yet`,
        );
      }
      const locked = await probe(gh, auth);
      assertRefused(locked);
      assert.match(locked.body.errorMessage as string, /\d+ seconds?/);
      assert.equal(locked.body.orderStatus, undefined);

      assertAuthenticated(await probe(gh, bystander));

      gh.clock.advance(FIRST_LOCK_MS + 500);
      assertAuthenticated(await probe(gh, auth));
      // A success clears the count: one more failure does not lock again.
      assertRefused(await probe(gh, { userName: auth.userName, password: 'wrong-again' }));
      assertAuthenticated(await probe(gh, auth));
    });

    void test('the lock doubles with further failures', async () => {
      const { auth } = await gh.createMerchant();
      for (let attempt = 1; attempt <= FAILURES_FREE; attempt += 1) {
        await probe(gh, { userName: auth.userName, password: `wrong-${attempt}` });
      }
      gh.clock.advance(FIRST_LOCK_MS + 100);
      // 6th failure: lock of 2 s.
      assertRefused(await probe(gh, { userName: auth.userName, password: 'wrong-6' }));
      gh.clock.advance(FIRST_LOCK_MS + 100);
      const stillLocked = await probe(gh, auth);
      assertRefused(stillLocked);
      assert.match(stillLocked.body.errorMessage as string, /seconds?/);
      gh.clock.advance(FIRST_LOCK_MS);
      assertAuthenticated(await probe(gh, auth));
    });

    void test('unknown user names are throttled the same way as known ones', async () => {
      const known = (await gh.createMerchant()).auth;
      const unknownName = `ghost-${randomBytes(4).toString('hex')}-api`;
      const lockOut = async (userName: string): Promise<ApiResponse> => {
        for (let attempt = 1; attempt <= FAILURES_FREE; attempt += 1) {
          assertRefused(await probe(gh, { userName, password: `wrong-${attempt}` }));
        }
        return probe(gh, { userName, password: 'anything' });
      };
      const unknownLocked = await lockOut(unknownName);
      const knownLocked = await lockOut(known.userName);
      assertRefused(unknownLocked);
      assertRefused(knownLocked);
      assert.match(unknownLocked.body.errorMessage as string, /seconds?/);
      assert.deepEqual(unknownLocked.body, knownLocked.body);
      gh.clock.advance(FIRST_LOCK_MS + 500);
      assertAuthenticated(await probe(gh, known));
    });

    void test('a password change invalidates the remembered verification', async () => {
      const created = await gh.createMerchant();
      assertAuthenticated(await probe(gh, created.auth));
      assertAuthenticated(await probe(gh, created.auth)); // now served from the cache
      await gh.gatehouse.admin.set(created.merchantLogin, { password: 'new-pass' });
      const old = await probe(gh, created.auth);
      assertRefused(old);
      assertAuthenticated(await probe(gh, { userName: created.auth.userName, password: 'new-pass' }));
      assertRefused(await probe(gh, created.auth));
    });

    void test('a password changed by another node (straight in the database) takes effect within a second', async () => {
      const created = await gh.createMerchant();
      assertAuthenticated(await probe(gh, created.auth));
      await gh.gatehouse.store.db
        .updateTable('api_users')
        .set({ password_hash: await hashPassword('elsewhere-pass') })
        .where('user_name', '=', created.auth.userName)
        .execute();
      gh.clock.advance(1_100);
      assertRefused(await probe(gh, created.auth));
      assertAuthenticated(await probe(gh, { userName: created.auth.userName, password: 'elsewhere-pass' }));
    });

    void test('a userName over 50 or a password over 30 characters is refused', async () => {
      const { auth } = await gh.createMerchant();
      assertRefused(await probe(gh, { userName: 'u'.repeat(51), password: auth.password }));
      assertRefused(
        await probe(gh, { userName: auth.userName, password: `${auth.password}${'p'.repeat(31)}` }),
      );
      // A password of exactly 30 characters is accepted.
      const thirty = 'p'.repeat(30);
      const exact = await gh.createMerchant({ password: thirty });
      assertAuthenticated(await probe(gh, exact.auth));
      assertRefused(await probe(gh, { userName: exact.auth.userName, password: `${thirty}p` }));
    });
  });
}
