import type { Clock } from '../../domain/clock.js';
import { isOperatorRole } from '../../domain/operator-roles.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../security/password-hash.js';
import type { SecretBox } from '../../security/secret-box.js';
import { hashToken, newToken } from '../../security/token-hash.js';
import type { GroupCommit } from '../../store-engine/index.js';
import { OperatorRepository } from '../../store/operator-repository.js';
import type { Operator } from './operator.js';
import { OPERATOR_PASSWORD_MAX } from './operator-accounts.js';
import type { SharedLoginThrottle } from './shared-login-throttle.js';
import { totpStep } from './totp.js';

export interface SessionLimits {
  /** A session unused this long ends. */
  readonly idleMs: number;
  /** A session ends this long after login, however busy. */
  readonly absoluteMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

/** Why a login was refused: the page says so, never which of email or password was wrong. */
export type LoginRefusal =
  | { readonly reason: 'denied' }
  | { readonly reason: 'throttled'; readonly seconds: number }
  | { readonly reason: 'codeRequired' };

export type LoginResult = { readonly token: string } | LoginRefusal;

const EMAIL_MAX = 255;

/**
 * Console logins: password (scrypt, like every secret), then the TOTP code when the second factor
 * is on; the API's lock-out rule per email and per address, shared by every node; sessions kept
 * only as a digest of their token, ended by idleness, by age, by logout, or when the operator is
 * disabled or gets a new password.
 */
export class OperatorSessions {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly throttle: SharedLoginThrottle,
    private readonly writes: GroupCommit,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  ) {}

  /** `address`: where the attempt came from (the connection's peer), counted like the email. */
  async login(
    emailGiven: string,
    password: string,
    code: string | undefined,
    address: string,
  ): Promise<LoginResult> {
    const email = emailGiven.trim().toLowerCase();
    const attempt = { email, address };
    const nowMs = this.clock.nowMs();
    const seconds = await this.throttle.lockedFor(attempt);
    if (seconds !== undefined) return { reason: 'throttled', seconds };
    const operator =
      email.length > EMAIL_MAX || password.length > OPERATOR_PASSWORD_MAX
        ? undefined
        : await this.operators.byEmail(email);
    // The KDF runs for unknown emails too, so the time taken does not tell them apart.
    const valid = await verifyPassword(password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (operator === undefined || !valid || operator.disabled === 1) {
      await this.throttle.failed(attempt);
      return { reason: 'denied' };
    }
    if (operator.totp_sealed !== null) {
      if (code === undefined || code === '') return { reason: 'codeRequired' };
      const step = totpStep(this.box.open(operator.totp_sealed, operator.id), code.trim(), nowMs);
      const taken =
        step !== undefined &&
        (await this.writes.run((db) => OperatorRepository.takeTotpStep(db, operator.id, step)));
      if (!taken) {
        await this.throttle.failed(attempt);
        return { reason: 'denied' };
      }
    }
    await this.throttle.succeeded(attempt);
    const token = newToken();
    await this.writes.run((db) =>
      OperatorRepository.insertSession(db, {
        id: hashToken(token),
        operator_id: operator.id,
        created_at_ms: nowMs,
        last_seen_ms: nowMs,
      }),
    );
    return { token };
  }

  /** The operator of a live session, its idle deadline moved on; undefined when it has ended. */
  async resume(token: string): Promise<Operator | undefined> {
    const id = hashToken(token);
    const session = await this.operators.session(id);
    if (session === undefined) return undefined;
    const nowMs = this.clock.nowMs();
    const operator = await this.operators.byId(session.operator_id);
    const expired =
      nowMs - session.last_seen_ms >= this.limits.idleMs ||
      nowMs - session.created_at_ms >= this.limits.absoluteMs;
    if (operator === undefined || operator.disabled === 1 || expired || !isOperatorRole(operator.role)) {
      await this.writes.run((db) => OperatorRepository.endSession(db, id));
      return undefined;
    }
    // One write a minute at most: a page's every request need not touch the row.
    if (nowMs - session.last_seen_ms >= 60_000)
      await this.writes.run((db) => OperatorRepository.touchSession(db, id, nowMs));
    return {
      id: operator.id,
      email: operator.email,
      role: operator.role,
      ...(operator.merchantIds.length === 0 ? {} : { merchantIds: new Set(operator.merchantIds) }),
      sessionId: id,
    };
  }

  async logout(token: string): Promise<void> {
    await this.writes.run((db) => OperatorRepository.endSession(db, hashToken(token)));
  }
}
