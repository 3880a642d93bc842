import { CALLBACK_ADDRESS_PROBLEMS, type CallbackAddresses } from './callbacks/callback-addresses.js';
import { currencyByNumeric } from '../domain/currencies.js';
import { feePlanText, parseFeePlan, type FeePlan } from '../domain/p2p/fee-plan.js';
import { isLanguage } from '../i18n/languages.js';
import type { MerchantSettingsPatch } from '../store/merchant-repository.js';
import type { MerchantCertificateRow, MerchantRow } from '../store/schema.js';
import { AdminError } from './admin-error.js';

export const DEFAULT_RATE_LIMIT_PER_SECOND = 200;
export const DEFAULT_CONCURRENT_LIMIT = 50;
export const DEFAULT_CURRENCY = '978';
const PASSWORD_MAX = 30;

export const CALLBACK_SIGNINGS = ['hmac', 'rsa'] as const;
export const CALLBACK_HTTP_METHODS = ['POST', 'GET'] as const;

export interface CreateMerchantInput {
  readonly login: string;
  readonly callbackSigning?: (typeof CALLBACK_SIGNINGS)[number];
  readonly callbackHttpMethod?: (typeof CALLBACK_HTTP_METHODS)[number];
  readonly password?: string;
  readonly token?: boolean;
  readonly parentLogin?: string;
  readonly permissions?: readonly string[];
  readonly callbackUrl?: string;
  readonly callbackKey?: string;
  readonly currency?: string;
  readonly language?: string;
  readonly sessionTimeoutSecs?: number;
  readonly rateLimitPerSecond?: number;
  readonly concurrentLimit?: number;
  /** The P2P fee plan, as `merchant set --p2p-fee` takes it. */
  readonly p2pFee?: string;
}

export interface MerchantSettingsInput {
  readonly requireSignature?: boolean;
  readonly callbackSigning?: (typeof CALLBACK_SIGNINGS)[number];
  readonly callbackHttpMethod?: (typeof CALLBACK_HTTP_METHODS)[number];
  readonly callbackUrl?: string;
  readonly callbackKey?: string;
  readonly currency?: string;
  readonly language?: string;
  readonly sessionTimeoutSecs?: number;
  readonly rateLimitPerSecond?: number;
  readonly concurrentLimit?: number;
  readonly allowedMccs?: readonly number[];
  readonly password?: string;
  /** `percent=1.5,fixed=30,min=50,max=5000`, or `none` to remove the plan. */
  readonly p2pFee?: string;
  /** P2P perform replies carry `statusResponse` (p2p-api.md: "only when enabled by support"). */
  readonly p2pStatusResponse?: boolean;
}

export interface MerchantSummary {
  readonly login: string;
  readonly parent: string | null;
  readonly userNames: readonly string[];
  readonly activeTokens: number;
  readonly permissions: readonly string[];
  readonly actsFor: readonly string[];
  readonly defaultCurrency: string;
  readonly defaultLanguage: string;
  readonly sessionTimeoutSecs: number;
  readonly callbackUrl: string | null;
  readonly callbackKeySet: boolean;
  readonly callbackSigning: string;
  readonly callbackHttpMethod: string;
  readonly requireSignature: boolean;
  readonly p2pStatusResponse: boolean;
  readonly rateLimitPerSecond: number;
  readonly concurrentLimit: number;
  readonly allowedMccs: readonly number[];
  /** The P2P fee plan as `--p2p-fee` takes it; null: no fee. */
  readonly p2pFee: string | null;
  readonly certificates: readonly { fingerprintSha256: string; subject: string; validTo: string }[];
}

/** What a summary shows beside the merchant's own row, each read from its own table. */
export interface MerchantRelations {
  readonly parent: string | null;
  readonly userNames: readonly string[];
  readonly activeTokens: number;
  readonly permissions: readonly string[];
  readonly actsFor: readonly string[];
  readonly certificates: readonly MerchantCertificateRow[];
}

function checkPositive(name: string, value: number | undefined, max: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > max)) {
    throw new AdminError(`${name} must be a whole number from 1 to ${max}`);
  }
}

/** The stored form of a fee plan given to `merchant set --p2p-fee`; `none` removes it. */
export function feePlanColumn(text: string): string | null {
  if (text.trim() === 'none') return null;
  const plan = parseFeePlan(text);
  if (typeof plan === 'string') throw new AdminError(`--p2p-fee: ${plan}`);
  return JSON.stringify(plan);
}

export function checkSettings(
  input: MerchantSettingsInput | CreateMerchantInput,
  addresses: CallbackAddresses,
): void {
  if (input.currency !== undefined && currencyByNumeric(input.currency) === undefined) {
    throw new AdminError(`unknown ISO 4217 numeric currency "${input.currency}"`);
  }
  if (input.language !== undefined && !isLanguage(input.language)) {
    throw new AdminError(`language "${input.language}" is not in the spec's list`);
  }
  if (input.password !== undefined && (input.password.length < 1 || input.password.length > PASSWORD_MAX)) {
    throw new AdminError(`the password must be 1 to ${PASSWORD_MAX} characters (the API's limit)`);
  }
  if (input.callbackUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(input.callbackUrl);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new AdminError('the callback URL must be a full http:// or https:// address');
    }
    const problem = addresses.problemOf(input.callbackUrl);
    if (problem !== undefined)
      throw new AdminError(
        `${CALLBACK_ADDRESS_PROBLEMS[problem]} (GATEHOUSE_ENV=production or GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES=false)`,
      );
  }
  checkPositive('the session timeout', input.sessionTimeoutSecs, 999_999_999);
  checkPositive('the rate limit', input.rateLimitPerSecond, 1_000_000);
  checkPositive('the concurrency limit', input.concurrentLimit, 100_000);
}

/**
 * The columns `merchant set` changes, from the settings given (checked by checkSettings); the
 * callback key is sealed to the merchant by `sealCallbackKey`. The password is not a column.
 */
export function settingsPatch(
  input: MerchantSettingsInput,
  sealCallbackKey: (key: string) => string,
): MerchantSettingsPatch {
  return {
    ...(input.requireSignature === undefined ? {} : { require_signature: input.requireSignature ? 1 : 0 }),
    ...(input.callbackUrl === undefined ? {} : { callback_url: input.callbackUrl }),
    ...(input.callbackKey === undefined ? {} : { callback_key_sealed: sealCallbackKey(input.callbackKey) }),
    ...(input.currency === undefined ? {} : { default_currency: input.currency }),
    ...(input.language === undefined ? {} : { default_language: input.language }),
    ...(input.sessionTimeoutSecs === undefined ? {} : { session_timeout_secs: input.sessionTimeoutSecs }),
    ...(input.rateLimitPerSecond === undefined ? {} : { rate_limit_per_second: input.rateLimitPerSecond }),
    ...(input.concurrentLimit === undefined ? {} : { concurrent_limit: input.concurrentLimit }),
    ...(input.allowedMccs === undefined ? {} : { allowed_mccs: input.allowedMccs.join(',') }),
    ...(input.callbackSigning === undefined ? {} : { callback_signing: input.callbackSigning }),
    ...(input.callbackHttpMethod === undefined ? {} : { callback_http_method: input.callbackHttpMethod }),
    ...(input.p2pFee === undefined ? {} : { p2p_fee: feePlanColumn(input.p2pFee) }),
    ...(input.p2pStatusResponse === undefined
      ? {}
      : { p2p_status_response: input.p2pStatusResponse ? 1 : 0 }),
  };
}

/** A merchant as `merchant show` and the console print it: its settings, never a secret. */
export function merchantSummary(row: MerchantRow, related: MerchantRelations): MerchantSummary {
  return {
    login: row.login,
    parent: related.parent,
    userNames: related.userNames,
    activeTokens: related.activeTokens,
    permissions: related.permissions,
    actsFor: related.actsFor,
    defaultCurrency: row.default_currency,
    defaultLanguage: row.default_language,
    sessionTimeoutSecs: row.session_timeout_secs,
    callbackUrl: row.callback_url,
    callbackKeySet: row.callback_key_sealed !== null,
    callbackSigning: row.callback_signing,
    callbackHttpMethod: row.callback_http_method,
    requireSignature: row.require_signature === 1,
    p2pStatusResponse: row.p2p_status_response === 1,
    rateLimitPerSecond: row.rate_limit_per_second,
    concurrentLimit: row.concurrent_limit,
    allowedMccs: row.allowed_mccs
      .split(',')
      .filter((code) => code !== '')
      .map(Number),
    p2pFee: row.p2p_fee === null ? null : feePlanText(JSON.parse(row.p2p_fee) as FeePlan),
    certificates: related.certificates.map((c) => ({
      fingerprintSha256: c.fingerprint_sha256,
      subject: c.subject,
      validTo: c.valid_to,
    })),
  };
}
