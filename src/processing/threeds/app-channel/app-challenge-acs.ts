import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import type { Clock } from '../../../domain/clock.js';
import { currencyByNumeric } from '../../../domain/currencies.js';
import { networkOf } from '../../../domain/card-rules.js';
import type { SecretBox } from '../../../security/secret-box.js';
import type { AcsRepository, AcsTransaction } from '../../../store/acs-repository.js';
import { authenticationValue, eciFor } from '../authentication-value.js';
import type { AppAReq, Erro, MessageVersion, RReq, UiType } from '../emv-messages.js';
import { publicJwk, signAcsContent } from './acs-signed-content.js';
import {
  challengeCounter,
  challengeSessionKey,
  ChallengeMessageError,
  openChallengeMessage,
  sealChallengeMessage,
} from './challenge-messages.js';
import { judge, screenFor, uiTypeFor } from './challenge-screens.js';
import type { ContentEncryption } from './content-cipher.js';
import type { SandboxDirectory } from './sandbox-directory.js';
import { openSdkEncData, SdkEncDataError } from './sdk-enc-data.js';

/** Where the SDK posts its CReqs (the signed `acsURL`), and the emulated bank app's address. */
export const APP_ACS_PATHS = {
  challenge: '/acs/app/challenge',
  bankApp: '/acs/app/bank-app',
  directory: '/acs/app/directory',
} as const;

const MAX_FAILURES = 3;
const MINUTE_MS = 60_000;

/** The directory server's keys: the sandbox's, made on first use; none in production. */
export interface DirectorySource {
  readonly enabled: boolean;
  directory(): Promise<SandboxDirectory>;
}

/** An answer to the SDK: a CRes JWE, an Erro as JSON, or nothing (the SDK's own Erro). */
export interface AppReply {
  readonly status: number;
  readonly contentType?: 'application/jose; charset=UTF-8' | 'application/json; charset=UTF-8';
  readonly body?: string;
}

/** What a challenge ARes adds for the app, and what the ACS's record keeps of it. */
export interface AppChallengeStart {
  readonly ares: {
    readonly sdkTransID: string;
    readonly acsRenderingType: { readonly acsInterface: '01' | '02'; readonly acsUiTemplate: UiType };
    readonly acsSignedContent: string;
  };
  readonly record: {
    readonly device_channel: '01';
    readonly session_sealed: string;
    readonly sdk_trans_id: string;
    readonly ui_type: UiType;
    readonly deadline_ms: number;
  };
}

/** How an app challenge ended, for the RReq. */
interface Ending {
  readonly transStatus: 'Y' | 'N';
  readonly transStatusReason?: string;
  readonly challengeCancel?: string;
  readonly interactions: number;
}

const SECURITY_FAILURE = '09';
const TIMED_OUT_AT_ACS = '14';

/**
 * The sandbox ACS for apps (protocols-jose.md §7): the directory server opens the device data,
 * a challenge gets a fresh ephemeral key and a session key agreed with the SDK's (Function J),
 * `acsSignedContent` signed under the DS-CA root, and CReq/CRes exchanged as `dir` JWEs with
 * counters checked. Every failure ends the authentication: an RReq to the 3DS Server first, then
 * the EMV error or final CRes to the SDK.
 */
export class AppChallengeAcs {
  constructor(
    private readonly records: AcsRepository,
    private readonly directory: DirectorySource,
    private readonly box: SecretBox,
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly report: (request: RReq) => Promise<unknown>,
  ) {}

  /** The directory server's check of the AReq's device data: an Erro when it does not open. */
  async deviceDataProblem(request: AppAReq): Promise<Erro | undefined> {
    const directory = await this.directory.directory();
    try {
      await openSdkEncData(request.sdkEncData, {
        privateKey: directory.deviceDataKey.privateKey,
        dsId: directory.dsId,
      });
      return undefined;
    } catch (error) {
      if (!(error instanceof SdkEncDataError)) throw error;
      return {
        messageType: 'Erro',
        messageVersion: request.messageVersion,
        threeDSServerTransID: request.threeDSServerTransID,
        sdkTransID: request.sdkTransID,
        errorCode: '302',
        errorComponent: 'D',
        errorDescription: 'Data could not be decrypted by the receiving system',
        errorDetail: 'sdkEncData',
        errorMessageType: 'AReq',
      };
    }
  }

  /** A challenge for the app: the session key agreed, the screen chosen, the content signed. */
  async begin(request: AppAReq, acsTransID: string, acsRefNumber: string): Promise<AppChallengeStart> {
    const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const sessionKey = challengeSessionKey(
      ephemeral.privateKey,
      request.sdkEphemPubKey,
      request.sdkReferenceNumber,
    );
    const directory = await this.directory.directory();
    const acsSignedContent = await signAcsContent(
      {
        acsTransID,
        acsRefNumber,
        acsURL: `${this.publicUrl}${APP_ACS_PATHS.challenge}`,
        acsEphemPubKey: publicJwk(ephemeral.publicKey),
        sdkEphemPubKey: request.sdkEphemPubKey,
      },
      { privateKey: directory.acsSigner.privateKey, chain: [directory.acsSigner.certificate] },
    );
    const uiType = uiTypeFor(request.purchaseAmount, request.deviceRenderOptions.sdkUiType);
    return {
      ares: {
        sdkTransID: request.sdkTransID,
        acsRenderingType: { acsInterface: uiType === '05' ? '02' : '01', acsUiTemplate: uiType },
        acsSignedContent,
      },
      record: {
        device_channel: '01',
        session_sealed: this.box.seal(sessionKey.toString('base64'), acsTransID),
        sdk_trans_id: request.sdkTransID,
        ui_type: uiType,
        deadline_ms: this.clock.nowMs() + Number(request.sdkMaxTimeout) * MINUTE_MS,
      },
    };
  }

  /** The emulated bank app approves or declines an out-of-band step; false if none is waiting. */
  decideOutOfBand(acsTransID: string, approve: boolean): Promise<boolean> {
    return this.records.decideOutOfBand(acsTransID, approve ? 'approved' : 'declined');
  }

  /** One message from the SDK to `acsURL`: a CReq JWE, or an Erro as JSON. */
  async exchange(body: string, json: boolean): Promise<AppReply> {
    return json ? this.sdkError(body) : this.challengeRequest(body);
  }

  /** The SDK's own Erro (a 402 when its challenge timer ran out): the authentication ends. */
  private async sdkError(body: string): Promise<AppReply> {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.erro({}, '203', 'Invalid format', 'the body is not JSON');
    }
    if (typeof message !== 'object' || message === null || message.messageType !== 'Erro')
      return this.erro({}, '101', 'Message received invalid', 'messageType');
    const record =
      typeof message.acsTransID === 'string' ? await this.records.find(message.acsTransID) : undefined;
    if (record?.device_channel !== '01' || message.sdkTransID !== record.sdk_trans_id)
      return this.erro({}, '301', 'Transaction ID not recognized', 'acsTransID');
    const timedOut = message.errorCode === '402';
    await this.end(record, {
      transStatus: 'N',
      transStatusReason: timedOut ? TIMED_OUT_AT_ACS : SECURITY_FAILURE,
      challengeCancel: timedOut ? sdkTimeoutCancel(record.message_version) : '06',
      interactions: record.failures,
    });
    return { status: 204 };
  }

  private async challengeRequest(jwe: string): Promise<AppReply> {
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(jwe).kid;
    } catch {
      kid = undefined;
    }
    const record = typeof kid === 'string' ? await this.records.find(kid) : undefined;
    if (record?.device_channel !== '01' || record.state !== 'challenge' || record.session_sealed === null)
      return this.erro({}, '301', 'Transaction ID not recognized', 'kid');
    if (record.deadline_ms !== null && this.clock.nowMs() > record.deadline_ms) {
      await this.end(record, {
        transStatus: 'N',
        transStatusReason: TIMED_OUT_AT_ACS,
        challengeCancel: record.sdk_counter === 0 ? '05' : '04',
        interactions: record.failures,
      });
      return this.erro(record, '402', 'Transaction timed out', 'sdkMaxTimeout');
    }
    const sessionKey = Buffer.from(this.box.open(record.session_sealed, record.id), 'base64');
    let opened: { message: Record<string, unknown>; enc: ContentEncryption };
    try {
      opened = await openChallengeMessage(jwe, { sessionKey, acsTransID: record.id, direction: 'sdkToAcs' });
    } catch (error) {
      if (!(error instanceof ChallengeMessageError)) throw error;
      return this.fail(record, '302', 'Data could not be decrypted by the receiving system', 'JWE');
    }
    const creq = opened.message;
    const wrong = mismatchedMember(creq, record);
    if (wrong !== undefined) return this.fail(record, '203', 'Invalid format', wrong);
    if (creq.sdkCounterStoA !== challengeCounter(record.sdk_counter))
      return this.fail(
        record,
        '302',
        'Data could not be decrypted by the receiving system',
        'sdkCounterStoA',
      );
    if (!(await this.records.takeMessage(record.id, record.sdk_counter)))
      return this.erro(
        record,
        '302',
        'Data could not be decrypted by the receiving system',
        'sdkCounterStoA',
      );
    const reply = (members: Record<string, unknown>) => this.cres(record, sessionKey, opened.enc, members);
    if (typeof creq.challengeCancel === 'string') {
      await this.end(record, {
        transStatus: 'N',
        transStatusReason: '01',
        challengeCancel: creq.challengeCancel,
        interactions: record.failures,
      });
      return reply({ challengeCompletionInd: 'Y', transStatus: 'N' });
    }
    return this.answer(record, creq, reply);
  }

  /** Judges the cardholder's answer: the next screen, or the end. */
  private async answer(
    record: AcsTransaction,
    creq: Record<string, unknown>,
    reply: (members: Record<string, unknown>) => Promise<AppReply>,
  ): Promise<AppReply> {
    const uiType = record.ui_type as UiType;
    const verdict = judge(uiType, creq, record.oob_decision);
    if (verdict === 'pass' || verdict === 'deny') {
      const transStatus = verdict === 'pass' ? 'Y' : 'N';
      const ended = await this.end(record, {
        transStatus,
        ...(transStatus === 'N' ? { transStatusReason: '01' } : {}),
        interactions: record.failures + 1,
      });
      if (!ended) return this.erro(record, '301', 'Transaction ID not recognized', 'acsTransID');
      return reply({ challengeCompletionInd: 'Y', transStatus });
    }
    let failures = record.failures;
    if (verdict === 'fail') {
      const counted = await this.records.countFailure(record.id);
      if (counted === undefined)
        return this.erro(record, '301', 'Transaction ID not recognized', 'acsTransID');
      failures = counted;
      if (failures >= MAX_FAILURES) {
        await this.end(record, { transStatus: 'N', transStatusReason: '19', interactions: failures });
        return reply({ challengeCompletionInd: 'Y', transStatus: 'N' });
      }
    }
    return reply({
      challengeCompletionInd: 'N',
      ...screenFor(uiType, {
        merchantName: record.merchant_name,
        amount: displayAmount(record),
        maskedPan: record.masked_pan,
        attemptsLeft: MAX_FAILURES - failures,
        retry: verdict === 'fail',
      }),
    });
  }

  private async cres(
    record: AcsTransaction,
    sessionKey: Buffer,
    enc: ContentEncryption,
    members: Record<string, unknown>,
  ): Promise<AppReply> {
    const message = {
      messageType: 'CRes',
      messageVersion: record.message_version,
      threeDSServerTransID: record.three_ds_server_trans_id,
      acsTransID: record.id,
      sdkTransID: record.sdk_trans_id,
      acsCounterAtoS: challengeCounter(record.acs_counter),
      ...members,
    };
    const body = await sealChallengeMessage(message, {
      sessionKey,
      enc,
      acsTransID: record.id,
      direction: 'acsToSdk',
    });
    return { status: 200, contentType: 'application/jose; charset=UTF-8', body };
  }

  /** A protocol failure inside an open challenge: the authentication ends, then the Erro. */
  private async fail(
    record: AcsTransaction,
    errorCode: string,
    description: string,
    detail: string,
  ): Promise<AppReply> {
    await this.end(record, {
      transStatus: 'N',
      transStatusReason: SECURITY_FAILURE,
      challengeCancel: '06',
      interactions: record.failures,
    });
    return this.erro(record, errorCode, description, detail);
  }

  /** Closes the challenge (once) and reports its result to the 3DS Server in an RReq. */
  private async end(record: AcsTransaction, ending: Ending): Promise<boolean> {
    if (!(await this.records.close(record.id))) return false;
    const uiType = (record.ui_type ?? '01') as UiType;
    const passed = ending.transStatus === 'Y';
    await this.report({
      messageType: 'RReq',
      messageVersion: record.message_version as MessageVersion,
      threeDSServerTransID: record.three_ds_server_trans_id,
      acsTransID: record.id,
      dsTransID: record.ds_trans_id,
      messageCategory: '01',
      sdkTransID: record.sdk_trans_id ?? '',
      acsRenderingType: { acsInterface: uiType === '05' ? '02' : '01', acsUiTemplate: uiType },
      transStatus: ending.transStatus,
      ...(ending.transStatusReason === undefined ? {} : { transStatusReason: ending.transStatusReason }),
      ...(ending.challengeCancel === undefined ? {} : { challengeCancel: ending.challengeCancel }),
      authenticationType: uiType === '04' ? '03' : '02',
      ...(passed
        ? {
            authenticationValue: authenticationValue(this.key, record.id, 'Y'),
            eci: eciFor(networkOf(record.masked_pan), 'Y'),
          }
        : {}),
      interactionCounter: String(Math.min(ending.interactions, 99)).padStart(2, '0'),
    });
    return true;
  }

  private erro(
    record: Partial<
      Pick<AcsTransaction, 'id' | 'three_ds_server_trans_id' | 'message_version' | 'sdk_trans_id'>
    >,
    errorCode: string,
    errorDescription: string,
    errorDetail: string,
  ): AppReply {
    const message: Erro = {
      messageType: 'Erro',
      messageVersion: record.message_version ?? '2.1.0',
      threeDSServerTransID: record.three_ds_server_trans_id ?? '',
      ...(record.id === undefined ? {} : { acsTransID: record.id }),
      ...(record.sdk_trans_id === undefined || record.sdk_trans_id === null
        ? {}
        : { sdkTransID: record.sdk_trans_id }),
      errorCode,
      errorComponent: 'A',
      errorDescription,
      errorDetail,
      errorMessageType: 'CReq',
    };
    return { status: 200, contentType: 'application/json; charset=UTF-8', body: JSON.stringify(message) };
  }
}

/** challengeCancel when the SDK's timer ran out: 08 from 2.2.0, 04 (other timeouts) in 2.1.0. */
function sdkTimeoutCancel(messageVersion: string): string {
  return messageVersion === '2.1.0' ? '04' : '08';
}

/** The first CReq member that names another transaction or version than this challenge's. */
function mismatchedMember(creq: Record<string, unknown>, record: AcsTransaction): string | undefined {
  const expected: Record<string, unknown> = {
    messageType: 'CReq',
    messageVersion: record.message_version,
    threeDSServerTransID: record.three_ds_server_trans_id,
    acsTransID: record.id,
    sdkTransID: record.sdk_trans_id,
  };
  return Object.keys(expected).find((name) => creq[name] !== expected[name]);
}

function displayAmount(record: AcsTransaction): string {
  const digits = record.purchase_amount.padStart(record.purchase_exponent + 1, '0');
  const whole = digits.slice(0, digits.length - record.purchase_exponent);
  const fraction = record.purchase_exponent > 0 ? `.${digits.slice(-record.purchase_exponent)}` : '';
  const currency = currencyByNumeric(record.purchase_currency)?.alpha ?? record.purchase_currency;
  return `${whole}${fraction} ${currency}`;
}
