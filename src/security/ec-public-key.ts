import { createPublicKey } from 'node:crypto';

/**
 * Whether x and y (Base64url) are a point of P-256: the shape of a JWK says nothing about it, and
 * a point off the curve fails only where the key is first used, deep inside an authentication.
 */
export function isP256Point(x: string, y: string): boolean {
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
