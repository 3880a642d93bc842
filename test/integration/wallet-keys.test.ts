import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { AdminError } from '../../src/services/admin-error.js';
import { VaultRotation } from '../../src/services/vault/vault-rotation.js';
import { WalletAdmin } from '../../src/services/wallets/wallet-admin.js';
import { WalletTrust } from '../../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../../src/store/merchant-repository.js';
import { WalletRepository } from '../../src/store/wallet-repository.js';
import { createEcCertificate } from '../support/certificates.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

function p256Pem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

function rootKeysJson(protocolVersion = 'ECv2', keyExpiration?: string): string {
  const keyValue = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');
  return JSON.stringify({
    keys: [{ keyValue, protocolVersion, ...(keyExpiration === undefined ? {} : { keyExpiration }) }],
  });
}

for (const engine of ENGINES) {
  describe(`${engine}: wallet keys and trust anchors (issue 10, part 1)`, () => {
    let gh: TestGatehouse;
    let admin: WalletAdmin;
    let trust: WalletTrust;
    let login: string;

    before(async () => {
      gh = await startTestGatehouse(engine);
      const wallets = new WalletRepository(gh.gatehouse.store.db);
      const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
      admin = new WalletAdmin(
        new MerchantRepository(gh.gatehouse.store.db),
        wallets,
        box,
        gh.clock,
        cryptoRandom,
      );
      trust = new WalletTrust(wallets, gh.clock, cryptoRandom);
      login = (await gh.createMerchant()).merchantLogin;
    });
    after(() => gh.close());

    test('a wallet a key with its certificate: sealed at rest, named by the hash of its public key', async () => {
      const { privateKeyPem, certificatePem } = createEcCertificate('merchant.shop.example', { ca: false });
      const key = await admin.importKey(login, 'a', { privateKeyPem, certificatePem });
      assert.match(key.publicKeyHash ?? '', /^[A-Za-z0-9+/]{43}=$/);
      assert.match(key.certificateSubject ?? '', /merchant\.shop\.example/);
      const row = await gh.gatehouse.store.db
        .selectFrom('wallet_keys')
        .selectAll()
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      assert.ok(!row.private_key_sealed.includes('PRIVATE KEY'), 'the private key is never in clear');
      assert.ok(!privateKeyPem.includes(row.private_key_sealed.slice(-40)));
      const shown = JSON.stringify(await admin.show(login));
      assert.ok(!shown.includes('PRIVATE KEY') && !shown.includes(row.private_key_sealed));
    });

    test('a certificate imported later attaches to the key it certifies, and to no other', async () => {
      const { privateKeyPem, certificatePem } = createEcCertificate('later.shop.example', { ca: false });
      const key = await admin.importKey(login, 'a', { privateKeyPem });
      assert.equal(key.publicKeyHash, null);
      const attached = await admin.importCertificate(login, certificatePem);
      assert.equal(attached.id, key.id);
      assert.match(attached.publicKeyHash ?? '', /=$/);
      const stranger = createEcCertificate('stranger.example', { ca: false }).certificatePem;
      await assert.rejects(admin.importCertificate(login, stranger), AdminError);
      const other = createEcCertificate('other.example', { ca: false }).certificatePem;
      await assert.rejects(
        admin.importKey(login, 'a', { privateKeyPem: p256Pem(), certificatePem: other }),
        /not for this private key/,
      );
    });

    test('wallet b keys carry their recipient id; other curves and bad ids are refused', async () => {
      const key = await admin.importKey(login, 'b', {
        privateKeyPem: p256Pem(),
        recipientId: 'merchant:12345',
      });
      assert.equal(key.recipientId, 'merchant:12345');
      await assert.rejects(admin.importKey(login, 'b', { privateKeyPem: p256Pem() }), /recipient-id/);
      await assert.rejects(
        admin.importKey(login, 'b', { privateKeyPem: p256Pem(), recipientId: 'shop 1' }),
        /recipient-id/,
      );
      const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      await assert.rejects(
        admin.importKey(login, 'b', { privateKeyPem: rsa, recipientId: 'merchant:1' }),
        /P-256/,
      );
      await assert.rejects(
        admin.importKey('no-such-merchant', 'b', { privateKeyPem: p256Pem() }),
        /does not exist/,
      );
    });

    test('wallet keys follow vault rotation', async () => {
      const usage = await new VaultRotation(
        gh.gatehouse.store.db,
        new SecretBox(loadMasterKey(gh.gatehouse.config)),
      ).usage();
      const counted = Object.values(usage).reduce((sum, counts) => sum + counts.walletKeys, 0);
      const stored = await gh.gatehouse.store.db.selectFrom('wallet_keys').select('id').execute();
      assert.equal(counted, stored.length);
      assert.ok(counted >= 3);
    });

    test('trust anchors: root CAs and root keys are added once; non-CAs and malformed keys are refused', async () => {
      const root = createEcCertificate('Test Wallet Root CA').certificatePem;
      assert.deepEqual(await trust.addRootCa(root), { added: 1, alreadyTrusted: 0 });
      assert.deepEqual(await trust.addRootCa(root), { added: 0, alreadyTrusted: 1 });
      await assert.rejects(
        trust.addRootCa(createEcCertificate('leaf', { ca: false }).certificatePem),
        /not a CA/,
      );
      assert.deepEqual(await trust.addRootKeys(rootKeysJson('ECv2', '2154841200000')), {
        added: 1,
        alreadyTrusted: 0,
      });
      await assert.rejects(trust.addRootKeys(rootKeysJson('ECv3')), /protocolVersion/);
      // Issue 25: the vendor's library requires an expiry of every root key but ECv1's.
      await assert.rejects(trust.addRootKeys(rootKeysJson('ECv2')), /keyExpiration .*required for ECv2/);
      assert.equal((await trust.addRootKeys(rootKeysJson('ECv1'))).added, 1);
      await assert.rejects(
        trust.addRootKeys('{"keys":[{"keyValue":"AAAA","protocolVersion":"ECv1"}]}'),
        /P-256/,
      );
      await assert.rejects(trust.addRootKeys('not json'), /not JSON/);
      const operators = (await trust.anchorsOf('b')).filter((anchor) => anchor.sandbox === 0);
      assert.deepEqual(operators.map((anchor) => anchor.key_expiration_ms).sort(), [2154841200000, null]);
      const walletA = await trust.anchorsOf('a');
      assert.equal(walletA.filter((anchor) => anchor.sandbox === 0).length, 1);
      assert.equal(
        walletA.filter((anchor) => anchor.sandbox === 1).length,
        1,
        "the sandbox vendor's root, made at start",
      );
    });
  });
}
