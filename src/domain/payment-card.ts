import type { CardExpiry } from './card-rules.js';
import type { Pan } from './pan.js';

/** Card data for one authorization; the CVC lives only in memory for this call. */
export interface CardForAuthorization {
  readonly pan: Pan;
  readonly expiry: CardExpiry;
  readonly cvc?: string;
  readonly cardholderName?: string;
}

/** The 3-D Secure result the issuer is told about (ECI and authentication value). */
export interface AuthenticationResult {
  readonly eci: string;
  readonly authenticationValue?: string;
}

/** A card money is sent to: its expiry may be unknown (a transfer's toCard names only the number). */
export type CardForCredit = Omit<CardForAuthorization, 'expiry' | 'cvc'> & {
  readonly expiry?: CardForAuthorization['expiry'];
};
