import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages.js';
import { isPermission, type Permission } from '../domain/permissions.js';
import { Refusal } from '../domain/refusals.js';
import type { FeePlan } from '../domain/p2p/fee-plan.js';
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
    p2pStatusResponse: row.p2p_status_response === 1,
    rateLimitPerSecond: row.rate_limit_per_second,
    concurrentLimit: row.concurrent_limit,
    allowedMccs: new Set(
      row.allowed_mccs
        .split(',')
        .filter((code) => code !== '')
        .map(Number),
    ),
    permissions: new Set(record.permissions.filter(isPermission) satisfies Permission[]),
    ...(row.p2p_fee === null ? {} : { p2pFee: JSON.parse(row.p2p_fee) as FeePlan }),
  };
}

/** Looks merchants up for the request path, and decides who may act for whom. */
export class MerchantDirectory {
  constructor(private readonly merchants: MerchantRepository) {}

  async byId(id: string): Promise<MerchantContext | undefined> {
    const record = await this.merchants.findById(id);
    return record === undefined ? undefined : toMerchantContext(record);
  }

  /** Every merchant's id and login, by login (the console's filters). */
  async all(): Promise<{ id: string; login: string }[]> {
    const rows = await this.merchants.list();
    return rows.map((row) => ({ id: row.id, login: row.login }));
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

  /**
   * The merchants a report covers: those named (each one the caller may act for, or the report is
   * refused), or with none named the caller and every merchant it may see. A merchant that requires
   * signed requests is reported only to a caller that requires them too: named, it is refused as
   * acting for it would be; unnamed, it is left out.
   */
  async reportScope(
    caller: MerchantContext,
    logins: readonly string[] | undefined,
  ): Promise<ReportMerchant[]> {
    if (logins === undefined || logins.length === 0) {
      const visible = await this.merchants.visibleFrom(caller.id);
      return [
        caller,
        ...visible
          .map((row) => ({ id: row.id, login: row.login, requireSignature: row.require_signature === 1 }))
          .filter((merchant) => caller.requireSignature || !merchant.requireSignature),
      ];
    }
    const scope = new Map<string, ReportMerchant>();
    for (const login of logins) {
      const merchant = await this.actingFor(caller, login);
      if (merchant.requireSignature && !caller.requireSignature) throw new Refusal('SIGNATURE_REQUIRED');
      scope.set(merchant.id, merchant);
    }
    return [...scope.values()];
  }
}

/** What a report needs of a merchant it covers. */
export type ReportMerchant = Pick<MerchantContext, 'id' | 'login' | 'requireSignature'>;
