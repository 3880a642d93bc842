import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import { hashPassword } from '../security/password-hash.js';
import { hashToken, newPassword, newToken } from '../security/token-hash.js';
import type { MerchantRepository } from '../store/merchant-repository.js';
import type { MerchantRow } from '../store/schema.js';
import { isUniqueViolation } from '../store-engine/index.js';
import { AdminError } from './admin-error.js';

/** The API user a merchant is created with is its login and this. */
export const API_USER_SUFFIX = '-api';
/** An API user's name: what `userName` may carry (the spec's 1 to 50 characters). */
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,49}$/;

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

/** What the credentials borrow from MerchantAdmin, so both refuse an unknown login and drop caches alike. */
export interface MerchantLookup {
  /** The merchant of a login, or an AdminError. */
  require(login: string): Promise<MerchantRow>;
  /** Tells the process's caches (verified credentials) that something changed. */
  changed(): void;
}

/**
 * How a merchant's API calls authenticate: its API users and their passwords, and its tokens. A
 * password or token exists in clear only in the answer that made it, to be shown once.
 */
export class MerchantCredentials {
  constructor(
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly lookup: MerchantLookup,
  ) {}

  async issueToken(login: string): Promise<string> {
    return (await this.issueTokenWithId(login)).token;
  }

  /** A new token and the id it is listed (and revoked) by; the token exists in clear only here. */
  async issueTokenWithId(login: string): Promise<{ id: string; token: string }> {
    const merchant = await this.lookup.require(login);
    const token = newToken();
    const id = this.random.uuid();
    await this.merchants.addToken({
      id,
      merchant_id: merchant.id,
      token_hash: hashToken(token),
      created_at_ms: this.clock.nowMs(),
      revoked_at_ms: null,
    });
    this.lookup.changed();
    return { id, token };
  }

  /** Revokes one of the merchant's active tokens: requests carrying it are refused from now on. */
  async revokeToken(login: string, tokenId: string): Promise<void> {
    const merchant = await this.lookup.require(login);
    if (!(await this.merchants.revokeToken(merchant.id, tokenId, this.clock.nowMs())))
      throw new AdminError(`merchant "${login}" has no active token ${tokenId}`);
    this.lookup.changed();
  }

  async tokens(login: string): Promise<ApiTokenView[]> {
    const merchant = await this.lookup.require(login);
    return (await this.merchants.tokensOf(merchant.id)).map((row) => ({
      id: row.id,
      createdAtMs: row.created_at_ms,
      revokedAtMs: row.revoked_at_ms,
    }));
  }

  async users(login: string): Promise<ApiUserView[]> {
    const merchant = await this.lookup.require(login);
    return (await this.merchants.apiUsersOf(merchant.id)).map((row) => ({
      userName: row.user_name,
      createdAtMs: row.created_at_ms,
    }));
  }

  /** Another API user of the merchant, with a generated password returned to be shown once. */
  async addUser(login: string, userName: string): Promise<{ userName: string; password: string }> {
    const merchant = await this.lookup.require(login);
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
    this.lookup.changed();
    return { userName, password };
  }

  /**
   * A new generated password for one of the merchant's API users, returned to be shown once; the
   * old one stops working at once in this process (onChange) and within a second elsewhere.
   */
  async resetPassword(login: string, userName: string): Promise<string> {
    const merchant = await this.lookup.require(login);
    const user = await this.merchants.findApiUser(userName);
    if (user === undefined || user.merchant_id !== merchant.id)
      throw new AdminError(`merchant "${login}" has no user "${userName}"`);
    const password = newPassword();
    await this.merchants.setPassword(userName, await hashPassword(password));
    this.lookup.changed();
    return password;
  }
}
