import type { Clock } from '../domain/clock.js';
import {
  createSandboxDirectory,
  type SandboxDirectory,
} from '../processing/threeds/app-channel/sandbox-directory.js';
import type { SecretBox } from '../security/secret-box.js';
import { openedIdentity, storedIdentity, type StoredIdentity } from './stored-identity.js';
import type { WalletRepository } from '../store/wallet-repository.js';

/** The sandbox authorities' table keeps the directory under this id, beside wallets a and b. */
const DIRECTORY_ID = 'ds';

/**
 * The sandbox directory server's keys: made on first use and kept in the database with the
 * sandbox wallet vendors, sealed under the master key, so every node and the CLI share one;
 * `gatehouse wallet sandbox remove` forgets it with them (GATEHOUSE_ENV=production).
 */
export class SandboxDirectoryKeys {
  constructor(
    private readonly authorities: WalletRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async directory(): Promise<SandboxDirectory> {
    const kept = await this.authorities.sandboxAuthority(DIRECTORY_ID);
    if (kept !== undefined) {
      const material = JSON.parse(this.box.open(kept.material_sealed, DIRECTORY_ID)) as {
        dsId: string;
      } & Record<'root' | 'deviceDataKey' | 'acsSigner', StoredIdentity>;
      return {
        dsId: material.dsId,
        root: openedIdentity(material.root),
        deviceDataKey: openedIdentity(material.deviceDataKey),
        acsSigner: openedIdentity(material.acsSigner),
      };
    }
    const made = createSandboxDirectory(this.clock.nowMs());
    const material = JSON.stringify({
      dsId: made.dsId,
      root: storedIdentity(made.root),
      deviceDataKey: storedIdentity(made.deviceDataKey),
      acsSigner: storedIdentity(made.acsSigner),
    });
    const mine = await this.authorities.insertSandboxAuthority({
      id: DIRECTORY_ID,
      material_sealed: this.box.seal(material, DIRECTORY_ID),
      created_at_ms: this.clock.nowMs(),
    });
    // Another process may have made one first: theirs is the one.
    return mine ? made : this.directory();
  }
}
