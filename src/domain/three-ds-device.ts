import type { JsonWebKey } from 'node:crypto';

/*
 * What a merchant forwards about the customer's device for 3-D Secure: the browser's data, or the
 * app's 3DS SDK parameters. The API reads them, the 3DS Server puts them into the AReq.
 */

/** The SDK's AuthenticationRequestParameters as the merchant forwards them (protocols-jose.md §7.2). */
export interface AppDevice {
  readonly sdkAppID: string;
  readonly sdkEncData: string;
  readonly sdkEphemPubKey: EphemeralKeyJwk;
  readonly sdkReferenceNumber: string;
  readonly sdkTransID: string;
}

export interface BrowserData {
  readonly acceptHeader: string;
  readonly ip?: string;
  readonly javaEnabled?: boolean;
  readonly javascriptEnabled: boolean;
  readonly language: string;
  readonly colorDepth?: string;
  readonly screenHeight?: string;
  readonly screenWidth?: string;
  readonly timeZoneOffset?: string;
  readonly userAgent: string;
}

/** An SDK's public key as the messages carry it: a P-256 JWK object. */
export interface EphemeralKeyJwk extends JsonWebKey {
  readonly kty: string;
  readonly crv: string;
  readonly x: string;
  readonly y: string;
}
