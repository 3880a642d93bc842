import { formatExpiry, parseExpiry } from '../domain/card-rules.js';
import { Pan } from '../domain/pan.js';
import type { CardForCredit } from '../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../security/secret-box.js';

/** What is kept of a card money is still to be sent to (a credit's resend): never a CVC. */
interface SealedCard {
  readonly pan: string;
  readonly expiry?: string;
  readonly cardholderName?: string;
}

/** Seals a card under the master key, bound to `boundTo` (the step or order it belongs to). */
export function sealCard(box: SecretBox, card: CardForCredit, boundTo: string): string {
  const kept: SealedCard = {
    pan: card.pan.reveal(),
    ...(card.expiry === undefined ? {} : { expiry: formatExpiry(card.expiry) }),
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
  return box.seal(JSON.stringify(kept), boundTo);
}

/** The card `sealCard` kept, bound to the same `boundTo`. */
export function openCard(box: SecretBox, sealedText: string, boundTo: string): CardForCredit {
  const sealed = JSON.parse(box.open(sealedText, boundTo)) as SealedCard;
  const expiry = sealed.expiry === undefined ? undefined : parseExpiry(sealed.expiry);
  if (sealed.expiry !== undefined && expiry === undefined)
    throw new Error(`a sealed card bound to ${boundTo} kept a malformed expiry`);
  return {
    pan: new Pan(sealed.pan),
    ...(expiry === undefined ? {} : { expiry }),
    ...(sealed.cardholderName === undefined ? {} : { cardholderName: sealed.cardholderName }),
  };
}
