import { CALLBACK_ADDRESS_PROBLEMS, type CallbackAddresses } from './callbacks/callback-addresses.js';
import { X509Certificate } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { feePlanText, parseFeePlan, type FeePlan } from '../domain/p2p/fee-plan.js';
import { currencyByNumeric } from '../domain/currencies.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages.js';
import { DEFAULT_SESSION_TIMEOUT_SECS } from '../domain/order-lifetime.js';
import { isPermission, PERMISSIONS } from '../domain/permissions.js';
import type { RandomSource } from '../domain/random-source.js';
import { hashPassword } from '../security/password-hash.js';
import type { SecretBox } from '../security/secret-box.js';
import { hashToken, newPassword, newToken } from '../security/token-hash.js';
import type { MerchantRepository, MerchantSettingsPatch } from '../store/merchant-repository.js';
import type { MerchantRow, NewMerchant } from '../store/schema.js';
import { isUniqueViolation } from '../store/unique-violation.js';

/** A mistake in an operator's command; the CLI prints the message and exits non-zero. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
}

export const API_USER_SUFFIX = '-api';
export const DEFAULT_RATE_LIMIT_PER_SECOND = 200;
export const DEFAULT_CONCURRENT_LIMIT = 50;
export const DEFAULT_CURRENCY = '978';
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.]{0,45}$/;
/** An API user's name: what `userName` may carry (the spec's 1 to 50 characters). */
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,49}$/;
const PASSWORD_MAX = 30;
const CERTIFICATE_KEY_BITS_MIN = 2048;

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

/** The only time a password or token exists in clear: printed once, then only hashes remain. */
export interface CreatedMerchant {
  readonly merchantLogin: string;
  readonly userName: string;
  readonly password: string;
  readonly token?: string;
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

/** An API user as an operator may see it: never its password hash. */
export interface ApiUserView {
  readonly userName: string;
  readonly createdAtMs: number;
}

/** A token as an operator may see it: its id and dates, never the token or its hash. */
export interface ApiTokenView {
  readonly id: string;
  readonly createdAtMs: number;
  readonly revokedAtMs: number | null;
}

function checkPositive(name: string, value: number | undefined, max: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > max)) {
    throw new AdminError(`${name} must be a whole number from 1 to ${max}`);
  }
}

/** The stored form of a fee plan given to `merchant set --p2p-fee`; `none` removes it. */
function feePlanColumn(text: string): string | null {
  if (text.trim() === 'none') return null;
  const plan = parseFeePlan(text);
  if (typeof plan === 'string') throw new AdminError(`--p2p-fee: ${plan}`);
  return JSON.stringify(plan);
}

function checkSettings(
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

/** What operators do to merchants: the `gatehouse merchant` commands and the sandbox bootstrap. */
export class MerchantAdmin {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly merchants: MerchantRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    /** Where a merchant's callbacks may be sent (GATEHOUSE_ENV, GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES). */
    private readonly callbackAddresses: CallbackAddresses,
  ) {}

  /** Called after every change, so caches in this process (verified credentials) are dropped at once. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  async create(input: CreateMerchantInput): Promise<CreatedMerchant> {
    if (!LOGIN.test(input.login)) {
      throw new AdminError(
        'the login must be 1 to 46 letters, digits, "_" or ".", starting with a letter or digit',
      );
    }
    checkSettings(input, this.callbackAddresses);
    const permissions = [...new Set(input.permissions ?? [])];
    const unknown = permissions.filter((permission) => !isPermission(permission));
    if (unknown.length > 0) {
      throw new AdminError(`unknown permission(s) ${unknown.join(', ')}; known: ${PERMISSIONS.join(', ')}`);
    }
    const parent =
      input.parentLogin === undefined ? undefined : await this.merchants.findByLogin(input.parentLogin);
    if (input.parentLogin !== undefined && parent === undefined) {
      throw new AdminError(`parent merchant "${input.parentLogin}" does not exist`);
    }
    const nowMs = this.clock.nowMs();
    const id = this.random.uuid();
    const password = input.password ?? newPassword();
    const token = input.token === true ? newToken() : undefined;
    const userName = `${input.login}${API_USER_SUFFIX}`;
    const row: NewMerchant = {
      id,
      login: input.login,
      parent_id: parent?.row.id ?? null,
      default_currency: input.currency ?? DEFAULT_CURRENCY,
      default_language: input.language ?? DEFAULT_LANGUAGE,
      session_timeout_secs: input.sessionTimeoutSecs ?? DEFAULT_SESSION_TIMEOUT_SECS,
      callback_url: input.callbackUrl ?? null,
      callback_key_sealed: input.callbackKey === undefined ? null : this.secrets.seal(input.callbackKey, id),
      require_signature: 0,
      rate_limit_per_second: input.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT_PER_SECOND,
      concurrent_limit: input.concurrentLimit ?? DEFAULT_CONCURRENT_LIMIT,
      allowed_mccs: '',
      created_at_ms: nowMs,
      ...(input.callbackSigning === undefined ? {} : { callback_signing: input.callbackSigning }),
      ...(input.callbackHttpMethod === undefined ? {} : { callback_http_method: input.callbackHttpMethod }),
      ...(input.p2pFee === undefined ? {} : { p2p_fee: feePlanColumn(input.p2pFee) }),
    };
    try {
      await this.merchants.createMerchant(
        row,
        {
          id: this.random.uuid(),
          merchant_id: id,
          user_name: userName,
          password_hash: await hashPassword(password),
          created_at_ms: nowMs,
        },
        permissions,
        token === undefined
          ? undefined
          : {
              id: this.random.uuid(),
              merchant_id: id,
              token_hash: hashToken(token),
              created_at_ms: nowMs,
              revoked_at_ms: null,
            },
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AdminError(`merchant "${input.login}" or user "${userName}" exists already`);
      throw error;
    }
    this.changed();
    return { merchantLogin: input.login, userName, password, ...(token === undefined ? {} : { token }) };
  }

  async issueToken(login: string): Promise<string> {
    return (await this.issueTokenWithId(login)).token;
  }

  /** A new token and the id it is listed (and revoked) by; the token exists in clear only here. */
  async issueTokenWithId(login: string): Promise<{ id: string; token: string }> {
    const merchant = await this.require(login);
    const token = newToken();
    const id = this.random.uuid();
    await this.merchants.addToken({
      id,
      merchant_id: merchant.id,
      token_hash: hashToken(token),
      created_at_ms: this.clock.nowMs(),
      revoked_at_ms: null,
    });
    this.changed();
    return { id, token };
  }

  /** Revokes one of the merchant's active tokens: requests carrying it are refused from now on. */
  async revokeToken(login: string, tokenId: string): Promise<void> {
    const merchant = await this.require(login);
    if (!(await this.merchants.revokeToken(merchant.id, tokenId, this.clock.nowMs())))
      throw new AdminError(`merchant "${login}" has no active token ${tokenId}`);
    this.changed();
  }

  async tokens(login: string): Promise<ApiTokenView[]> {
    const merchant = await this.require(login);
    return (await this.merchants.tokensOf(merchant.id)).map((row) => ({
      id: row.id,
      createdAtMs: row.created_at_ms,
      revokedAtMs: row.revoked_at_ms,
    }));
  }

  async users(login: string): Promise<ApiUserView[]> {
    const merchant = await this.require(login);
    return (await this.merchants.apiUsersOf(merchant.id)).map((row) => ({
      userName: row.user_name,
      createdAtMs: row.created_at_ms,
    }));
  }

  /** Another API user of the merchant, with a generated password returned to be shown once. */
  async addUser(login: string, userName: string): Promise<{ userName: string; password: string }> {
    const merchant = await this.require(login);
    if (!USER_NAME.test(userName))
      throw new AdminError(
        'the user name must be 1 to 50 letters, digits, "_", ".", "@" or "-", starting with a letter or digit',
      );
    const password = newPassword();
    try {
      await this.merchants.addApiUser({
        id: this.random.uuid(),
        merchant_id: merchant.id,
        user_name: userName,
        password_hash: await hashPassword(password),
        created_at_ms: this.clock.nowMs(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AdminError(`user "${userName}" exists already`);
      throw error;
    }
    this.changed();
    return { userName, password };
  }

  /**
   * A new generated password for one of the merchant's API users, returned to be shown once; the
   * old one stops working at once in this process (onChange) and within a second elsewhere.
   */
  async resetPassword(login: string, userName: string): Promise<string> {
    const merchant = await this.require(login);
    const user = await this.merchants.findApiUser(userName);
    if (user === undefined || user.merchant_id !== merchant.id)
      throw new AdminError(`merchant "${login}" has no user "${userName}"`);
    const password = newPassword();
    await this.merchants.setPassword(userName, await hashPassword(password));
    this.changed();
    return password;
  }

  /** How many permissions each merchant holds, by merchant id. */
  async permissionCounts(): Promise<Map<string, number>> {
    return this.merchants.permissionCounts();
  }

  async show(login: string): Promise<MerchantSummary> {
    const record = await this.merchants.findByLogin(login);
    if (record === undefined) throw new AdminError(`merchant "${login}" does not exist`);
    const { row } = record;
    const parent = row.parent_id === null ? undefined : await this.merchants.findById(row.parent_id);
    const certificates = await this.merchants.certificatesOf(row.id);
    return {
      login: row.login,
      parent: parent?.row.login ?? null,
      userNames: await this.merchants.usersOf(row.id),
      activeTokens: await this.merchants.countActiveTokens(row.id),
      permissions: record.permissions,
      actsFor: await this.merchants.accessTargets(row.id),
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
      certificates: certificates.map((c) => ({
        fingerprintSha256: c.fingerprint_sha256,
        subject: c.subject,
        validTo: c.valid_to,
      })),
    };
  }

  async list(): Promise<MerchantRow[]> {
    return this.merchants.list();
  }

  /** Grants permissions; `viewTransactionsOf` grants acting on behalf of that merchant. */
  async permit(login: string, permissions: readonly string[], viewTransactionsOf?: string): Promise<void> {
    const merchant = await this.require(login);
    const unknown = permissions.filter((permission) => !isPermission(permission));
    if (unknown.length > 0)
      throw new AdminError(`unknown permission(s) ${unknown.join(', ')}; known: ${PERMISSIONS.join(', ')}`);
    await this.merchants.addPermissions(merchant.id, permissions);
    if (viewTransactionsOf !== undefined)
      await this.merchants.grantAccess(merchant.id, (await this.require(viewTransactionsOf)).id);
    this.changed();
  }

  async revoke(login: string, permissions: readonly string[], viewTransactionsOf?: string): Promise<void> {
    const merchant = await this.require(login);
    await this.merchants.removePermissions(merchant.id, permissions);
    if (viewTransactionsOf !== undefined)
      await this.merchants.revokeAccess(merchant.id, (await this.require(viewTransactionsOf)).id);
    this.changed();
  }

  async set(login: string, input: MerchantSettingsInput): Promise<void> {
    const merchant = await this.require(login);
    checkSettings(input, this.callbackAddresses);
    const patch: MerchantSettingsPatch = {
      ...(input.requireSignature === undefined ? {} : { require_signature: input.requireSignature ? 1 : 0 }),
      ...(input.callbackUrl === undefined ? {} : { callback_url: input.callbackUrl }),
      ...(input.callbackKey === undefined
        ? {}
        : { callback_key_sealed: this.secrets.seal(input.callbackKey, merchant.id) }),
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
    if (input.requireSignature === true && (await this.merchants.certificatesOf(merchant.id)).length === 0) {
      throw new AdminError(
        'add a certificate first (gatehouse merchant cert add), or every request would be refused',
      );
    }
    await this.merchants.updateSettings(merchant.id, patch);
    if (input.password !== undefined) {
      await this.merchants.setPassword(`${login}${API_USER_SUFFIX}`, await hashPassword(input.password));
    }
    this.changed();
  }

  /** A certificate for request signing: X.509 PEM with an RSA key of at least 2048 bits. */
  async addCertificate(
    login: string,
    pem: string,
  ): Promise<{ fingerprintSha256: string; subject: string; validTo: string }> {
    const merchant = await this.require(login);
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new AdminError('the file is not a PEM X.509 certificate');
    }
    const key = certificate.publicKey;
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (key.asymmetricKeyType !== 'rsa' || bits < CERTIFICATE_KEY_BITS_MIN) {
      throw new AdminError(
        `the certificate must carry an RSA key of at least ${CERTIFICATE_KEY_BITS_MIN} bits`,
      );
    }
    const summary = {
      fingerprintSha256: certificate.fingerprint256,
      subject: certificate.subject.replace(/\n/g, ', '),
      validTo: certificate.validTo,
    };
    try {
      await this.merchants.addCertificate({
        id: this.random.uuid(),
        merchant_id: merchant.id,
        pem: certificate.toString(),
        fingerprint_sha256: summary.fingerprintSha256,
        subject: summary.subject,
        valid_to: summary.validTo,
        created_at_ms: this.clock.nowMs(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AdminError('this certificate is on file already');
      throw error;
    }
    this.changed();
    return summary;
  }

  private async require(login: string): Promise<MerchantRow> {
    const record = await this.merchants.findByLogin(login);
    if (record === undefined) throw new AdminError(`merchant "${login}" does not exist`);
    return record.row;
  }
}
