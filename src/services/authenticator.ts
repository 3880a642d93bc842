import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { Refusal } from '../domain/refusals.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../security/password-hash.js';
import { hashToken } from '../security/token-hash.js';
import type { MerchantRepository } from '../store/merchant-repository.js';
import type { MerchantContext } from './merchant-context.js';
import type { MerchantDirectory } from './merchant-directory.js';

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

export const AUTH_CACHE_TTL_MS = 5 * 60_000;
export const AUTH_CACHE_ENTRIES_MAX = 10_000;
export const AUTH_FAILURES_FREE = 5;
export const AUTH_LOCK_MS_BASE = 1_000;
export const AUTH_LOCK_MS_MAX = 15 * 60_000;
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;
const THROTTLED_USERS_MAX = 100_000;

interface Failures {
  count: number;
  lastMs: number;
  lockedUntilMs: number;
}

/**
 * Verifies `userName`+`password` or `token`. A verified password is remembered by a digest of the
 * credentials together with the stored hash, so a changed password never matches a stale entry and
 * a request pays the KDF only once per credential. Failures are counted per user name (known or
 * not, so the throttle reveals nothing) and lock the name for a doubling interval.
 */
export class Authenticator {
  private readonly verified = new Map<string, { passwordHash: string; expiresMs: number }>();
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly merchants: MerchantRepository,
    private readonly directory: MerchantDirectory,
    private readonly clock: Clock,
  ) {}

  async authenticate(credentials: Credentials): Promise<Authenticated> {
    const { userName, password, token } = credentials;
    const hasLogin = userName !== undefined || password !== undefined;
    if (hasLogin && token !== undefined) throw new Refusal('AUTH_AMBIGUOUS');
    if (token !== undefined) return this.byToken(token);
    if (userName === undefined || password === undefined) throw new Refusal('AUTH_REQUIRED');
    return this.byPassword(userName, password);
  }

  private async byToken(token: string): Promise<Authenticated> {
    if (token.length > TOKEN_MAX) throw new Refusal('AUTH_DENIED');
    const row = await this.merchants.findActiveToken(hashToken(token));
    const merchant = row === undefined ? undefined : await this.directory.byId(row.merchant_id);
    if (row === undefined || merchant === undefined) throw new Refusal('AUTH_DENIED');
    return { merchant, principal: `token:${row.id}` };
  }

  private async byPassword(userName: string, password: string): Promise<Authenticated> {
    const nowMs = this.clock.nowMs();
    this.refuseWhileLocked(userName, nowMs);
    const user =
      userName.length > USER_NAME_MAX || password.length > PASSWORD_MAX
        ? undefined
        : await this.merchants.findApiUser(userName);
    const cacheKey = createHash('sha256').update(userName).update('\0').update(password).digest('base64');
    const cached = this.verified.get(cacheKey);
    let valid: boolean;
    if (user !== undefined && cached !== undefined && cached.expiresMs > nowMs && cached.passwordHash === user.password_hash) {
      valid = true;
    } else {
      valid = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      valid = valid && user !== undefined;
      if (valid && user !== undefined) this.remember(cacheKey, user.password_hash, nowMs);
    }
    const merchant = valid && user !== undefined ? await this.directory.byId(user.merchant_id) : undefined;
    if (user === undefined || merchant === undefined) {
      this.recordFailure(userName, nowMs);
      throw new Refusal('AUTH_DENIED');
    }
    this.failures.delete(userName);
    return { merchant, principal: `user:${user.id}` };
  }

  private refuseWhileLocked(userName: string, nowMs: number): void {
    const entry = this.failures.get(userName);
    if (entry !== undefined && entry.lockedUntilMs > nowMs) {
      throw new Refusal('AUTH_THROTTLED', { seconds: Math.ceil((entry.lockedUntilMs - nowMs) / 1000) });
    }
  }

  private recordFailure(userName: string, nowMs: number): void {
    const previous = this.failures.get(userName);
    const count = previous !== undefined && nowMs - previous.lastMs < AUTH_FAILURE_WINDOW_MS ? previous.count + 1 : 1;
    const excess = count - AUTH_FAILURES_FREE;
    const lockMs = excess < 0 ? 0 : Math.min(AUTH_LOCK_MS_MAX, AUTH_LOCK_MS_BASE * 2 ** excess);
    if (this.failures.size >= THROTTLED_USERS_MAX) this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(userName, { count, lastMs: nowMs, lockedUntilMs: nowMs + lockMs });
  }

  private remember(cacheKey: string, passwordHash: string, nowMs: number): void {
    if (this.verified.size >= AUTH_CACHE_ENTRIES_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(cacheKey, { passwordHash, expiresMs: nowMs + AUTH_CACHE_TTL_MS });
  }
}
