import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps use it: SHA-1, six digits, 30 s steps. */
const PERIOD_S = 30;
/** One step either side: a phone clock a little off still logs in. */
const WINDOW = 1;

export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  readonly secret: string;
  /** otpauth:// URI, for a QR code. */
  readonly uri: string;
}

function totpOf(secret: string, label = 'operator'): TOTP {
  return new TOTP({
    issuer: 'Gatehouse',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotp(label: string): TotpEnrolment {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/** The time step `code` is valid for at `nowMs`, or undefined when it is not a valid code. */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD_S, timestamp: nowMs }) + delta;
}

/** The code an app shows at `nowMs` (what tests type in). */
export function totpCode(secret: string, nowMs: number): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}
