import type { CallbackAddresses } from './callbacks/callback-addresses.js';
import type { Clock } from '../domain/clock.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { DEFAULT_SESSION_TIMEOUT_SECS } from '../domain/order-lifetime.js';
import { isPermission, PERMISSIONS } from '../domain/permissions.js';
import type { RandomSource } from '../domain/random-source.js';
import { hashPassword } from '../security/password-hash.js';
import type { SecretBox } from '../security/secret-box.js';
import { hashToken, newPassword, newToken } from '../security/token-hash.js';
import type { MerchantRepository } from '../store/merchant-repository.js';
import type { MerchantRow, NewMerchant } from '../store/schema.js';
import { isUniqueViolation } from '../store-engine/index.js';
import { AdminError } from './admin-error.js';
import { API_USER_SUFFIX, MerchantCredentials } from './merchant-credentials.js';
import { signingCertificate, type CertificateSummary } from './merchant-certificates.js';
import {
  checkSettings,
  DEFAULT_CONCURRENT_LIMIT,
  DEFAULT_CURRENCY,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  feePlanColumn,
  merchantSummary,
  settingsPatch,
  type CreateMerchantInput,
  type MerchantSettingsInput,
  type MerchantSummary,
} from './merchant-settings.js';

// Where AdminError was declared before it had a module of its own; services/money-steps/ still
// imports it from here.
export { AdminError };

const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.]{0,45}$/;

/** The only time a password or token exists in clear: printed once, then only hashes remain. */
export interface CreatedMerchant {
  readonly merchantLogin: string;
  readonly userName: string;
  readonly password: string;
  readonly token?: string;
}

/**
 * What operators do to merchants: the `gatehouse merchant` commands and the sandbox bootstrap. A
 * merchant's settings are checked and stored by merchant-settings.ts, its API users and tokens are
 * `credentials`, its request-signing certificates are checked by merchant-certificates.ts.
 */
export class MerchantAdmin {
  private readonly listeners: (() => void)[] = [];
  /** The merchants' API users, passwords and tokens. */
  readonly credentials: MerchantCredentials;

  constructor(
    private readonly merchants: MerchantRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    /** Where a merchant's callbacks may be sent (GATEHOUSE_ENV, GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES). */
    private readonly callbackAddresses: CallbackAddresses,
  ) {
    this.credentials = new MerchantCredentials(merchants, clock, random, {
      require: (login) => this.require(login),
      changed: () => this.changed(),
    });
  }

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
    return merchantSummary(row, {
      parent: parent?.row.login ?? null,
      userNames: await this.merchants.usersOf(row.id),
      activeTokens: await this.merchants.countActiveTokens(row.id),
      permissions: record.permissions,
      actsFor: await this.merchants.accessTargets(row.id),
      certificates,
    });
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
    const patch = settingsPatch(input, (key) => this.secrets.seal(key, merchant.id));
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
  async addCertificate(login: string, pem: string): Promise<CertificateSummary> {
    const merchant = await this.require(login);
    const certificate = signingCertificate(pem);
    try {
      await this.merchants.addCertificate({
        id: this.random.uuid(),
        merchant_id: merchant.id,
        pem: certificate.pem,
        fingerprint_sha256: certificate.summary.fingerprintSha256,
        subject: certificate.summary.subject,
        valid_to: certificate.summary.validTo,
        created_at_ms: this.clock.nowMs(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AdminError('this certificate is on file already');
      throw error;
    }
    this.changed();
    return certificate.summary;
  }

  private async require(login: string): Promise<MerchantRow> {
    const record = await this.merchants.findByLogin(login);
    if (record === undefined) throw new AdminError(`merchant "${login}" does not exist`);
    return record.row;
  }
}
