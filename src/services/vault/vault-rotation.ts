import { sql, type Kysely } from 'kysely';
import type { SecretBox } from '../../security/secret-box.js';
import type { Database } from '../../store/schema.js';

const BATCH = 200;

export interface RotationCounts {
  readonly bindings: number;
  readonly callbackKeys: number;
  readonly threeDsCards: number;
  readonly creditCards: number;
  readonly walletKeys: number;
  readonly walletSandboxes: number;
  readonly appChallengeSessions: number;
  readonly operatorTotpSecrets: number;
}

/** How many sealed values each key holds, per kind: what `gatehouse vault status` prints. */
export type KeyUsage = Record<string, RotationCounts>;

/**
 * Re-encrypts every sealed value under the box's current key: binding PANs (with their keyed
 * hashes), merchants' callback keys, the cards of 3-D Secure transactions and of instant
 * refunds under way, merchants' wallet private keys, the sandbox vendors' keys and the sandbox ACS's
 * app challenge session keys. Each row changes by a guarded update on the value that was read, so the job
 * can run beside a live gateway, stop at any point, and be started again to finish.
 */
export class VaultRotation {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async reencrypt(): Promise<RotationCounts> {
    return {
      bindings: await this.reseal(SEALED_KINDS.bindings),
      callbackKeys: await this.reseal(SEALED_KINDS.callbackKeys),
      threeDsCards: await this.reseal(SEALED_KINDS.threeDsCards),
      creditCards: await this.reseal(SEALED_KINDS.creditCards),
      walletKeys: await this.reseal(SEALED_KINDS.walletKeys),
      walletSandboxes: await this.reseal(SEALED_KINDS.walletSandboxes),
      appChallengeSessions: await this.reseal(SEALED_KINDS.appChallengeSessions),
      operatorTotpSecrets: await this.reseal(SEALED_KINDS.operatorTotpSecrets),
    };
  }

  async usage(): Promise<KeyUsage> {
    const usage: Record<string, Record<keyof RotationCounts, number>> = {};
    for (const [name, kind] of Object.entries(SEALED_KINDS) as [keyof RotationCounts, SealedKind][]) {
      const { rows } = await sql<{ sealed: string }>`
        select ${sql.ref(kind.column)} as sealed from ${sql.table(kind.table)}
        where ${sql.ref(kind.column)} is not null`.execute(this.db);
      for (const row of rows) {
        const keyId = row.sealed.split('.')[1] ?? '?';
        usage[keyId] ??= {
          bindings: 0,
          callbackKeys: 0,
          threeDsCards: 0,
          creditCards: 0,
          walletKeys: 0,
          walletSandboxes: 0,
          appChallengeSessions: 0,
          operatorTotpSecrets: 0,
        };
        usage[keyId][name] += 1;
      }
    }
    return usage;
  }

  /** One kind of sealed value: re-encrypted in batches until none is left under an older key. */
  private async reseal(kind: SealedKind): Promise<number> {
    let done = 0;
    for (;;) {
      const { rows } = await sql<{ id: string; sealed: string }>`
        select id, ${sql.ref(kind.column)} as sealed from ${sql.table(kind.table)}
        where ${sql.ref(kind.column)} is not null and ${sql.ref(kind.column)} not like ${`v1.${this.box.keyId}.%`}
        order by id limit ${BATCH}`.execute(this.db);
      let progressed = 0;
      for (const row of rows) {
        const plain = this.box.open(row.sealed, row.id);
        const hash =
          kind.hashColumn === undefined
            ? sql``
            : sql`, ${sql.ref(kind.hashColumn)} = ${this.box.hash(plain)}`;
        const result = await sql`
          update ${sql.table(kind.table)} set ${sql.ref(kind.column)} = ${this.box.seal(plain, row.id)}${hash}
          where id = ${row.id} and ${sql.ref(kind.column)} = ${row.sealed}`.execute(this.db);
        if (result.numAffectedRows === 1n) progressed += 1;
      }
      done += progressed;
      // A pass that changed nothing means others keep writing under an old key: stop, run again later.
      if (rows.length < BATCH || progressed === 0) return done;
    }
  }
}

interface SealedKind {
  readonly table:
    | 'bindings'
    | 'merchants'
    | 'threeds_transactions'
    | 'pending_credit_cards'
    | 'wallet_keys'
    | 'wallet_sandbox_authorities'
    | 'acs_transactions'
    | 'operators';
  readonly column: string;
  /** The keyed hash stored beside the value, recomputed under the new key. */
  readonly hashColumn?: string;
}

const SEALED_KINDS = {
  bindings: { table: 'bindings', column: 'pan_sealed', hashColumn: 'pan_hash' },
  callbackKeys: { table: 'merchants', column: 'callback_key_sealed' },
  threeDsCards: { table: 'threeds_transactions', column: 'card_sealed' },
  creditCards: { table: 'pending_credit_cards', column: 'card_sealed' },
  walletKeys: { table: 'wallet_keys', column: 'private_key_sealed' },
  walletSandboxes: { table: 'wallet_sandbox_authorities', column: 'material_sealed' },
  appChallengeSessions: { table: 'acs_transactions', column: 'session_sealed' },
  operatorTotpSecrets: { table: 'operators', column: 'totp_sealed' },
} as const satisfies Record<keyof RotationCounts, SealedKind>;
