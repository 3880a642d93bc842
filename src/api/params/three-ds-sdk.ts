import type { AppDevice, EphemeralKeyJwk } from '../../domain/three-ds-device.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import { isP256Point } from '../../security/ec-public-key.js';
import { param } from './param-table.js';
import { text } from './scalar-types.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** JWE compact serialisation: five Base64url parts, the second (the encrypted key) possibly empty. */
const JWE_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const BASE64URL_COORDINATE = /^[A-Za-z0-9_-]{43}$/;

/**
 * What an app's 3DS SDK gives the merchant (its AuthenticationRequestParameters), repeated with
 * threeDSServerTransId (p2p-api.md performP2PByBinding.do; the same names on instantPayment.do),
 * bounded as the EMV AReq members they become (protocols-jose.md §7.2).
 */
export const THREE_DS_SDK_VALUES = [
  param('threeDSSDKEncData', 'conditional', text(1, 64_000, { pattern: JWE_COMPACT, reason: 'reason.jwe' }), {
    note: 'mandatory in the repeated request of the SDK flow: the device data (sdkEncData)',
  }),
  param('threeDSSDKReferenceNumber', 'conditional', text(1, 32), {
    note: 'the SDK reference number (sdkReferenceNumber); EMV requires it',
  }),
  param('threeDSSDKEphemPubKey', 'conditional', text(1, 1024), {
    note: "the SDK's ephemeral public key: a P-256 JWK as JSON text",
  }),
  param('threeDSSDKAppId', 'conditional', text(36, 36, { pattern: UUID, reason: 'reason.uuid' })),
  param('threeDSSDKTransId', 'conditional', text(36, 36, { pattern: UUID, reason: 'reason.uuid' })),
] as const;

export interface ThreeDsSdkParams {
  readonly threeDSSDKEncData?: string | undefined;
  readonly threeDSSDKReferenceNumber?: string | undefined;
  readonly threeDSSDKEphemPubKey?: string | undefined;
  readonly threeDSSDKAppId?: string | undefined;
  readonly threeDSSDKTransId?: string | undefined;
}

function ephemeralKey(json: string): EphemeralKeyJwk {
  let key: unknown;
  try {
    key = JSON.parse(json);
  } catch {
    key = undefined;
  }
  const jwk = key as Partial<Record<string, unknown>> | undefined;
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    jwk.kty !== 'EC' ||
    jwk.crv !== 'P-256' ||
    typeof jwk.x !== 'string' ||
    typeof jwk.y !== 'string' ||
    !BASE64URL_COORDINATE.test(jwk.x) ||
    !BASE64URL_COORDINATE.test(jwk.y) ||
    'd' in jwk ||
    !isP256Point(jwk.x, jwk.y)
  )
    throw invalidParam('threeDSSDKEphemPubKey', 'reason.ecPublicJwk');
  // Only the public members travel on: the AReq's sdkEphemPubKey is {kty, crv, x, y}.
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}

/**
 * The SDK's values for the AReq, when the request carries any; all of them are then required, and
 * so is threeDSSDK=true (they belong to the app channel only).
 */
export function appDeviceOf(
  params: ThreeDsSdkParams & { readonly threeDSSDK?: boolean | undefined },
): AppDevice | undefined {
  const given = THREE_DS_SDK_VALUES.some((definition) => params[definition.name] !== undefined);
  if (!given) return undefined;
  if (params.threeDSSDK !== true) throw new Refusal('PARAM_MISSING', { param: 'threeDSSDK' });
  const missing = THREE_DS_SDK_VALUES.find((definition) => params[definition.name] === undefined);
  if (missing !== undefined) throw new Refusal('PARAM_MISSING', { param: missing.name });
  return {
    sdkEncData: params.threeDSSDKEncData ?? '',
    sdkReferenceNumber: params.threeDSSDKReferenceNumber ?? '',
    sdkEphemPubKey: ephemeralKey(params.threeDSSDKEphemPubKey ?? ''),
    // As given: the SDK repeats its own spelling of sdkTransID in every CReq.
    sdkAppID: params.threeDSSDKAppId ?? '',
    sdkTransID: params.threeDSSDKTransId ?? '',
  };
}

/**
 * The SDK's values, which a call with threeDSSDK=true must carry unless it answers the first step of
 * the app's authentication (the key they are encrypted to, gateway-facts.md §7.2). A call that
 * runs no authentication would otherwise move money on the request alone (p2p-api.md: "mandatory
 * for the SDK flow"); the first one missing is named.
 */
export function requireAppDevice(
  params: ThreeDsSdkParams & { readonly threeDSSDK?: boolean | undefined },
): AppDevice {
  const app = appDeviceOf(params);
  if (app === undefined) throw new Refusal('PARAM_MISSING', { param: THREE_DS_SDK_VALUES[0].name });
  return app;
}
