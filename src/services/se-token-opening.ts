import type { KeyObject } from 'node:crypto';
import type { SeTokenContent } from '../domain/se-token-content.js';
import { openSeToken } from '../processing/se-token.js';

/**
 * Opens a seToken an operation received with the gateway's private key, read when needed (the
 * decryption is processing/se-token.ts's): the content, or undefined for anything not well formed.
 */
export async function openSeTokenWith(
  key: () => Promise<KeyObject>,
  token: string,
  nowMs: number,
): Promise<SeTokenContent | undefined> {
  return openSeToken(token, await key(), nowMs);
}
