import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { hmacChecksum } from '../../src/domain/callback-checksum.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { createSigningKey } from '../support/certificates.js';
import { ConsoleClient, hiddenFields } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';
/** The callback key the merchant starts with: no page may ever show it. */
const FIRST_CALLBACK_KEY = `first-callback-key-${randomBytes(6).toString('hex')}`;

/** Every console page a test saw, for the check that none shows what it must not. */
const pages: string[] = [];

class RecordingClient extends ConsoleClient {
  override async get(path: string): Promise<{ status: number; html: string; location: string | null }> {
    const answer = await super.get(path);
    pages.push(answer.html);
    return answer;
  }

  override async post(
    path: string,
    fields: Record<string, string>,
    cookie?: string,
  ): Promise<{ status: number; html: string; location: string | null; setCookie: string | null }> {
    const answer = await super.post(path, fields, cookie);
    pages.push(answer.html);
    return answer;
  }

  /** Opens the confirmation of a change on the merchant and submits it as shown. */
  async change(
    login: string,
    query: Record<string, string>,
  ): Promise<{ status: number; html: string; location: string | null; form: Record<string, string> }> {
    const page = await this.get(
      `/console/merchants/${login}/confirm?${new URLSearchParams(query).toString()}`,
    );
    assert.equal(page.status, 200, page.html);
    const form = hiddenFields(page.html);
    return { ...(await this.post(`/console/merchants/${login}/act`, form)), form };
  }
}

/** The secret a result page shows once. */
function secretOn(html: string): string {
  const match = /<code id="secret">([^<]+)<\/code>/.exec(html);
  assert.ok(match?.[1] !== undefined, 'the page shows the secret');
  return match[1];
}

for (const engine of ENGINES) {
  describe(`${engine}: merchants in the operator console (issue 27, part 4)`, () => {
    let gh: TestGatehouse;
    let shopX: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    let shopY: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
    let admin: RecordingClient;
    /** Secrets made by the console in this run: each may be on one page, its result page. */
    const made: string[] = [];

    async function operator(role: string, merchants: string[] = []): Promise<RecordingClient> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants, password: PASSWORD });
      const client = new RecordingClient(gh.baseUrl);
      assert.equal((await client.login(email, PASSWORD)).status, 303);
      return client;
    }
    const order = (auth: Record<string, string>) =>
      gh.post('/payment/rest/register.do', {
        ...auth,
        orderNumber: `cm-${randomBytes(4).toString('hex')}`,
        amount: 100,
        returnUrl: 'https://shop.example/ok',
      });
    const registers = async (auth: Record<string, string>) =>
      typeof (await order(auth)).body.orderId === 'string';
    const merchantId = async (login: string) =>
      (
        await gh.gatehouse.store.db
          .selectFrom('merchants')
          .select('id')
          .where('login', '=', login)
          .executeTakeFirstOrThrow()
      ).id;

    before(async () => {
      gh = await startTestGatehouse(engine);
      endpoint = await listenForCallbacks();
      shopX = await gh.createMerchant({ callbackUrl: endpoint.url, callbackKey: FIRST_CALLBACK_KEY });
      shopY = await gh.createMerchant();
      admin = await operator('admin');
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    test('the list names each merchant with its parent, state and permission count; the page has every section', async () => {
      const list = await admin.get('/console/merchants');
      assert.equal(list.status, 200);
      assert.ok(list.html.includes(`href="/console/merchants/${shopX.merchantLogin}"`));
      assert.match(
        list.html,
        new RegExp(
          `${shopX.merchantLogin}</a></td>\\s*<td></td>\\s*<td>password or token · callbacks on</td>\\s*<td>1</td>`,
        ),
      );
      assert.match(list.html, /href="\/console\/merchants">Merchants<\/a>/, 'in the navigation');
      const page = await admin.get(`/console/merchants/${shopX.merchantLogin}`);
      assert.equal(page.status, 200);
      for (const heading of [
        'Settings',
        'Permissions',
        'API users and tokens',
        'Signing certificates',
        'Callbacks',
        'Wallet keys',
        'P2P fee plan',
        'Rate and concurrency limits',
        'Child merchants',
      ])
        assert.match(page.html, new RegExp(`<h2 id="[^"]+">${heading}</h2>`), heading);
      for (const heading of ['API users', 'API tokens'])
        assert.match(page.html, new RegExp(`<h3 id="[^"]+">${heading}</h3>`), heading);
      for (const anchor of [
        'settings',
        'users-tokens',
        'certificates',
        'callbacks',
        'wallet-keys',
        'p2p',
        'limits',
      ])
        assert.ok(page.html.includes(`<a href="#${anchor}">`), `the navigation links to #${anchor}`);
      assert.ok(!/<input(?![^>]*type="hidden")/.test(page.html.split('<main')[1] ?? ''), 'no field inline');
      assert.ok(page.html.includes(shopX.userName));
      assert.match(page.html, /set \(never shown\)/);
      assert.equal((await admin.get('/console/merchants/no-such-merchant')).status, 404);
    });

    test('an admin changes settings through a confirmation, once; an unchanged form changes nothing', async () => {
      const login = shopX.merchantLogin;
      // Without JavaScript, a change's button opens its form as a page, with the values of now.
      const edit = await admin.get(`/console/merchants/${login}/edit?form=limits`);
      assert.equal(edit.status, 200);
      assert.match(edit.html, /<h1>Change limits for /);
      assert.match(
        edit.html,
        /<form class="edit" method="get" action="\/console\/merchants\/[^"]+\/confirm">/,
      );
      assert.match(edit.html, /name="rateLimit" value="200"/);
      assert.ok(!edit.html.includes('name="currency"'), "only the section's settings");
      assert.equal((await admin.get(`/console/merchants/${login}/edit?form=nothing`)).status, 404);
      const confirm = await admin.get(
        `/console/merchants/${login}/confirm?action=settings&rateLimit=7&concurrencyLimit=50`,
      );
      assert.equal(confirm.status, 200);
      assert.match(confirm.html, /Requests per second per API user<\/td>\s*<td>200<\/td>\s*<td>7<\/td>/);
      assert.ok(!confirm.html.includes('Simultaneous requests'), 'an unchanged setting is not listed');
      const form = hiddenFields(confirm.html);
      assert.equal(form.concurrencyLimit, undefined);
      const done = await admin.post(`/console/merchants/${login}/act`, form);
      assert.equal(done.status, 303);
      assert.match((await admin.get(done.location ?? '')).html, /Done\./);
      const again = await admin.post(`/console/merchants/${login}/act`, form);
      assert.match(again.html, /already submitted/);
      assert.equal((await gh.gatehouse.admin.show(login)).rateLimitPerSecond, 7);
      const fee = await admin.change(login, { action: 'settings', p2pFee: 'percent=1.5,fixed=30' });
      assert.equal(fee.status, 303);
      assert.equal((await gh.gatehouse.admin.show(login)).p2pFee, 'percent=1.5,fixed=30,min=0');
      const same = await admin.get(`/console/merchants/${login}/confirm?action=settings&rateLimit=7`);
      assert.equal(same.status, 400);
      assert.match(same.html, /nothing would change/);
      const wrong = await admin.change(login, { action: 'settings', currency: '999' });
      assert.match((await admin.get(wrong.location ?? '')).html, /Refused: unknown ISO 4217/);
      const audit = await admin.get('/console/audit?action=merchant.settings');
      assert.match(audit.html, /merchant\.settings/);
    });

    test('API users: create one, reset a password; tokens: issue one that works, revoke it and it does not', async () => {
      const login = shopX.merchantLogin;
      const userName = `extra-${randomBytes(3).toString('hex')}`;
      const created = await admin.change(login, { action: 'addUser', userName });
      assert.equal(created.status, 200);
      const password = secretOn(created.html);
      made.push(password);
      assert.ok(await registers({ userName, password }), 'the new user works');

      const reset = await admin.change(login, { action: 'resetPassword', userName: shopX.userName });
      const newPassword = secretOn(reset.html);
      made.push(newPassword);
      assert.equal((await order(shopX.auth)).body.errorCode, '5', 'the old password is refused');
      assert.ok(await registers({ userName: shopX.userName, password: newPassword }));
      const notHis = await admin.change(shopY.merchantLogin, { action: 'resetPassword', userName });
      assert.match((await admin.get(notHis.location ?? '')).html, /has no user/);

      const issued = await admin.change(login, { action: 'issueToken' });
      const token = secretOn(issued.html);
      made.push(token);
      assert.ok(await registers({ token }), 'the token works');
      const resubmitted = await admin.post(`/console/merchants/${login}/act`, issued.form);
      assert.match(resubmitted.html, /already submitted/);
      assert.ok(!resubmitted.html.includes(token), 'a second submit shows no secret');
      assert.equal(
        (await gh.gatehouse.admin.credentials.tokens(login)).length,
        1,
        'and makes no second token',
      );
      const tokenId = /<dt>Token id<\/dt>\s*<dd>([0-9a-f-]{36})<\/dd>/.exec(issued.html)?.[1] ?? '';
      const page = await admin.get(`/console/merchants/${login}`);
      assert.ok(page.html.includes(tokenId), 'the token is listed by its id');
      assert.ok(!page.html.includes(token));
      const revoked = await admin.change(login, { action: 'revokeToken', tokenId });
      assert.equal(revoked.status, 303);
      assert.equal((await order({ token })).body.errorCode, '5', 'a revoked token is refused');
      const twice = await admin.change(login, { action: 'revokeToken', tokenId });
      assert.match((await admin.get(twice.location ?? '')).html, /no active token/);
      const audit = await gh.gatehouse.store.db
        .selectFrom('console_audit')
        .select('details')
        .where('merchant_id', '=', await merchantId(login))
        .execute();
      assert.ok(audit.length > 0);
      for (const entry of audit)
        for (const secret of made)
          assert.ok(!(entry.details ?? '').includes(secret), 'no secret in the audit');
    });

    test('a new callback key, then a test callback: received, signed with the new key; certificates and permissions', async () => {
      const login = shopX.merchantLogin;
      const keyed = await admin.change(login, { action: 'callbackKey' });
      const key = secretOn(keyed.html);
      made.push(key);
      const sent = await admin.change(login, { action: 'testCallback' });
      assert.equal(sent.status, 303);
      await gh.gatehouse.jobs.runAll();
      const received = endpoint.received.find((params) => params.operation === 'test');
      assert.ok(received !== undefined, 'the listener got the test callback');
      const { checksum, ...rest } = received;
      assert.deepEqual(Object.keys(rest).sort(), ['callbackCreationDate', 'operation', 'status']);
      assert.equal(checksum, hmacChecksum(rest, key));
      assert.match(
        (await admin.get(`/console/merchants/${login}`)).html,
        /<td>test<\/td>\s*<td>\s*delivered/,
      );
      const none = await admin.get(`/console/merchants/${shopY.merchantLogin}/confirm?action=testCallback`);
      assert.equal(none.status, 400);
      assert.match(none.html, /no callback address/);
      const forced = await admin.post(`/console/merchants/${shopY.merchantLogin}/act`, {
        ...sent.form,
        key: randomUUID(),
      });
      assert.match(
        (await admin.get(forced.location ?? '')).html,
        /Refused: the merchant has no callback address/,
      );

      const { certificatePem } = createSigningKey(2048, 'console-cert');
      const fingerprint = new X509Certificate(certificatePem).fingerprint256;
      const confirm = await admin.get(
        `/console/merchants/${login}/confirm?${new URLSearchParams({ action: 'addCertificate', pem: certificatePem }).toString()}`,
      );
      assert.ok(confirm.html.includes(fingerprint), 'the confirmation names the certificate');
      const added = await admin.post(`/console/merchants/${login}/act`, hiddenFields(confirm.html));
      assert.equal(added.status, 303);
      assert.ok((await admin.get(`/console/merchants/${login}`)).html.includes(fingerprint));

      assert.equal((await admin.change(login, { action: 'permit', permission: 'moto' })).status, 303);
      assert.ok((await gh.gatehouse.admin.show(login)).permissions.includes('moto'));
      await admin.change(login, { action: 'revokePermission', permission: 'moto' });
      assert.ok(!(await gh.gatehouse.admin.show(login)).permissions.includes('moto'));
      await admin.change(login, { action: 'grantAccess', target: shopY.merchantLogin });
      assert.deepEqual((await gh.gatehouse.admin.show(login)).actsFor, [shopY.merchantLogin]);
    });

    test('a wallet C key: made in the gateway, its public key and CSR shown, then and later', async () => {
      const login = shopX.merchantLogin;
      const created = await admin.change(login, { action: 'createWalletKey', wallet: 'c' });
      assert.equal(created.status, 200);
      assert.match(created.html, /-----BEGIN CERTIFICATE REQUEST-----/);
      const keyId = /<dt>Key id<\/dt>\s*<dd>([0-9a-f-]{36})<\/dd>/.exec(created.html)?.[1] ?? '';
      const page = await admin.get(`/console/merchants/${login}`);
      assert.ok(page.html.includes(`/console/merchants/${login}/wallet-keys/${keyId}`));
      const parts = await admin.get(`/console/merchants/${login}/wallet-keys/${keyId}`);
      assert.equal(parts.status, 200);
      assert.match(parts.html, /-----BEGIN CERTIFICATE REQUEST-----/);
      const publicPem = /(-----BEGIN PUBLIC KEY-----[^<]+-----END PUBLIC KEY-----)/.exec(parts.html)?.[1];
      assert.equal(createPublicKey(publicPem ?? '').asymmetricKeyDetails?.modulusLength, 2048);
      const child = `c${randomBytes(4).toString('hex')}`;
      const childMade = await admin.change(login, { action: 'createChild', login: child });
      assert.equal(childMade.status, 200);
      const childPassword = secretOn(childMade.html);
      made.push(childPassword);
      assert.ok(await registers({ userName: `${child}-api`, password: childPassword }));
      assert.ok(
        (await admin.get(`/console/merchants/${login}`)).html.includes(`/console/merchants/${child}`),
      );
    });

    test('support and viewer operators read merchants, and every change is refused with 403', async () => {
      const login = shopX.merchantLogin;
      const form = hiddenFields(
        (await admin.get(`/console/merchants/${login}/confirm?action=settings&rateLimit=3`)).html,
      );
      for (const role of ['support', 'viewer', 'finance']) {
        const reader = await operator(role);
        assert.equal((await reader.get('/console/merchants')).status, 200);
        const page = await reader.get(`/console/merchants/${login}`);
        assert.equal(page.status, 200);
        assert.ok(!page.html.includes('/confirm'), `no change forms for ${role}`);
        assert.ok(
          !page.html.includes('/edit') && !page.html.includes('<dialog'),
          `no change buttons for ${role}`,
        );
        const asked = await reader.get(`/console/merchants/${login}/confirm?action=issueToken`);
        assert.equal(asked.status, 403, role);
        assert.equal((await reader.get(`/console/merchants/${login}/edit?form=limits`)).status, 403, role);
        const csrf = hiddenFields(page.html).csrf ?? '';
        for (const fields of [
          form,
          { ...form, action: 'issueToken' },
          { ...form, action: 'createWalletKey', wallet: 'c' },
        ])
          assert.equal(
            (await reader.post(`/console/merchants/${login}/act`, { ...fields, csrf, key: randomUUID() }))
              .status,
            403,
            role,
          );
      }
      assert.equal((await gh.gatehouse.admin.show(login)).rateLimitPerSecond, 7, 'nothing changed');
    });

    test('an admin limited to merchant X finds nothing of merchant Y, by list, address or forged post', async () => {
      const limited = await operator('admin', [shopX.merchantLogin]);
      const list = await limited.get('/console/merchants');
      assert.ok(list.html.includes(shopX.merchantLogin));
      assert.ok(!list.html.includes(shopY.merchantLogin));
      const page = await limited.get(`/console/merchants/${shopX.merchantLogin}`);
      assert.ok(!page.html.includes(shopY.merchantLogin), 'not even as a merchant X acts for');
      const y = shopY.merchantLogin;
      assert.equal((await limited.get(`/console/merchants/${y}`)).status, 404);
      assert.equal((await limited.get(`/console/merchants/${y}/confirm?action=issueToken`)).status, 404);
      assert.equal((await limited.get(`/console/merchants/${y}/edit?form=settings`)).status, 404);
      const xKey = await gh.gatehouse.store.db
        .selectFrom('wallet_keys')
        .select('id')
        .where('merchant_id', '=', await merchantId(shopX.merchantLogin))
        .executeTakeFirstOrThrow();
      assert.equal((await limited.get(`/console/merchants/${y}/wallet-keys/${xKey.id}`)).status, 404);
      const form = hiddenFields(
        (await limited.get(`/console/merchants/${shopX.merchantLogin}/confirm?action=issueToken`)).html,
      );
      const forged = await limited.post(`/console/merchants/${y}/act`, form);
      assert.equal(forged.status, 404);
      const grant = await limited.change(shopX.merchantLogin, { action: 'revokeAccess', target: y });
      assert.match(
        (await limited.get(grant.location ?? '')).html,
        new RegExp(`merchant &quot;${y}&quot; does not exist`),
      );
      const child = await limited.change(shopX.merchantLogin, {
        action: 'createChild',
        login: `k${randomBytes(4).toString('hex')}`,
      });
      assert.match((await limited.get(child.location ?? '')).html, /cannot create merchants/);
      assert.equal((await gh.gatehouse.admin.show(y)).activeTokens, 0, 'no token was issued for Y');
    });

    test('no page showed a password hash, a private key, a callback key or a secret twice', async () => {
      const hashes = await gh.gatehouse.store.db.selectFrom('api_users').select('password_hash').execute();
      const all = pages.join('\n');
      assert.ok(pages.length > 40, `${pages.length} pages seen`);
      for (const { password_hash } of hashes) assert.ok(!all.includes(password_hash));
      assert.ok(!all.includes('scrypt$'), 'no password hash');
      assert.ok(!/PRIVATE KEY/.test(all), 'no private key');
      assert.ok(!all.includes(FIRST_CALLBACK_KEY), 'no callback key');
      assert.ok(made.length >= 4);
      for (const secret of made)
        assert.equal(pages.filter((html) => html.includes(secret)).length, 1, 'each secret on one page');
    });
  });
}
