/**
 * EMV 3-D Secure 2 messages (protocols.md §1; the app channel in protocols-jose.md §7), as the
 * JSON objects the 3DS Server, the Directory Server and the ACS exchange, and the packed forms
 * that travel through the browser.
 */

import type { EphemeralKeyJwk } from '../../domain/three-ds-device.js';

export const MESSAGE_VERSIONS = ['2.1.0', '2.2.0'] as const;
export type MessageVersion = (typeof MESSAGE_VERSIONS)[number];

/** ARes transStatus; the RReq carries Y N U A R, the final browser CRes only Y or N. */
export type TransStatus = 'Y' | 'N' | 'U' | 'A' | 'C' | 'R';

/** The 3DS Method data the requestor posts to the ACS method URL (protocols.md §1.2). */
export interface MethodData {
  readonly threeDSServerTransID: string;
  readonly threeDSMethodNotificationURL: string;
}

/** What the ACS posts back to the notification URL when the method is done. */
export interface MethodNotification {
  readonly threeDSServerTransID: string;
}

/** The AReq members both channels send. */
interface AReqCommon {
  readonly messageType: 'AReq';
  readonly messageVersion: MessageVersion;
  readonly threeDSServerTransID: string;
  readonly messageCategory: '01' | '02';
  readonly threeDSRequestorAuthenticationInd: string;
  readonly threeDSRequestorChallengeInd?: string;
  readonly threeDSRequestorID: string;
  readonly threeDSRequestorName: string;
  readonly threeDSRequestorURL: string;
  readonly threeDSServerRefNumber: string;
  readonly threeDSServerURL: string;
  readonly acctNumber: string;
  readonly cardExpiryDate: string;
  readonly cardholderName?: string;
  readonly purchaseAmount: string;
  readonly purchaseCurrency: string;
  readonly purchaseExponent: string;
  readonly purchaseDate: string;
  readonly mcc: string;
  readonly merchantName: string;
  readonly merchantCountryCode: string;
  readonly acquirerBIN: string;
  readonly acquirerMerchantID: string;
  readonly email?: string;
}

export interface BrowserAReq extends AReqCommon {
  readonly deviceChannel: '02';
  readonly threeDSCompInd: 'Y' | 'N' | 'U';
  readonly notificationURL: string;
  readonly browserAcceptHeader: string;
  readonly browserIP?: string;
  readonly browserJavaEnabled?: boolean;
  readonly browserJavascriptEnabled: boolean;
  readonly browserLanguage: string;
  readonly browserColorDepth?: string;
  readonly browserScreenHeight?: string;
  readonly browserScreenWidth?: string;
  readonly browserTZ?: string;
  readonly browserUserAgent: string;
}

/** The UI types an SDK renders (sdkUiType, acsUiType, acsUiTemplate): 01 text … 05 HTML. */
export const UI_TYPES = ['01', '02', '03', '04', '05'] as const;
export type UiType = (typeof UI_TYPES)[number];

/** The app channel (protocols-jose.md §7.3): the SDK's members instead of the browser's. */
export interface AppAReq extends AReqCommon {
  readonly deviceChannel: '01';
  readonly sdkAppID: string;
  readonly sdkEncData: string;
  readonly sdkEphemPubKey: EphemeralKeyJwk;
  readonly sdkMaxTimeout: string;
  readonly sdkReferenceNumber: string;
  readonly sdkTransID: string;
  readonly deviceRenderOptions: {
    readonly sdkInterface: '01' | '02' | '03';
    readonly sdkUiType: readonly string[];
  };
}

export type AReq = BrowserAReq | AppAReq;

export interface ARes {
  readonly messageType: 'ARes';
  readonly messageVersion: MessageVersion;
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly dsTransID: string;
  readonly acsReferenceNumber: string;
  readonly dsReferenceNumber: string;
  readonly transStatus: TransStatus;
  readonly transStatusReason?: string;
  readonly acsURL?: string;
  readonly acsChallengeMandated?: 'Y' | 'N';
  readonly authenticationType?: string;
  readonly authenticationValue?: string;
  readonly eci?: string;
  /** The app channel: the SDK's transaction, the screen the ACS will show, and its signed content. */
  readonly sdkTransID?: string;
  readonly acsRenderingType?: AcsRenderingType;
  readonly acsSignedContent?: string;
}

export interface AcsRenderingType {
  readonly acsInterface: '01' | '02';
  readonly acsUiTemplate: UiType;
}

/** The browser CReq: exactly these members (protocols.md §1.6). */
export interface CReq {
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly messageType: 'CReq';
  readonly messageVersion: MessageVersion;
  readonly challengeWindowSize: ChallengeWindowSize;
}

export const CHALLENGE_WINDOW_SIZES = ['01', '02', '03', '04', '05'] as const;
export type ChallengeWindowSize = (typeof CHALLENGE_WINDOW_SIZES)[number];

/** The final browser CRes (protocols.md §1.8). */
export interface CRes {
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly messageType: 'CRes';
  readonly messageVersion: MessageVersion;
  readonly transStatus: 'Y' | 'N';
  readonly challengeCompletionInd: 'Y';
}

export interface RReq {
  readonly messageType: 'RReq';
  readonly messageVersion: MessageVersion;
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly dsTransID: string;
  readonly messageCategory: '01' | '02';
  readonly transStatus: 'Y' | 'N' | 'U' | 'A' | 'R';
  readonly transStatusReason?: string;
  readonly authenticationType?: string;
  readonly authenticationValue?: string;
  readonly eci?: string;
  readonly interactionCounter: string;
  readonly challengeCancel?: string;
  readonly sdkTransID?: string;
  readonly acsRenderingType?: AcsRenderingType;
}

export interface RRes {
  readonly messageType: 'RRes';
  readonly messageVersion: MessageVersion;
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly dsTransID: string;
  readonly resultsStatus: '01' | '02' | '03';
}

/** The EMV error message (protocols.md §1.10). */
export interface Erro {
  readonly messageType: 'Erro';
  readonly messageVersion: string;
  readonly threeDSServerTransID: string;
  readonly acsTransID?: string;
  readonly sdkTransID?: string;
  readonly errorCode: string;
  /** S 3DS Server, D Directory Server, A ACS, C the app's SDK. */
  readonly errorComponent: 'S' | 'D' | 'A' | 'C';
  readonly errorDescription: string;
  readonly errorDetail: string;
  readonly errorMessageType: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** base64url without padding, as EMV asks senders to write it. */
export function packJson(message: object): string {
  return Buffer.from(JSON.stringify(message), 'utf8').toString('base64url');
}

/**
 * Reads a packed message. Receivers must accept padded and unpadded, URL-safe and standard
 * Base64 (protocols.md §1.2, §1.8); Node's base64url decoder reads all four.
 */
export function unpackJson(packed: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(packed)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(packed, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Members a message must have and may have; anything else makes it invalid (EMV error 203). */
function hasExactly(
  message: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[] = [],
): boolean {
  const allowed = new Set([...required, ...optional]);
  return required.every((name) => name in message) && Object.keys(message).every((name) => allowed.has(name));
}

const isVersion = (value: unknown): value is MessageVersion =>
  (MESSAGE_VERSIONS as readonly unknown[]).includes(value);

export function readMethodData(packed: string): MethodData | undefined {
  const message = unpackJson(packed);
  if (message === undefined || !hasExactly(message, ['threeDSServerTransID', 'threeDSMethodNotificationURL']))
    return undefined;
  const { threeDSServerTransID, threeDSMethodNotificationURL } = message;
  if (!isUuid(threeDSServerTransID) || typeof threeDSMethodNotificationURL !== 'string') return undefined;
  if (threeDSMethodNotificationURL.length >= 256) return undefined;
  return { threeDSServerTransID, threeDSMethodNotificationURL };
}

export function readMethodNotification(packed: string): MethodNotification | undefined {
  const message = unpackJson(packed);
  if (message === undefined || !hasExactly(message, ['threeDSServerTransID'])) return undefined;
  return isUuid(message.threeDSServerTransID)
    ? { threeDSServerTransID: message.threeDSServerTransID }
    : undefined;
}

export function readCReq(packed: string): CReq | undefined {
  const message = unpackJson(packed);
  if (
    message === undefined ||
    !hasExactly(
      message,
      ['threeDSServerTransID', 'acsTransID', 'messageType', 'messageVersion', 'challengeWindowSize'],
      ['messageExtension'],
    )
  )
    return undefined;
  const { threeDSServerTransID, acsTransID, messageType, messageVersion, challengeWindowSize } = message;
  if (!isUuid(threeDSServerTransID) || !isUuid(acsTransID) || messageType !== 'CReq') return undefined;
  if (!isVersion(messageVersion)) return undefined;
  if (!(CHALLENGE_WINDOW_SIZES as readonly unknown[]).includes(challengeWindowSize)) return undefined;
  return {
    threeDSServerTransID,
    acsTransID,
    messageType,
    messageVersion,
    challengeWindowSize: challengeWindowSize as ChallengeWindowSize,
  };
}

export function readCRes(packed: string): CRes | undefined {
  const message = unpackJson(packed);
  if (
    message === undefined ||
    !hasExactly(
      message,
      [
        'threeDSServerTransID',
        'acsTransID',
        'messageType',
        'messageVersion',
        'transStatus',
        'challengeCompletionInd',
      ],
      ['messageExtension'],
    )
  )
    return undefined;
  const { threeDSServerTransID, acsTransID, messageType, messageVersion, transStatus } = message;
  // Only the final CRes (the challenge is complete) closes a browser challenge.
  if (message.challengeCompletionInd !== 'Y') return undefined;
  if (!isUuid(threeDSServerTransID) || !isUuid(acsTransID) || messageType !== 'CRes') return undefined;
  if (!isVersion(messageVersion) || (transStatus !== 'Y' && transStatus !== 'N')) return undefined;
  return {
    threeDSServerTransID,
    acsTransID,
    messageType,
    messageVersion,
    transStatus,
    challengeCompletionInd: 'Y',
  };
}

export type { EphemeralKeyJwk };
