import { hash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { Refusal } from '../domain/refusals.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../security/password-hash.js';
import { hashToken } from '../security/token-hash.js';
import type { MerchantRepository } from '../store/merchant-repository.js';
import type { MerchantContext } from './merchant-context.js';
import type { MerchantDirectory } from './merchant-directory.js';
import { LoginThrottle } from './login-throttle.js';

export interface Credentials {
  readonly userName?: string;
  readonly password?: string;
  readonly token?: string;
}

export interface Authenticated {
  readonly merchant: MerchantContext;
  /** What limits are counted against: the API user, or the token. */
  readonly principal: string;
}

/** Limits of the Authentication section: userName [1..50], password [1..30], token [1..256]. */
const USER_NAME_MAX = 50;
const PASSWORD_MAX = 30;
const TOKEN_MAX = 256;
/** `merchant` of the wallet operations: String [1..255]. */
const MERCHANT_LOGIN_MAX = 255;

export const AUTH_CACHE_TTL_MS = 5 * 60_000;
/** How long a cached principal is trusted without reading its user and merchant rows again. */
export const AUTH_FRESH_MS = 1_000;
export const AUTH_CACHE_ENTRIES_MAX = 10_000;
export {
  AUTH_FAILURES_FREE,
  AUTH_FAILURE_WINDOW_MS,
  AUTH_LOCK_MS_BASE,
  AUTH_LOCK_MS_MAX,
} from './login-throttle.js';

interface Verified {
  /** The stored hash the credential was verified against (empty for tokens). */
  readonly passwordHash: string;
  readonly merchantId: string;
  readonly principal: string;
  merchant: MerchantContext;
  checkedMs: number;
  readonly expiresMs: number;
}

/**
 * Verifies `userName`+`password` or `token`. A verified credential is remembered under a digest of
 * it: for AUTH_FRESH_MS it is trusted as is (no query), after that its user row and merchant are
 * read again and it stays valid only while the stored hash is the one it was verified against, so
 * a changed password or revoked token takes effect within a second, and a request pays the KDF
 * once per credential. Failures are counted per user name (known or not, so the throttle reveals
 * nothing) and lock the name for a doubling interval.
 */
export class Authenticator {
  private readonly verified = new Map<string, Verified>();
  private readonly failures = new LoginThrottle();
  /** Re-reads under way, by cache key: concurrent requests of one principal share one. */
  private readonly rereading = new Map<string, Promise<Authenticated>>();

  constructor(
    private readonly merchants: MerchantRepository,
    private readonly directory: MerchantDirectory,
    private readonly clock: Clock,
  ) {}

  /** Drops every cached verification: called when an operator changes merchants in this process. */
  forgetVerified(): void {
    this.verified.clear();
  }

  async authenticate(credentials: Credentials): Promise<Authenticated> {
    const { userName, password, token } = credentials;
    const hasLogin = userName !== undefined || password !== undefined;
    if (hasLogin && token !== undefined) throw new Refusal('AUTH_AMBIGUOUS');
    if (token !== undefined) return this.byToken(token);
    if (userName === undefined || password === undefined) throw new Refusal('AUTH_REQUIRED');
    return this.byPassword(userName, password);
  }

  /**
   * A shop named by its login, without a secret: the wallet operations whose payload proves the
   * payment (only the named merchant's wallet key decrypts the token, and the wallet's signature
   * chain verifies it). The merchant's row is read again after AUTH_FRESH_MS, like a credential's.
   */
  async identify(login: string | undefined): Promise<Authenticated> {
    if (login === undefined) throw new Refusal('PARAM_MISSING', { param: 'merchant' });
    const nowMs = this.clock.nowMs();
    const cacheKey = `m:${login}`;
    const cached = this.fresh(cacheKey, nowMs);
    if (cached !== undefined) return cached;
    return this.once(cacheKey, () => this.identifyAgain(login, cacheKey, nowMs));
  }

  private async identifyAgain(login: string, cacheKey: string, nowMs: number): Promise<Authenticated> {
    const merchant = login.length > MERCHANT_LOGIN_MAX ? undefined : await this.directory.byLogin(login);
    if (merchant === undefined) {
      this.verified.delete(cacheKey);
      throw new Refusal('AUTH_DENIED');
    }
    return this.remember(
      cacheKey,
      { passwordHash: '', merchantId: merchant.id, principal: `merchant:${merchant.id}`, merchant },
      nowMs,
    );
  }

  /**
   * When a principal's fresh window ends under load, every request in flight would read its rows
   * again at once; the first one reads, the others wait for its answer.
   */
  private once(cacheKey: string, read: () => Promise<Authenticated>): Promise<Authenticated> {
    const running = this.rereading.get(cacheKey);
    if (running !== undefined) return running;
    const started = read().finally(() => this.rereading.delete(cacheKey));
    this.rereading.set(cacheKey, started);
    return started;
  }

  private fresh(cacheKey: string, nowMs: number): Verified | undefined {
    const entry = this.verified.get(cacheKey);
    return entry !== undefined && nowMs - entry.checkedMs < AUTH_FRESH_MS && entry.expiresMs > nowMs
      ? entry
      : undefined;
  }

  private async byToken(token: string): Promise<Authenticated> {
    if (token.length > TOKEN_MAX) throw new Refusal('AUTH_DENIED');
    const nowMs = this.clock.nowMs();
    const tokenHash = hashToken(token);
    const cacheKey = `t:${tokenHash}`;
    const cached = this.fresh(cacheKey, nowMs);
    if (cached !== undefined) return cached;
    return this.once(cacheKey, () => this.tokenAgain(tokenHash, cacheKey, nowMs));
  }

  private async tokenAgain(tokenHash: string, cacheKey: string, nowMs: number): Promise<Authenticated> {
    const row = await this.merchants.findActiveToken(tokenHash);
    const merchant = row === undefined ? undefined : await this.directory.byId(row.merchant_id);
    if (row === undefined || merchant === undefined) {
      this.verified.delete(cacheKey);
      throw new Refusal('AUTH_DENIED');
    }
    return this.remember(
      cacheKey,
      { passwordHash: '', merchantId: merchant.id, principal: `token:${row.id}`, merchant },
      nowMs,
    );
  }

  private async byPassword(userName: string, password: string): Promise<Authenticated> {
    const nowMs = this.clock.nowMs();
    this.refuseWhileLocked(userName, nowMs);
    // The one-shot hash: a third of createHash's cost, on every request
    // (docs/history/performance-journal.md, change 12).
    const cacheKey = `u:${hash('sha256', `${userName}\0${password}`, 'base64')}`;
    const cached = this.fresh(cacheKey, nowMs);
    if (cached !== undefined) {
      this.failures.succeeded(userName);
      return cached;
    }
    return this.once(cacheKey, () => this.passwordAgain(userName, password, cacheKey, nowMs));
  }

  private async passwordAgain(
    userName: string,
    password: string,
    cacheKey: string,
    nowMs: number,
  ): Promise<Authenticated> {
    const user =
      userName.length > USER_NAME_MAX || password.length > PASSWORD_MAX
        ? undefined
        : await this.merchants.findApiUser(userName);
    const previous = this.verified.get(cacheKey);
    const valid =
      user !== undefined &&
      previous !== undefined &&
      previous.expiresMs > nowMs &&
      previous.passwordHash === user.password_hash
        ? true
        : (await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH)) && user !== undefined;
    const merchant = valid && user !== undefined ? await this.directory.byId(user.merchant_id) : undefined;
    if (user === undefined || merchant === undefined) {
      this.verified.delete(cacheKey);
      this.failures.failed(userName, nowMs);
      throw new Refusal('AUTH_DENIED');
    }
    this.failures.succeeded(userName);
    return this.remember(
      cacheKey,
      { passwordHash: user.password_hash, merchantId: merchant.id, principal: `user:${user.id}`, merchant },
      nowMs,
      // Keep the KDF-free window of the earlier verification, never extend it past its end.
      previous !== undefined && previous.passwordHash === user.password_hash && previous.expiresMs > nowMs
        ? previous.expiresMs
        : undefined,
    );
  }

  private refuseWhileLocked(userName: string, nowMs: number): void {
    const seconds = this.failures.lockedFor(userName, nowMs);
    if (seconds !== undefined) throw new Refusal('AUTH_THROTTLED', { seconds });
  }

  private remember(
    cacheKey: string,
    entry: Omit<Verified, 'checkedMs' | 'expiresMs'>,
    nowMs: number,
    expiresMs = nowMs + AUTH_CACHE_TTL_MS,
  ): Verified {
    if (!this.verified.has(cacheKey) && this.verified.size >= AUTH_CACHE_ENTRIES_MAX) {
      this.verified.delete(this.verified.keys().next().value as string);
    }
    const verified: Verified = { ...entry, checkedMs: nowMs, expiresMs };
    this.verified.set(cacheKey, verified);
    return verified;
  }
}
