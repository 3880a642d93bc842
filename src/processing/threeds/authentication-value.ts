import { createHmac } from 'node:crypto';
import type { CardNetwork } from '../../domain/card-rules.js';

/** ECI by network and result (protocols.md §1.9): Mastercard has its own scale. */
const ECI = {
  M: { Y: '02', A: '01', failed: '00' },
  other: { Y: '05', A: '06', failed: '07' },
} as const;

export function eciFor(network: CardNetwork, result: 'Y' | 'A' | 'failed'): string {
  return ECI[network === 'M' ? 'M' : 'other'][result];
}

/**
 * The authentication value (CAVV / AAV): 20 bytes in standard Base64, 28 characters. The schemes'
 * internal layouts are not public (protocols.md §5); the sandbox ACS derives the bytes from its
 * own key and the transaction, so the same transaction always carries the same value.
 */
export function authenticationValue(acsKey: Buffer, acsTransID: string, transStatus: string): string {
  return createHmac('sha256', acsKey)
    .update(`${acsTransID}:${transStatus}`)
    .digest()
    .subarray(0, 20)
    .toString('base64');
}
