import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

// Issue 40, point 11: a login form with a token; a lock-out per email and per address, held in
// the database so that every node enforces it.
for (const engine of ENGINES) {
  describe(`${engine}: console login (issue 40)`, () => {
    let first: TestGatehouse;
    let second: TestGatehouse;

    async function operatorEmail(): Promise<string> {
      const email = `login-${randomBytes(3).toString('hex')}@ops.example`;
      await first.gatehouse.operatorConsole.accounts.create({
        email,
        role: 'viewer',
        merchants: [],
        password: PASSWORD,
      });
      return email;
    }
    /** A login post through `node` with the browser's login cookie and form token. */
    async function attempt(
      node: TestGatehouse,
      email: string,
      password: string,
    ): Promise<{ status: number; html: string }> {
      return new ConsoleClient(node.baseUrl).login(email, password);
    }
    /** Lets the window pass on both nodes' clocks: earlier failures count no more. */
    function forget(): void {
      first.clock.advance(31 * 60_000);
      second.clock.advance(31 * 60_000);
    }

    before(async () => {
      first = await startTestGatehouse(engine);
      second = await startTestGatehouse(engine, { sameDatabaseAs: first });
    });
    after(async () => {
      await second.close();
      await first.close();
    });

    test('the login form carries a token bound to its own cookie; a post without them is refused', async () => {
      const email = await operatorEmail();
      const client = new ConsoleClient(first.baseUrl);
      const form = await client.loginForm();
      assert.match(form.cookie, /^gatehouse_console_login=[A-Za-z0-9_-]{43}$/);
      assert.match(form.csrf, /^[A-Za-z0-9_-]{43}$/);
      const bare = await client.post('/console/login', { email, password: PASSWORD }, form.cookie);
      assert.equal(bare.status, 403, 'no token');
      assert.match(bare.html, /did not come from the console/);
      const foreign = await client.post('/console/login', { csrf: form.csrf, email, password: PASSWORD }, '');
      assert.equal(foreign.status, 403, 'a token without its cookie (another site’s page)');
      const other = await new ConsoleClient(first.baseUrl).loginForm();
      const swapped = await client.post(
        '/console/login',
        { csrf: other.csrf, email, password: PASSWORD },
        form.cookie,
      );
      assert.equal(swapped.status, 403, 'another browser’s token');
      const good = await client.post(
        '/console/login',
        { csrf: form.csrf, email, password: PASSWORD },
        form.cookie,
      );
      assert.equal(good.status, 303);
    });

    test('failures from one address lock it for every email, a good password included', async () => {
      forget();
      first.clock.hold();
      try {
        const email = await operatorEmail();
        for (let n = 0; n < 20; n += 1) {
          const tried = await attempt(
            first,
            `nobody-${n}-${randomBytes(2).toString('hex')}@ops.example`,
            'wrong',
          );
          assert.equal(tried.status, 401, `attempt ${n}: each email tried once, none locked by itself`);
        }
        const locked = await attempt(first, email, PASSWORD);
        assert.equal(locked.status, 429, 'the address is locked');
        assert.match(locked.html, /Too many failed logins/);
      } finally {
        first.clock.release();
      }
    });

    test('the lock-out holds across nodes: failures on one lock the email on the other', async () => {
      forget();
      const email = await operatorEmail();
      first.clock.hold();
      second.clock.hold();
      try {
        for (let n = 0; n < 3; n += 1) assert.equal((await attempt(first, email, 'wrong')).status, 401);
        for (let n = 0; n < 2; n += 1) assert.equal((await attempt(second, email, 'wrong')).status, 401);
        assert.equal((await attempt(second, email, PASSWORD)).status, 429, 'five failures on two nodes');
        assert.equal((await attempt(first, email, PASSWORD)).status, 429);
      } finally {
        first.clock.release();
        second.clock.release();
      }
      forget();
      assert.equal((await attempt(second, email, PASSWORD)).status, 303, 'unlocked once the window passed');
    });
  });
}
