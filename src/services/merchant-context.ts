import type { Language } from '../i18n/languages.js';
import type { Permission } from '../domain/permissions.js';
import type { FeePlan } from '../domain/p2p/fee-plan.js';

/** A merchant as an operation sees it: settings and permissions, no secrets. */
export interface MerchantContext {
  readonly id: string;
  readonly login: string;
  readonly parentId: string | null;
  readonly defaultCurrency: string;
  readonly defaultLanguage: Language;
  readonly sessionTimeoutSecs: number;
  readonly requireSignature: boolean;
  /** P2P perform replies carry `statusResponse` (p2p-api.md: "only when enabled by support"); absent: off. */
  readonly p2pStatusResponse?: boolean;
  readonly rateLimitPerSecond: number;
  readonly concurrentLimit: number;
  readonly allowedMccs: ReadonlySet<number>;
  readonly permissions: ReadonlySet<Permission>;
  /** The P2P fee plan; undefined: transfers carry no fee. */
  readonly p2pFee?: FeePlan;
}
