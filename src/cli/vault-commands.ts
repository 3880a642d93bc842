import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { loadMasterKey, rotateMasterKeyFile } from '../config/master-key.js';
import { SecretBox } from '../security/secret-box.js';
import { VaultRotation } from '../services/vault/vault-rotation.js';
import { migrateToLatest, openStore } from '../store-engine/index.js';

async function withRotation<T>(box: SecretBox, action: (rotation: VaultRotation) => Promise<T>): Promise<T> {
  const store = openStore(loadConfig().database);
  try {
    await migrateToLatest(store);
    return await action(new VaultRotation(store.db, box));
  } finally {
    await store.close();
  }
}

/**
 * `gatehouse vault status|rotate`. Rotation makes a new master key (the old one is kept as retired,
 * so everything still opens), then re-encrypts every sealed value under it; if values under an
 * older key remain (an interrupted rotation), it finishes that first instead of making a new key.
 */
export function addVaultCommands(program: Command): void {
  const vault = program
    .command('vault')
    .description('the card vault: which keys seal what, and key rotation');

  vault
    .command('status')
    .description('how many sealed values each master key holds')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const keys = loadMasterKey(loadConfig());
      const box = new SecretBox(keys);
      const usage = await withRotation(box, (rotation) => rotation.usage());
      if (options.json === true) {
        console.log(JSON.stringify({ currentKeyId: box.keyId, usage }, null, 2));
        return;
      }
      console.log(`current key ${box.keyId} (${keys.source}), ${keys.retired.length} retired`);
      for (const [keyId, counts] of Object.entries(usage)) {
        const mark = keyId === box.keyId ? ' (current)' : '';
        console.log(
          `${keyId}${mark}: ${counts.bindings} bindings, ${counts.callbackKeys} callback keys, ${counts.threeDsCards} 3-D Secure cards, ${counts.creditCards} instant-refund cards, ${counts.walletKeys} wallet keys, ${counts.walletSandboxes} sandbox wallet vendors, ${counts.appChallengeSessions} app challenge sessions, ${counts.operatorTotpSecrets} operator TOTP secrets`,
        );
      }
    });

  vault
    .command('rotate')
    .description(
      'make a new master key and re-encrypt every sealed value under it (resumes an interrupted rotation)',
    )
    .action(async () => {
      const config = loadConfig();
      let keys = loadMasterKey(config);
      let box = new SecretBox(keys);
      const pending = await withRotation(box, async (rotation) =>
        Object.entries(await rotation.usage()).some(([keyId]) => keyId !== box.keyId),
      );
      if (pending) {
        console.log(`values under older keys remain: finishing the rotation to key ${box.keyId}`);
      } else if (keys.source === 'environment') {
        console.log(
          'the master key comes from GATEHOUSE_MASTER_KEY: set a new key there, move the old one to GATEHOUSE_RETIRED_MASTER_KEYS, restart, then run this again',
        );
        return;
      } else {
        keys = rotateMasterKeyFile(config);
        box = new SecretBox(keys);
        console.log(`new master key ${box.keyId}; the previous key is kept in the retired keys`);
      }
      const counts = await withRotation(box, (rotation) => rotation.reencrypt());
      const left = await withRotation(box, async (rotation) =>
        Object.keys(await rotation.usage()).filter((keyId) => keyId !== box.keyId),
      );
      console.log(
        `re-encrypted ${counts.bindings} bindings, ${counts.callbackKeys} callback keys, ${counts.threeDsCards} 3-D Secure cards, ${counts.creditCards} instant-refund cards, ${counts.walletKeys} wallet keys, ${counts.walletSandboxes} sandbox wallet vendors, ${counts.appChallengeSessions} app challenge sessions, ${counts.operatorTotpSecrets} operator TOTP secrets`,
      );
      if (left.length > 0) {
        console.log(
          `values under ${left.join(', ')} remain (written meanwhile by a running gateway): run rotate again`,
        );
        process.exitCode = 1;
      } else {
        console.log(
          `every sealed value is under key ${box.keyId}; restart running gateways so they seal with it`,
        );
      }
    });
}
