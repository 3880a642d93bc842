import {
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { publicJwk, verifyAcsContent } from '../processing/threeds/app-channel/acs-signed-content.js';
import {
  challengeCounter,
  challengeSessionKey,
  openChallengeMessage,
  sealChallengeMessage,
} from '../processing/threeds/app-channel/challenge-messages.js';
import type { ContentEncryption } from '../processing/threeds/app-channel/content-cipher.js';
import { SANDBOX_DS_ID } from '../processing/threeds/app-channel/sandbox-directory.js';
import { sealSdkEncData } from '../processing/threeds/app-channel/sdk-enc-data.js';

/**
 * A sandbox 3DS SDK: the device side of 3-D Secure 2 in an app (protocols-jose.md §7), so a
 * merchant's mobile developer can drive their server integration without a phone. It plays what a
 * certified SDK does: encrypts device data to the directory's key (`threeDSSDKKey`), verifies the
 * ACS's signed content against the DS-CA root (`gatehouse keys show --ds`), agrees the session
 * key, and exchanges CReq/CRes with the ACS. Import it as `gatehouse/sandbox-3ds-sdk`.
 */
export interface SandboxSdkOptions {
  /** threeDSSDKKey from the first answer: the directory's device data key, PEM. */
  readonly dsKeyPem: string;
  /** The directory server's ID (the sandbox's is A999999999). */
  readonly dsId?: string;
  readonly messageVersion?: '2.1.0' | '2.2.0';
  /** The SDK's reference number (sdkReferenceNumber). */
  readonly referenceNumber?: string;
}

/** The SDK's values, named as the API's parameters, for the repeated payment or transfer call. */
export interface SandboxSdkParams {
  readonly threeDSSDKEncData: string;
  readonly threeDSSDKEphemPubKey: string;
  readonly threeDSSDKAppId: string;
  readonly threeDSSDKTransId: string;
  readonly threeDSSDKReferenceNumber: string;
}

/** The challenge members of the answer that asked for one (names as the API answers them). */
export interface SandboxChallengeParameters {
  readonly threeDSServerTransId: string;
  readonly threeDSAcsTransactionId: string;
  readonly threeDSAcsRefNumber: string;
  readonly threeDSAcsSignedContent: string;
}

/** What the ACS answered: another screen, the end with transStatus, an EMV error, or nothing. */
export type ChallengeTurn =
  | { readonly kind: 'screen'; readonly uiType: string; readonly cres: Readonly<Record<string, unknown>> }
  | {
      readonly kind: 'completed';
      readonly transStatus: string;
      readonly cres: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'error'; readonly erro: Readonly<Record<string, unknown>> }
  | { readonly kind: 'closed'; readonly status: number };

const DEVICE_INFORMATION = { DV: '1.0', DD: { C001: 'Gatehouse sandbox SDK' }, DPNA: {}, SW: [] };
const REFERENCE_NUMBER = '3DS_LOA_SDK_GTHS_020200_00001';

export class Sandbox3dsSdk {
  private constructor(
    readonly params: SandboxSdkParams,
    readonly messageVersion: string,
    private readonly ephemeral: KeyObject,
  ) {}

  /** createTransaction: a fresh SDK transaction and ephemeral key, the device data encrypted. */
  static async create(options: SandboxSdkOptions): Promise<Sandbox3dsSdk> {
    const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const params = {
      threeDSSDKEncData: await sealSdkEncData(DEVICE_INFORMATION, {
        publicKey: createPublicKey(options.dsKeyPem),
        dsId: options.dsId ?? SANDBOX_DS_ID,
      }),
      threeDSSDKEphemPubKey: JSON.stringify(publicJwk(ephemeral.publicKey)),
      threeDSSDKAppId: randomUUID(),
      threeDSSDKTransId: randomUUID(),
      threeDSSDKReferenceNumber: options.referenceNumber ?? REFERENCE_NUMBER,
    };
    return new Sandbox3dsSdk(params, options.messageVersion ?? '2.1.0', ephemeral.privateKey);
  }

  /** doChallenge: verifies the signed content to the DS-CA root and opens the session with the ACS. */
  async doChallenge(
    parameters: SandboxChallengeParameters,
    options: { readonly dsRootPem: string; readonly enc?: ContentEncryption; readonly nowMs?: number },
  ): Promise<SandboxChallenge> {
    const signed = await verifyAcsContent(
      parameters.threeDSAcsSignedContent,
      [new X509Certificate(options.dsRootPem)],
      options.nowMs ?? Date.now(),
    );
    if (signed.acsTransID !== parameters.threeDSAcsTransactionId)
      throw new Error('acsSignedContent names another ACS transaction');
    return new SandboxChallenge({
      acsURL: signed.acsURL,
      sessionKey: challengeSessionKey(
        this.ephemeral,
        signed.acsEphemPubKey,
        this.params.threeDSSDKReferenceNumber,
      ),
      enc: options.enc ?? 'A128CBC-HS256',
      ids: {
        messageVersion: this.messageVersion,
        threeDSServerTransID: parameters.threeDSServerTransId,
        acsTransID: parameters.threeDSAcsTransactionId,
        sdkTransID: this.params.threeDSSDKTransId,
      },
    });
  }
}

interface Session {
  readonly acsURL: string;
  readonly sessionKey: Buffer;
  readonly enc: ContentEncryption;
  readonly ids: Readonly<
    Record<'messageVersion' | 'threeDSServerTransID' | 'acsTransID' | 'sdkTransID', string>
  >;
}

/** One challenge with the ACS: each call sends a CReq and reads the ACS's answer. */
export class SandboxChallenge {
  private sent = 0;
  private received = 0;

  constructor(private readonly session: Session) {}

  /** The opening CReq: the ACS answers with its first screen. */
  start(): Promise<ChallengeTurn> {
    return this.send({});
  }

  /** Text (01) or the HTML form's body (05, as the SDK captures it). */
  enterText(value: string): Promise<ChallengeTurn> {
    return this.send({ challengeDataEntry: value });
  }

  submitHtml(formBody: string): Promise<ChallengeTurn> {
    return this.send({ challengeHTMLDataEntry: formBody });
  }

  /** Single (02) or multiple (03) selection: the chosen keys. */
  select(keys: readonly string[]): Promise<ChallengeTurn> {
    return this.send({ challengeDataEntry: keys.join(',') });
  }

  /** Out of band (04): the cardholder says they confirmed in the bank app. */
  continueOutOfBand(): Promise<ChallengeTurn> {
    return this.send({ oobContinue: true });
  }

  resend(): Promise<ChallengeTurn> {
    return this.send({ resendChallenge: 'Y' });
  }

  /** The cardholder cancelled (challengeCancel 01). */
  cancel(): Promise<ChallengeTurn> {
    return this.send({ challengeCancel: '01' });
  }

  /** The SDK's challenge timer ran out: it tells the ACS with an Erro 402 (EMV SDK Req 67). */
  async timedOut(): Promise<ChallengeTurn> {
    const response = await fetch(this.session.acsURL, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({
        messageType: 'Erro',
        ...this.session.ids,
        errorCode: '402',
        errorComponent: 'C',
        errorDescription: 'Transaction timed out',
        errorDetail: 'the challenge took longer than the SDK timeout',
        errorMessageType: 'CReq',
      }),
    });
    return { kind: 'closed', status: response.status };
  }

  /** Sends one CReq with these members and reads the answer (CRes JWE, or Erro as JSON). */
  async send(members: Readonly<Record<string, unknown>>): Promise<ChallengeTurn> {
    const { sessionKey, enc, ids } = this.session;
    const creq = await sealChallengeMessage(
      { messageType: 'CReq', ...ids, sdkCounterStoA: challengeCounter(this.sent), ...members },
      { sessionKey, enc, acsTransID: ids.acsTransID, direction: 'sdkToAcs' },
    );
    this.sent += 1;
    const response = await fetch(this.session.acsURL, {
      method: 'POST',
      headers: { 'content-type': 'application/jose; charset=UTF-8' },
      body: creq,
    });
    const body = await response.text();
    if (body.split('.').length !== 5) {
      return body === ''
        ? { kind: 'closed', status: response.status }
        : { kind: 'error', erro: JSON.parse(body) as Record<string, unknown> };
    }
    const { message } = await openChallengeMessage(body, {
      sessionKey,
      acsTransID: ids.acsTransID,
      direction: 'acsToSdk',
    });
    if (message.acsCounterAtoS !== challengeCounter(this.received))
      throw new Error(`acsCounterAtoS ${String(message.acsCounterAtoS)} is out of order`);
    this.received += 1;
    if (message.challengeCompletionInd === 'Y')
      return { kind: 'completed', transStatus: String(message.transStatus), cres: message };
    return { kind: 'screen', uiType: String(message.acsUiType), cres: message };
  }
}
