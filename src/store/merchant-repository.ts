import type { Kysely } from 'kysely';
import { preparedQuery } from '../store-engine/index.js';
import type {
  ApiTokenRow,
  ApiUserRow,
  Database,
  MerchantCertificateRow,
  MerchantRow,
  NewMerchant,
} from './schema.js';

export interface MerchantRecord {
  readonly row: MerchantRow;
  readonly permissions: readonly string[];
}

export type MerchantSettingsPatch = Partial<
  Pick<
    MerchantRow,
    | 'p2p_fee'
    | 'p2p_status_response'
    | 'default_currency'
    | 'default_language'
    | 'session_timeout_secs'
    | 'callback_url'
    | 'callback_key_sealed'
    | 'require_signature'
    | 'rate_limit_per_second'
    | 'concurrent_limit'
    | 'allowed_mccs'
    | 'callback_signing'
    | 'callback_http_method'
  >
>;

/** Merchants with their users, tokens, permissions, grants and certificates. */
export class MerchantRepository {
  // Every signed request reads them, and they change only when an operator adds or removes one.
  private readonly certificatesOfMerchant = preparedQuery(
    (db, p: { merchantId: string }) =>
      db
        .selectFrom('merchant_certificates')
        .selectAll()
        .where('merchant_id', '=', p.merchantId)
        .orderBy('created_at_ms'),
    { cachedOn: 'merchant_certificates' },
  );

  constructor(private readonly db: Kysely<Database>) {}

  async createMerchant(
    merchant: NewMerchant,
    user: ApiUserRow,
    permissions: readonly string[],
    token: ApiTokenRow | undefined,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('merchants').values(merchant).execute();
      await trx.insertInto('api_users').values(user).execute();
      if (permissions.length > 0) {
        await trx
          .insertInto('merchant_permissions')
          .values(permissions.map((permission) => ({ merchant_id: merchant.id, permission })))
          .execute();
      }
      if (token !== undefined) await trx.insertInto('api_tokens').values(token).execute();
    });
  }

  async countMerchants(): Promise<number> {
    const row = await this.db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findByLogin(login: string): Promise<MerchantRecord | undefined> {
    const row = await this.db
      .selectFrom('merchants')
      .selectAll()
      .where('login', '=', login)
      .executeTakeFirst();
    return row === undefined ? undefined : { row, permissions: await this.permissionsOf(row.id) };
  }

  async findById(id: string): Promise<MerchantRecord | undefined> {
    const row = await this.db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : { row, permissions: await this.permissionsOf(row.id) };
  }

  async list(): Promise<MerchantRow[]> {
    return this.db.selectFrom('merchants').selectAll().orderBy('login').execute();
  }

  /** How many permissions each merchant holds, by merchant id (merchants with none are absent). */
  async permissionCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('merchant_permissions')
      .select((eb) => ['merchant_id', eb.fn.countAll<number | string>().as('count')])
      .groupBy('merchant_id')
      .execute();
    return new Map(rows.map((row) => [row.merchant_id, Number(row.count)]));
  }

  async permissionsOf(merchantId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('merchant_permissions')
      .select('permission')
      .where('merchant_id', '=', merchantId)
      .orderBy('permission')
      .execute();
    return rows.map((row) => row.permission);
  }

  async addPermissions(merchantId: string, permissions: readonly string[]): Promise<void> {
    if (permissions.length === 0) return;
    await this.db
      .insertInto('merchant_permissions')
      .values(permissions.map((permission) => ({ merchant_id: merchantId, permission })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removePermissions(merchantId: string, permissions: readonly string[]): Promise<void> {
    if (permissions.length === 0) return;
    await this.db
      .deleteFrom('merchant_permissions')
      .where('merchant_id', '=', merchantId)
      .where('permission', 'in', permissions)
      .execute();
  }

  async updateSettings(merchantId: string, patch: MerchantSettingsPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('merchants').set(patch).where('id', '=', merchantId).execute();
  }

  async grantAccess(merchantId: string, targetMerchantId: string): Promise<void> {
    await this.db
      .insertInto('merchant_access')
      .values({ merchant_id: merchantId, target_merchant_id: targetMerchantId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async revokeAccess(merchantId: string, targetMerchantId: string): Promise<void> {
    await this.db
      .deleteFrom('merchant_access')
      .where('merchant_id', '=', merchantId)
      .where('target_merchant_id', '=', targetMerchantId)
      .execute();
  }

  async accessTargets(merchantId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('merchant_access')
      .innerJoin('merchants', 'merchants.id', 'merchant_access.target_merchant_id')
      .select('merchants.login')
      .where('merchant_access.merchant_id', '=', merchantId)
      .orderBy('merchants.login')
      .execute();
    return rows.map((row) => row.login);
  }

  async hasAccess(merchantId: string, targetMerchantId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('merchant_access')
      .select('merchant_id')
      .where('merchant_id', '=', merchantId)
      .where('target_merchant_id', '=', targetMerchantId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The merchants `merchantId` may see besides itself: its children and those it was granted. */
  async visibleFrom(merchantId: string): Promise<MerchantRow[]> {
    return this.db
      .selectFrom('merchants')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('parent_id', '=', merchantId),
          eb(
            'id',
            'in',
            eb
              .selectFrom('merchant_access')
              .select('target_merchant_id')
              .where('merchant_id', '=', merchantId),
          ),
        ]),
      )
      .where('id', '!=', merchantId)
      .orderBy('login')
      .execute();
  }

  async findApiUser(userName: string): Promise<ApiUserRow | undefined> {
    return this.db.selectFrom('api_users').selectAll().where('user_name', '=', userName).executeTakeFirst();
  }

  async usersOf(merchantId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('api_users')
      .select('user_name')
      .where('merchant_id', '=', merchantId)
      .orderBy('user_name')
      .execute();
    return rows.map((row) => row.user_name);
  }

  /** A merchant's API users without their password hashes. */
  async apiUsersOf(merchantId: string): Promise<Pick<ApiUserRow, 'id' | 'user_name' | 'created_at_ms'>[]> {
    return this.db
      .selectFrom('api_users')
      .select(['id', 'user_name', 'created_at_ms'])
      .where('merchant_id', '=', merchantId)
      .orderBy('user_name')
      .execute();
  }

  async addApiUser(user: ApiUserRow): Promise<void> {
    await this.db.insertInto('api_users').values(user).execute();
  }

  async setPassword(userName: string, passwordHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_users')
      .set({ password_hash: passwordHash })
      .where('user_name', '=', userName)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async findActiveToken(tokenHash: string): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at_ms', 'is', null)
      .executeTakeFirst();
  }

  async addToken(token: ApiTokenRow): Promise<void> {
    await this.db.insertInto('api_tokens').values(token).execute();
  }

  /** A merchant's tokens without their hashes, newest first. */
  async tokensOf(merchantId: string): Promise<Omit<ApiTokenRow, 'token_hash' | 'merchant_id'>[]> {
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'created_at_ms', 'revoked_at_ms'])
      .where('merchant_id', '=', merchantId)
      .orderBy('created_at_ms', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Revokes one of the merchant's tokens; false when it has no such token still active. */
  async revokeToken(merchantId: string, tokenId: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at_ms: nowMs })
      .where('id', '=', tokenId)
      .where('merchant_id', '=', merchantId)
      .where('revoked_at_ms', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async countActiveTokens(merchantId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('merchant_id', '=', merchantId)
      .where('revoked_at_ms', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async addCertificate(certificate: MerchantCertificateRow): Promise<void> {
    await this.db.insertInto('merchant_certificates').values(certificate).execute();
  }

  /** On every signed request's path, so compiled once. */
  async certificatesOf(merchantId: string): Promise<MerchantCertificateRow[]> {
    return (await this.certificatesOfMerchant(this.db, { merchantId })).rows;
  }
}
