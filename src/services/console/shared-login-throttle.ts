import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { GroupCommit } from '../../store-engine/index.js';
import { LoginFailureRepository } from '../../store/login-failure-repository.js';
import {
  AUTH_FAILURE_WINDOW_MS,
  AUTH_FAILURES_FREE,
  AUTH_LOCK_MS_MAX,
  lockMsAfter,
} from '../login-throttle.js';

/**
 * Failures from one address before it is locked: more than an email's, because the operators of
 * one office may share an address, yet few enough that trying many emails from it soon stops.
 */
export const ADDRESS_FAILURES_FREE = 20;

/** What a console login attempt is counted against. */
export interface LoginAttempt {
  readonly email: string;
  readonly address: string;
}

/**
 * The console's lock-out, by the rule of the API's (login-throttle.ts), counted both per email
 * and per address, and kept in the database: every node sees every node's failures, so a password
 * guesser gains nothing from a load balancer spreading their tries, or from a restart.
 */
export class SharedLoginThrottle {
  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly writes: GroupCommit,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  /** Seconds the attempt's email or address stays locked (the longer), or undefined. */
  async lockedFor(attempt: LoginAttempt): Promise<number | undefined> {
    const nowMs = this.clock.nowMs();
    let untilMs = 0;
    for (const [name, free] of names(attempt)) {
      const { count, lastMs } = await this.failures.since(name, nowMs - AUTH_FAILURE_WINDOW_MS);
      if (count > 0) untilMs = Math.max(untilMs, lastMs + lockMsAfter(count, free));
    }
    return untilMs > nowMs ? Math.ceil((untilMs - nowMs) / 1000) : undefined;
  }

  async failed(attempt: LoginAttempt): Promise<void> {
    const nowMs = this.clock.nowMs();
    const rows = names(attempt).map(([name]) => ({ id: this.random.uuid(), name, at_ms: nowMs }));
    // Older than both the window and the longest lock, a failure counts for nothing any more.
    const staleBeforeMs = nowMs - Math.max(AUTH_FAILURE_WINDOW_MS, AUTH_LOCK_MS_MAX);
    await this.writes.run((db) => LoginFailureRepository.record(db, rows, staleBeforeMs));
  }

  /**
   * A good login forgets its email's failures; not its address's, or one valid account would let
   * its holder go on guessing others' passwords from the same address.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const [email] = names(attempt);
    if (email !== undefined) await this.writes.run((db) => LoginFailureRepository.clear(db, email[0]));
  }
}

function names(attempt: LoginAttempt): [string, number][] {
  return [
    [`email:${attempt.email.slice(0, 256)}`, AUTH_FAILURES_FREE],
    [`address:${attempt.address.slice(0, 64)}`, ADDRESS_FAILURES_FREE],
  ];
}
