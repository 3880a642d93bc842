import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SecretBox } from '../../src/security/secret-box.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const PAY = '/payment/rest/instantPayment.do';
const CARDS = ['4111111111111111', '5555555555554444', '4444555511113333'];

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

for (const engine of ENGINES) {
  describe(`${engine}: gatehouse vault rotate`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    // Key files in the data folder (no GATEHOUSE_MASTER_KEY), as `vault rotate` manages them.
    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_MASTER_KEY: '' } });
      auth = (await gh.createMerchant({ permissions: ['storedCredentials'], callbackKey: 'callback-secret' }))
        .auth;
    });
    after(() => gh.close());

    const cli = (...args: string[]) =>
      new Promise<CliResult>((resolve) => {
        const { GATEHOUSE_MASTER_KEY: _unused, ...inherited } = process.env;
        void _unused;
        execFile(
          process.execPath,
          [CLI, ...args],
          {
            env: {
              ...inherited,
              GATEHOUSE_DB: gh.database.url,
              GATEHOUSE_DATA_DIR: gh.database.dataDir,
              GATEHOUSE_LOG_LEVEL: 'silent',
            },
            encoding: 'utf8',
            timeout: 60_000,
          },
          (error, stdout, stderr) =>
            resolve({
              code: error === null ? 0 : typeof error.code === 'number' ? error.code : null,
              stdout,
              stderr,
            }),
        );
      });
    const keyIds = async () =>
      (await gh.gatehouse.store.db.selectFrom('bindings').select('pan_sealed').execute()).map(
        (row) => row.pan_sealed.split('.')[1],
      );
    const store = (pan: string, clientId: string) =>
      gh.post(PAY, {
        ...auth,
        amount: 700,
        pan,
        expiry: '203412',
        cvc: '123',
        clientId,
        returnUrl: 'https://shop.example/ok',
      });

    test('every binding is re-encrypted under a new key and stays usable by the running gateway', async () => {
      for (const [index, pan] of CARDS.entries())
        assert.equal((await store(pan, `client-${index}`)).body.errorCode, '0');
      const before = await keyIds();
      assert.equal(new Set(before).size, 1);

      const rotated = await cli('vault', 'rotate');
      assert.equal(rotated.code, 0, rotated.stdout + rotated.stderr);
      assert.match(rotated.stdout, /re-encrypted 3 bindings, 1 callback keys/);
      const after = await keyIds();
      assert.equal(new Set(after).size, 1);
      assert.notEqual(after[0], before[0], 'a new key seals every binding');
      const retired = readFileSync(join(gh.database.dataDir, 'master.key.retired'), 'utf8');
      assert.equal(retired.trim().split('\n').length, 1, 'the old key is kept');

      // The gateway started before the rotation pays with every binding, and finds them by card.
      for (const [index, pan] of CARDS.entries()) {
        const listed = await gh.post('/payment/rest/getBindings.do', {
          ...auth,
          clientId: `client-${index}`,
        });
        const bindings = listed.body.bindings as { bindingId: string }[];
        assert.equal(bindings.length, 1);
        const paid = await gh.post(PAY, {
          ...auth,
          amount: 300,
          bindingId: bindings[0]?.bindingId ?? '',
          clientId: `client-${index}`,
          tii: 'F',
          returnUrl: 'https://shop.example/ok',
        });
        assert.equal(paid.body.errorCode, '0', paid.text);
        assert.equal((paid.body.orderStatus as Record<string, unknown>).OrderStatus, 2);
        const byCard = await gh.post('/payment/rest/getBindingsByCardOrId.do', { ...auth, pan });
        assert.equal((byCard.body.bindings as unknown[]).length, 1, `found by the card ${index}`);
      }
    });

    test('an interrupted rotation is finished by the next run, without making another key', async () => {
      // Seal one binding back under the retired key, as a rotation stopped half way would leave it.
      const retiredKey = Buffer.from(
        readFileSync(join(gh.database.dataDir, 'master.key.retired'), 'utf8').trim().split('\n')[0] ?? '',
        'base64',
      );
      const current = Buffer.from(
        readFileSync(join(gh.database.dataDir, 'master.key'), 'utf8').trim(),
        'base64',
      );
      const oldBox = new SecretBox(retiredKey);
      const currentBox = new SecretBox({ current, retired: [retiredKey] });
      const row = await gh.gatehouse.store.db.selectFrom('bindings').selectAll().executeTakeFirstOrThrow();
      const pan = currentBox.open(row.pan_sealed, row.id);
      await gh.gatehouse.store.db
        .updateTable('bindings')
        .set({ pan_sealed: oldBox.seal(pan, row.id), pan_hash: oldBox.hash(pan) })
        .where('id', '=', row.id)
        .execute();
      assert.equal(new Set(await keyIds()).size, 2);

      const status = await cli('vault', 'status', '--json');
      assert.equal(status.code, 0, status.stderr);
      const usage = (JSON.parse(status.stdout) as { usage: Record<string, { bindings: number }> }).usage;
      assert.equal(usage[oldBox.keyId]?.bindings, 1);

      const resumed = await cli('vault', 'rotate');
      assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
      assert.match(resumed.stdout, /finishing the rotation/);
      assert.match(resumed.stdout, /re-encrypted 1 bindings/);
      assert.deepEqual([...new Set(await keyIds())], [currentBox.keyId]);
      const stillCurrent = Buffer.from(
        readFileSync(join(gh.database.dataDir, 'master.key'), 'utf8').trim(),
        'base64',
      );
      assert.ok(stillCurrent.equals(current), 'no new key while finishing');
    });
  });
}
