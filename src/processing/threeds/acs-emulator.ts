import { createHmac, timingSafeEqual } from 'node:crypto';
import { networkOf } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { maskPan } from '../../domain/pan.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { AcsRepository, AcsTransaction } from '../../store/acs-repository.js';
import { testCardFor, type TestCard } from '../sandbox/test-cards.js';
import type { SecretBox } from '../../security/secret-box.js';
import { AppChallengeAcs, type AppReply, type DirectorySource } from './app-channel/app-challenge-acs.js';
import { authenticationValue, eciFor } from './authentication-value.js';
import { isP256Point } from '../../security/ec-public-key.js';
import type {
  CardEnrollment,
  DirectoryPort,
  ResultsReceiver,
  V1Enrollment,
  V1Request,
  V1Result,
} from './directory-port.js';
import {
  isUuid,
  MESSAGE_VERSIONS,
  packJson,
  readCReq,
  readMethodData,
  UI_TYPES,
  type AppAReq,
  type AReq,
  type ARes,
  type BrowserAReq,
  type CRes,
  type Erro,
  type MessageVersion,
  type RReq,
} from './emv-messages.js';

/** The one-time code and the 1.0 password that pass (test-cards.md); three wrong answers fail. */
export const SANDBOX_OTP = '123456';
export const SANDBOX_V1_PASSWORD = '12345678';
export const MAX_CHALLENGE_FAILURES = 3;

/** Paths of the emulated ACS on the gateway's host. */
export const ACS_PATHS = {
  method: '/acs/method',
  challenge: '/acs/challenge',
  challengeAnswer: '/acs/challenge/answer',
  v1: '/acs/pareq',
  v1Answer: '/acs/pareq/answer',
} as const;

/** A method URL profile whose ACS never notifies (test card 4000 0000 0000 0341). */
const UNRESPONSIVE_METHOD = 'unresponsive';

const ACS_REFERENCE_NUMBER = 'GATEHOUSE-SANDBOX-ACS';
const DS_REFERENCE_NUMBER = 'GATEHOUSE-SANDBOX-DS';

/** What the challenge page shows and posts. */
export interface ChallengeView {
  readonly acsTransID: string;
  readonly protocol: '1' | '2';
  readonly merchantName: string;
  readonly purchaseAmount: string;
  readonly purchaseCurrency: string;
  readonly purchaseExponent: number;
  readonly maskedPan: string;
  readonly failures: number;
  readonly attemptsLeft: number;
}

/** The end of a challenge: the browser posts `fields` to `url`. */
export interface ChallengeEnd {
  readonly kind: 'final';
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly transStatus: 'Y' | 'N';
}

export type ChallengeStep = ChallengeEnd | { readonly kind: 'retry'; readonly view: ChallengeView };

export type ChallengeAnswer = { readonly code: string } | { readonly cancel: true };

type Decision = 'Y' | 'A' | 'N' | 'R' | 'U' | 'C';

function decisionOf(card: TestCard): Decision {
  switch (card.threeDS) {
    case 'frictionless':
    case 'methodTimeout':
      return 'Y';
    case 'attempt':
      return 'A';
    case 'challenge':
    case 'challenge220':
      return 'C';
    case 'authenticationFailed':
      return 'N';
    case 'rejected':
      return 'R';
    case 'unavailable':
    case 'v1Only':
    case 'notEnrolled':
      return 'U';
  }
}

/** transStatusReason for the results that need one (protocols.md §1.4). */
const REASON: Partial<Record<Decision, string>> = { N: '01', R: '11', U: '22' };

function erro(
  request: Partial<Pick<AReq, 'messageVersion' | 'threeDSServerTransID'>> & { readonly sdkTransID?: unknown },
  errorCode: string,
  description: string,
  detail: string,
): Erro {
  return {
    messageType: 'Erro',
    messageVersion: typeof request.messageVersion === 'string' ? request.messageVersion : '2.1.0',
    threeDSServerTransID:
      typeof request.threeDSServerTransID === 'string' ? request.threeDSServerTransID : '',
    // The app channel's Erro repeats the SDK's transaction id when the AReq had one (protocols-jose.md §7.9).
    ...(typeof request.sdkTransID === 'string' ? { sdkTransID: request.sdkTransID } : {}),
    errorCode,
    errorComponent: 'A',
    errorDescription: description,
    errorDetail: detail,
    errorMessageType: 'AReq',
  };
}

const UUID_MEMBERS = ['sdkAppID', 'sdkTransID'] as const;

/** The browser channel's own members (protocols.md §1.3). */
function browserProblem(request: BrowserAReq, invalid: (detail: string) => Erro): Erro | undefined {
  if (!['Y', 'N', 'U'].includes(request.threeDSCompInd)) return invalid('threeDSCompInd');
  if (typeof request.notificationURL !== 'string' || request.notificationURL.length > 256)
    return invalid('notificationURL');
  if (typeof request.browserJavascriptEnabled !== 'boolean') return invalid('browserJavascriptEnabled');
  return undefined;
}

/** The app channel's own members (protocols-jose.md §7.3). */
function appProblem(request: AppAReq, invalid: (detail: string) => Erro): Erro | undefined {
  const missing = UUID_MEMBERS.find((name) => !isUuid(request[name]));
  if (missing !== undefined) return invalid(missing);
  if (typeof request.sdkEncData !== 'string' || request.sdkEncData.length > 64_000)
    return invalid('sdkEncData');
  const key = request.sdkEphemPubKey as unknown as Partial<Record<string, unknown>> | undefined;
  if (
    key?.kty !== 'EC' ||
    key.crv !== 'P-256' ||
    typeof key.x !== 'string' ||
    typeof key.y !== 'string' ||
    !isP256Point(key.x, key.y)
  )
    return invalid('sdkEphemPubKey');
  if (!/^(0[5-9]|[1-9][0-9])$/.test(request.sdkMaxTimeout)) return invalid('sdkMaxTimeout');
  if (typeof request.sdkReferenceNumber !== 'string' || !/^.{1,32}$/.test(request.sdkReferenceNumber))
    return invalid('sdkReferenceNumber');
  const options = request.deviceRenderOptions as Partial<AppAReq['deviceRenderOptions']> | undefined;
  if (
    !['01', '02', '03'].includes(options?.sdkInterface ?? '') ||
    !Array.isArray(options?.sdkUiType) ||
    !options.sdkUiType.some((type: unknown) => (UI_TYPES as readonly unknown[]).includes(type))
  )
    return invalid('deviceRenderOptions');
  return undefined;
}

/** The AReq members the emulated ACS needs, checked as EMV defines them; the first problem found. */
export function areqProblem(request: AReq): Erro | undefined {
  const invalid = (detail: string) => erro(request, '203', 'Invalid format', detail);
  if (request.messageType !== 'AReq') return erro(request, '101', 'Message invalid', 'messageType');
  if (!isUuid(request.threeDSServerTransID)) return invalid('threeDSServerTransID');
  if (request.deviceChannel !== '02' && request.deviceChannel !== '01') return invalid('deviceChannel');
  if (!/^[0-9]{13,19}$/.test(request.acctNumber)) return invalid('acctNumber');
  if (!/^[0-9]{4}$/.test(request.cardExpiryDate)) return invalid('cardExpiryDate');
  if (!/^\d{1,48}$/.test(request.purchaseAmount)) return invalid('purchaseAmount');
  if (!/^\d{3}$/.test(request.purchaseCurrency)) return invalid('purchaseCurrency');
  if (!/^\d$/.test(request.purchaseExponent)) return invalid('purchaseExponent');
  if (!/^\d{14}$/.test(request.purchaseDate)) return invalid('purchaseDate');
  return request.deviceChannel === '02' ? browserProblem(request, invalid) : appProblem(request, invalid);
}

/**
 * The sandbox's Directory Server and issuer ACS in one: card range data and decisions come from
 * the test cards, challenges run on pages the gateway serves under /acs, and a challenge's result
 * goes to the 3DS Server as an RReq before the browser carries the final CRes back. It keeps its
 * own records and never sees more of the card than the AReq carries.
 */
export class AcsEmulator implements DirectoryPort {
  private receiver: ResultsReceiver | undefined;
  private readonly app: AppChallengeAcs;

  constructor(
    private readonly records: AcsRepository,
    private readonly publicUrl: string,
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly directory: DirectorySource,
    box: SecretBox,
  ) {
    this.app = new AppChallengeAcs(records, directory, box, key, clock, publicUrl, (request) =>
      this.reportResults(request),
    );
  }

  /** The device data encryption key an app's SDK needs for this card's directory (threeDSSDKKey). */
  async sdkKey(): Promise<{ readonly publicKeyPem: string; readonly dsId: string } | undefined> {
    if (!this.directory.enabled) return undefined;
    const trust = await this.directoryTrust();
    return trust === undefined ? undefined : { publicKeyPem: trust.deviceDataKey, dsId: trust.dsId };
  }

  /**
   * What an app's SDK is configured with for the sandbox directory: its DS ID, the device data key
   * and certificate, and the DS-CA root it trusts; undefined when the directory takes no apps.
   */
  async directoryTrust(): Promise<
    | { dsId: string; deviceDataKey: string; deviceDataCertificate: string; rootCertificate: string }
    | undefined
  > {
    if (!this.directory.enabled) return undefined;
    const directory = await this.directory.directory();
    return {
      dsId: directory.dsId,
      deviceDataKey: directory.deviceDataKey.certificate.publicKey
        .export({ type: 'spki', format: 'pem' })
        .toString(),
      deviceDataCertificate: directory.deviceDataKey.certificate.toString(),
      rootCertificate: directory.root.certificate.toString(),
    };
  }

  /** One message from an app's SDK to the signed acsURL (protocols-jose.md §7.7). */
  appChallenge(body: string, json: boolean): Promise<AppReply> {
    return this.app.exchange(body, json);
  }

  /** The sandbox bank app's answer to an out-of-band challenge step. */
  bankApp(acsTransID: string, approve: boolean): Promise<boolean> {
    return this.app.decideOutOfBand(acsTransID, approve);
  }

  private async reportResults(request: RReq): Promise<void> {
    if (this.receiver === undefined) throw new Error('the ACS emulator has no 3DS Server to report to');
    await this.receiver.results(request);
  }

  /** The 3DS Server that receives RReqs; wired after both exist. */
  connect(receiver: ResultsReceiver): void {
    this.receiver = receiver;
  }

  enrollment(pan: string): CardEnrollment {
    const card = testCardFor(pan);
    if (card.threeDS === 'notEnrolled') return { kind: 'notEnrolled' };
    if (card.threeDS === 'v1Only') return { kind: 'v1' };
    const versions: readonly MessageVersion[] =
      card.threeDS === 'challenge220' ? ['2.2.0'] : MESSAGE_VERSIONS;
    const method = `${this.publicUrl}${ACS_PATHS.method}`;
    return {
      kind: 'v2',
      versions,
      methodUrl: card.threeDS === 'methodTimeout' ? `${method}?profile=${UNRESPONSIVE_METHOD}` : method,
    };
  }

  /** The 3DS Method page's answer: the notification to post back, or nothing (an ACS that never answers). */
  method(
    packedMethodData: string,
    profile: string | undefined,
  ): { url: string; threeDSMethodData: string } | undefined {
    const data = readMethodData(packedMethodData);
    if (data === undefined || profile === UNRESPONSIVE_METHOD) return undefined;
    return {
      url: data.threeDSMethodNotificationURL,
      threeDSMethodData: packJson({ threeDSServerTransID: data.threeDSServerTransID }),
    };
  }

  async authenticate(request: AReq): Promise<ARes | Erro> {
    const problem = areqProblem(request);
    if (problem !== undefined) return problem;
    if (request.deviceChannel === '01') {
      const deviceData = await this.app.deviceDataProblem(request);
      if (deviceData !== undefined) return deviceData;
    }
    const enrollment = this.enrollment(request.acctNumber);
    if (enrollment.kind !== 'v2') return erro(request, '305', 'Transaction data not valid', 'acctNumber');
    if (!enrollment.versions.includes(request.messageVersion)) {
      return erro(request, '102', 'Message version not supported', request.messageVersion);
    }
    const card = testCardFor(request.acctNumber);
    const network = networkOf(request.acctNumber);
    const decision = decisionOf(card);
    const acsTransID = this.random.uuid();
    const dsTransID = this.random.uuid();
    const base = {
      messageType: 'ARes',
      messageVersion: request.messageVersion,
      threeDSServerTransID: request.threeDSServerTransID,
      acsTransID,
      dsTransID,
      acsReferenceNumber: ACS_REFERENCE_NUMBER,
      dsReferenceNumber: DS_REFERENCE_NUMBER,
      ...(request.deviceChannel === '01' ? { sdkTransID: request.sdkTransID } : {}),
    } as const;
    if (decision === 'Y' || decision === 'A') {
      return {
        ...base,
        transStatus: decision,
        authenticationValue: authenticationValue(this.key, acsTransID, decision),
        eci: card.eci ?? eciFor(network, decision),
      };
    }
    if (decision !== 'C') {
      return { ...base, transStatus: decision, transStatusReason: REASON[decision] ?? '22' };
    }
    const app =
      request.deviceChannel === '01'
        ? await this.app.begin(request, acsTransID, ACS_REFERENCE_NUMBER)
        : undefined;
    await this.records.insert({
      id: acsTransID,
      three_ds_server_trans_id: request.threeDSServerTransID,
      ds_trans_id: dsTransID,
      protocol: '2',
      message_version: request.messageVersion,
      notification_url: request.deviceChannel === '02' ? request.notificationURL : '',
      network,
      masked_pan: maskPan(request.acctNumber),
      merchant_name: request.merchantName,
      purchase_amount: request.purchaseAmount,
      purchase_currency: request.purchaseCurrency,
      purchase_exponent: Number(request.purchaseExponent),
      state: 'challenge',
      created_at_ms: this.clock.nowMs(),
      ...app?.record,
    });
    return {
      ...base,
      transStatus: 'C',
      // The app's acsURL travels inside the signed content, never in the ARes (§7.5).
      ...(app === undefined ? { acsURL: `${this.publicUrl}${ACS_PATHS.challenge}` } : app.ares),
      acsChallengeMandated: 'Y',
      authenticationType: app?.ares.acsRenderingType.acsUiTemplate === '04' ? '03' : '02',
    };
  }

  /** A CReq as the browser posted it; undefined when it is not a CReq for an open challenge. */
  async openChallenge(packedCReq: string): Promise<ChallengeView | undefined> {
    const creq = readCReq(packedCReq);
    if (creq === undefined) return undefined;
    const record = await this.records.find(creq.acsTransID);
    if (
      record?.protocol !== '2' ||
      record.device_channel !== '02' ||
      record.state !== 'challenge' ||
      record.three_ds_server_trans_id !== creq.threeDSServerTransID ||
      record.message_version !== creq.messageVersion
    )
      return undefined;
    return this.view(record);
  }

  async answerChallenge(
    acsTransID: string,
    answer: ChallengeAnswer,
    threeDSSessionData: string | undefined,
  ): Promise<ChallengeStep | undefined> {
    const record = await this.records.find(acsTransID);
    if (record?.protocol !== '2' || record.device_channel !== '02' || record.state !== 'challenge')
      return undefined;
    const network = networkOf(record.masked_pan);
    if ('code' in answer && answer.code === SANDBOX_OTP) {
      if (!(await this.records.close(acsTransID))) return undefined;
      const eci = eciFor(network, 'Y');
      return this.finish(record, threeDSSessionData, {
        transStatus: 'Y',
        authenticationType: '02',
        authenticationValue: authenticationValue(this.key, acsTransID, 'Y'),
        eci,
        interactionCounter: counter(record.failures + 1),
      });
    }
    if ('cancel' in answer) {
      if (!(await this.records.close(acsTransID))) return undefined;
      return this.finish(record, threeDSSessionData, {
        transStatus: 'N',
        transStatusReason: '01',
        challengeCancel: '01',
        interactionCounter: counter(record.failures),
      });
    }
    const failures = await this.records.countFailure(acsTransID);
    if (failures === undefined) return undefined;
    if (failures < MAX_CHALLENGE_FAILURES) {
      return { kind: 'retry', view: this.view({ ...record, failures }) };
    }
    if (!(await this.records.close(acsTransID))) return undefined;
    return this.finish(record, threeDSSessionData, {
      transStatus: 'N',
      transStatusReason: '19',
      authenticationType: '02',
      interactionCounter: counter(failures),
    });
  }

  async enrollV1(request: V1Request): Promise<V1Enrollment> {
    await this.records.insert({
      id: request.xid,
      three_ds_server_trans_id: request.xid,
      ds_trans_id: request.xid,
      protocol: '1',
      message_version: '1.0.2',
      notification_url: '',
      network: networkOf(request.pan),
      masked_pan: maskPan(request.pan),
      merchant_name: request.merchantName,
      purchase_amount: request.purchaseAmount,
      purchase_currency: request.purchaseCurrency,
      purchase_exponent: 2,
      state: 'challenge',
      created_at_ms: this.clock.nowMs(),
    });
    const paReq = Buffer.from(JSON.stringify({ version: '1.0.2', xid: request.xid }), 'utf8').toString(
      'base64',
    );
    return { acsUrl: `${this.publicUrl}${ACS_PATHS.v1}`, paReq };
  }

  async openV1(paReq: string): Promise<ChallengeView | undefined> {
    let xid: unknown;
    try {
      xid = (JSON.parse(Buffer.from(paReq, 'base64').toString('utf8')) as { xid?: unknown }).xid;
    } catch {
      return undefined;
    }
    if (typeof xid !== 'string') return undefined;
    const record = await this.records.find(xid);
    if (record?.protocol !== '1' || record.state !== 'challenge') return undefined;
    return this.view(record);
  }

  /** The 1.0 password page's answer: a signed PaRes to post to the TermUrl, or another try. */
  async answerV1(
    xid: string,
    answer: ChallengeAnswer,
  ): Promise<
    { kind: 'final'; paRes: string; status: 'Y' | 'N' } | { kind: 'retry'; view: ChallengeView } | undefined
  > {
    const record = await this.records.find(xid);
    if (record?.protocol !== '1' || record.state !== 'challenge') return undefined;
    const network = networkOf(record.masked_pan);
    if ('code' in answer && answer.code === SANDBOX_V1_PASSWORD) {
      if (!(await this.records.close(xid))) return undefined;
      const eci = eciFor(network, 'Y');
      return {
        kind: 'final',
        status: 'Y',
        paRes: this.signPaRes({ xid, status: 'Y', eci, cavv: authenticationValue(this.key, xid, 'Y') }),
      };
    }
    if (!('cancel' in answer)) {
      const failures = await this.records.countFailure(xid);
      if (failures === undefined) return undefined;
      if (failures < MAX_CHALLENGE_FAILURES)
        return { kind: 'retry', view: this.view({ ...record, failures }) };
    }
    if (!(await this.records.close(xid))) return undefined;
    return {
      kind: 'final',
      status: 'N',
      paRes: this.signPaRes({ xid, status: 'N', eci: eciFor(network, 'failed') }),
    };
  }

  readPaRes(paRes: string): V1Result | undefined {
    const [body, signature] = paRes.split('.');
    if (body === undefined || signature === undefined) return undefined;
    const expected = createHmac('sha256', this.key).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as V1Result;
    } catch {
      return undefined;
    }
  }

  private signPaRes(result: V1Result): string {
    const body = Buffer.from(JSON.stringify(result), 'utf8').toString('base64url');
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  private view(record: AcsTransaction): ChallengeView {
    return {
      acsTransID: record.id,
      protocol: record.protocol === '1' ? '1' : '2',
      merchantName: record.merchant_name,
      purchaseAmount: record.purchase_amount,
      purchaseCurrency: record.purchase_currency,
      purchaseExponent: record.purchase_exponent,
      maskedPan: record.masked_pan,
      failures: record.failures,
      attemptsLeft: MAX_CHALLENGE_FAILURES - record.failures,
    };
  }

  /** RReq to the 3DS Server, then the final CRes for the browser to carry to the notification URL. */
  private async finish(
    record: AcsTransaction,
    threeDSSessionData: string | undefined,
    result: Pick<
      RReq,
      | 'transStatus'
      | 'transStatusReason'
      | 'authenticationType'
      | 'authenticationValue'
      | 'eci'
      | 'interactionCounter'
      | 'challengeCancel'
    >,
  ): Promise<ChallengeEnd> {
    const messageVersion = record.message_version as MessageVersion;
    await this.reportResults({
      messageType: 'RReq',
      messageVersion,
      threeDSServerTransID: record.three_ds_server_trans_id,
      acsTransID: record.id,
      dsTransID: record.ds_trans_id,
      messageCategory: '01',
      ...result,
    });
    const transStatus = result.transStatus === 'Y' ? 'Y' : 'N';
    const cres: CRes = {
      threeDSServerTransID: record.three_ds_server_trans_id,
      acsTransID: record.id,
      messageType: 'CRes',
      messageVersion,
      transStatus,
      challengeCompletionInd: 'Y',
    };
    return {
      kind: 'final',
      url: record.notification_url,
      transStatus,
      fields: {
        cres: packJson(cres),
        ...(threeDSSessionData === undefined ? {} : { threeDSSessionData }),
      },
    };
  }
}

function counter(value: number): string {
  return String(Math.min(value, 99)).padStart(2, '0');
}
