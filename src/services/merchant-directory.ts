import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages.js';
import { isPermission, type Permission } from '../domain/permissions.js';
import { Refusal } from '../domain/refusals.js';
import type { MerchantRecord, MerchantRepository } from '../store/merchant-repository.js';
import type { MerchantContext } from './merchant-context.js';

export function toMerchantContext(record: MerchantRecord): MerchantContext {
  const { row } = record;
  return {
    id: row.id,
    login: row.login,
    parentId: row.parent_id,
    defaultCurrency: row.default_currency,
    defaultLanguage: isLanguage(row.default_language) ? row.default_language : DEFAULT_LANGUAGE,
    sessionTimeoutSecs: row.session_timeout_secs,
    requireSignature: row.require_signature === 1,
    rateLimitPerSecond: row.rate_limit_per_second,
    concurrentLimit: row.concurrent_limit,
    allowedMccs: new Set(
      row.allowed_mccs
        .split(',')
        .filter((code) => code !== '')
        .map(Number),
    ),
    permissions: new Set(record.permissions.filter(isPermission) satisfies Permission[]),
  };
}

/** Looks merchants up for the request path, and decides who may act for whom. */
export class MerchantDirectory {
  constructor(private readonly merchants: MerchantRepository) {}

  async byId(id: string): Promise<MerchantContext | undefined> {
    const record = await this.merchants.findById(id);
    return record === undefined ? undefined : toMerchantContext(record);
  }

  async byLogin(login: string): Promise<MerchantContext | undefined> {
    const record = await this.merchants.findByLogin(login);
    return record === undefined ? undefined : toMerchantContext(record);
  }

  /**
   * `merchantLogin` / `merchant`: the caller itself, its child merchant, or a merchant whose
   * transactions it was granted to see (merchant-api.md, What the service does, 6).
   */
  async actingFor(caller: MerchantContext, login: string | undefined): Promise<MerchantContext> {
    if (login === undefined || login === caller.login) return caller;
    const record = await this.merchants.findByLogin(login);
    if (record === undefined) throw new Refusal('ON_BEHALF_DENIED', { merchant: login });
    const target = toMerchantContext(record);
    if (target.parentId === caller.id || (await this.merchants.hasAccess(caller.id, target.id)))
      return target;
    throw new Refusal('ON_BEHALF_DENIED', { merchant: login });
  }
}
