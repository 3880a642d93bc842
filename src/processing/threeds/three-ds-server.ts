import type { AppDevice, BrowserData } from '../../domain/three-ds-device.js';
import type { CardExpiry } from '../../domain/card-rules.js';
import { networkOf } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { Executor } from '../../store-engine/index.js';
import type { ThreeDsRepository, ThreeDsTransaction } from '../../store/threeds-repository.js';
import type { DirectoryPort, ResultsReceiver, V1Result } from './directory-port.js';
import { serverErro } from './server-erro.js';
import {
  MESSAGE_VERSIONS,
  packJson,
  readCRes,
  readMethodNotification,
  type AReq,
  type ARes,
  type CRes,
  type Erro,
  type MessageVersion,
  type RReq,
  type RRes,
} from './emv-messages.js';

/** EMV: without the ACS's notification within 10 s the method failed and threeDSCompInd is N. */
export const METHOD_TIMEOUT_MS = 10_000;
const METHOD_POLL_MS = 100;
/** Stages in which one caller is at work; others wait for it rather than act twice. */
const BUSY_STAGES: ReadonlySet<string> = new Set(['authenticating', 'paying']);
/** Longest wait for another caller's AReq (up to the 10 s method wait) and authorization. */
const SETTLE_WAIT_MS = 60_000;

/** The gateway's own 3DS Server addresses, under its public URL. */
export const THREE_DS_SERVER_PATHS = {
  methodPage: '/payment/3ds/method.html',
  methodDirect: '/payment/rest/3dsmethod.do',
  methodNotification: '/payment/3ds/method-notification',
  challengeNotification: '/payment/3ds/challenge-notification',
  v1TermUrl: '/payment/rest/finish3ds.do',
} as const;

/** The sandbox acquirer's BIN for AReqs (protocols.md §1.3 names the member, not a value). */
const SANDBOX_ACQUIRER_BIN = '400000';
/**
 * ISO 3166 numeric country of the sandbox acquirer: documented in
 * docs/decisions/0057-3-d-secure-components-versions-and-sandbox-constants.md.
 */
const SANDBOX_MERCHANT_COUNTRY = '840';
const DEFAULT_MCC = '5999';

/** The card as the 3DS Server keeps it between the customer's steps, sealed at rest. */
export interface KeptCard {
  readonly pan: string;
  readonly expiry: CardExpiry;
  readonly cardholderName?: string;
}

/** What the AReq tells the issuer about the purchase and the customer's browser. */
export interface PurchaseContext {
  readonly amountMinor: number;
  readonly currency: string;
  readonly merchantName: string;
  readonly merchantId: string;
  readonly mcc?: number | null;
  readonly email?: string | null;
  readonly browser: BrowserData;
  /** The app channel: what the app's 3DS SDK gave (the threeDSSDK* parameters). */
  readonly app?: AppDevice;
}

/** What the API does not carry, as the certified SDKs send it (§7.2): five minutes, every UI type. */
const APP_SDK_MAX_TIMEOUT = '05';
const APP_RENDER_OPTIONS = { sdkInterface: '03', sdkUiType: ['01', '02', '03', '04', '05'] } as const;

export type Enrollment =
  | { readonly kind: 'notEnrolled' }
  | {
      readonly kind: 'v1';
      readonly transaction: ThreeDsTransactionDraft;
    }
  | {
      readonly kind: 'v2';
      readonly transaction: ThreeDsTransactionDraft;
    };

/** A transaction to write in the same unit as the order it authenticates. */
export type ThreeDsTransactionDraft = Parameters<ThreeDsRepository['insert']>[1];

/** The first answer of a 3-D Secure 2 payment (merchant-api.md, instantPayment.do response). */
export interface MethodInvitation {
  readonly threeDSServerTransId: string;
  readonly threeDSMethodUrl?: string;
  readonly threeDSMethodUrlServer: string;
  readonly threeDSMethodURLServerDirect: string;
  readonly threeDSMethodDataPacked?: string;
}

/** The first answer of a 3-D Secure 2 payment from an app: the key its SDK encrypts device data to. */
export interface AppInvitation {
  readonly threeDSServerTransId: string;
  readonly threeDSSDKKey: string;
}

/** What the app's SDK needs to run the challenge (doChallenge's parameters), from the ARes. */
export interface AppChallenge {
  readonly threeDSServerTransId: string;
  readonly acsTransID: string;
  readonly acsReferenceNumber: string;
  readonly acsSignedContent: string;
  readonly dsTransID: string;
}

export type AuthenticationOutcome =
  | { readonly kind: 'authenticated'; readonly ares: ARes }
  | { readonly kind: 'challenge'; readonly ares: ARes; readonly packedCReq: string; readonly acsUrl: string }
  | { readonly kind: 'appChallenge'; readonly ares: ARes; readonly app: AppChallenge }
  | { readonly kind: 'failed'; readonly ares: ARes }
  | { readonly kind: 'error'; readonly erro: Erro };

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** yyyymmddhhmmss in UTC, the AReq purchaseDate. */
function purchaseDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The gateway's 3DS Server (EMV 3DS 2.1.0/2.2.0, browser channel) and its 3-D Secure 1.0
 * fallback. It owns the threeds_transactions records, seals the card while the customer is away,
 * runs the 3DS Method bookkeeping, builds AReqs, and receives RReqs from the ACS.
 */
export class ThreeDsServer implements ResultsReceiver {
  constructor(
    private readonly transactions: ThreeDsRepository,
    private readonly directory: DirectoryPort,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly publicUrl: string,
    /** Told of a failure that ended an authentication (the Erro says what, not why). */
    private readonly onFault: (error: unknown, threeDSServerTransID: string) => void,
  ) {}

  /** Looks the card up and drafts the transaction for an order; nothing is written here. */
  enroll(input: {
    orderId: string;
    merchantId: string;
    card: KeptCard;
    requestedVersion?: MessageVersion;
    finishUrl?: string;
    merchantNotificationUrl?: string;
    payment: object;
    /** '01' when an app's 3DS SDK authenticates (no 3DS Method runs in an app). */
    deviceChannel?: '01' | '02';
  }): Enrollment {
    const enrollment = this.directory.enrollment(input.card.pan);
    if (enrollment.kind === 'notEnrolled') return enrollment;
    const id = this.random.uuid();
    const nowMs = this.clock.nowMs();
    const app = input.deviceChannel === '01';
    const methodUrl = enrollment.kind === 'v2' && !app ? (enrollment.methodUrl ?? null) : null;
    const draft: ThreeDsTransactionDraft = {
      id,
      order_id: input.orderId,
      merchant_id: input.merchantId,
      protocol: enrollment.kind === 'v1' ? '1' : '2',
      message_version:
        enrollment.kind === 'v1' ? '1.0.2' : this.versionFor(enrollment.versions, input.requestedVersion),
      stage: enrollment.kind === 'v1' ? 'challenge' : 'method',
      card_sealed: this.box.seal(JSON.stringify(input.card), id),
      card_network: networkOf(input.card.pan),
      method_url: methodUrl,
      method_state: methodUrl === null ? 'unavailable' : 'pending',
      method_started_at_ms: null,
      merchant_notification_url: input.merchantNotificationUrl ?? null,
      finish_url: input.finishUrl ?? null,
      acs_trans_id: null,
      ds_trans_id: null,
      acs_url: null,
      pa_req: null,
      ares_status: null,
      ares_reason: null,
      rreq_status: null,
      rreq_reason: null,
      challenge_cancel: null,
      eci: null,
      authentication_value: null,
      payment: JSON.stringify(input.payment),
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
      device_channel: app ? '01' : '02',
      acs_signed_content: null,
      acs_reference_number: null,
    };
    return { kind: enrollment.kind, transaction: draft };
  }

  /** Writes the drafted transaction inside the caller's unit (with its order). */
  async record(db: Executor, draft: ThreeDsTransactionDraft): Promise<void> {
    await this.transactions.insert(db, draft);
  }

  /** 3-D Secure 1.0: asks the ACS for the PaReq and records where the customer goes. */
  async startV1(transaction: ThreeDsTransaction, context: PurchaseContext): Promise<ThreeDsTransaction> {
    const card = this.openCard(transaction);
    const xid = this.random.bytes(20).toString('base64');
    const { acsUrl, paReq } = await this.directory.enrollV1({
      xid,
      pan: card.pan,
      purchaseAmount: String(context.amountMinor),
      purchaseCurrency: context.currency,
      merchantName: context.merchantName,
    });
    const change = { acs_trans_id: xid, acs_url: acsUrl, pa_req: paReq, updated_at_ms: this.clock.nowMs() };
    await this.transactions.advance(transaction.id, 'challenge', change);
    return { ...transaction, ...change };
  }

  termUrl(): string {
    return `${this.publicUrl}${THREE_DS_SERVER_PATHS.v1TermUrl}`;
  }

  invitation(transaction: ThreeDsTransaction | ThreeDsTransactionDraft): MethodInvitation {
    const id = transaction.id;
    const query = `?threeDSServerTransID=${encodeURIComponent(id)}`;
    return {
      threeDSServerTransId: id,
      ...(transaction.method_url === null
        ? {}
        : {
            threeDSMethodUrl: transaction.method_url,
            threeDSMethodDataPacked: packJson({
              threeDSServerTransID: id,
              threeDSMethodNotificationURL: `${this.publicUrl}${THREE_DS_SERVER_PATHS.methodNotification}`,
            }),
          }),
      threeDSMethodUrlServer: `${this.publicUrl}${THREE_DS_SERVER_PATHS.methodPage}${query}`,
      threeDSMethodURLServerDirect: `${this.publicUrl}${THREE_DS_SERVER_PATHS.methodDirect}${query}`,
    };
  }

  /** Whether apps can authenticate: the directory gives their SDKs a device data key. */
  async appChannelAvailable(): Promise<boolean> {
    return (await this.directory.sdkKey()) !== undefined;
  }

  /** The first answer to an app: the transaction and the directory's device data key (PEM). */
  async appInvitation(transaction: Pick<ThreeDsTransaction, 'id'>): Promise<AppInvitation> {
    const key = await this.directory.sdkKey();
    if (key === undefined) throw new Error('the directory takes no app authentications');
    return { threeDSServerTransId: transaction.id, threeDSSDKKey: key.publicKeyPem };
  }

  /** The challenge an app runs, from a transaction whose ARes asked for one. */
  appChallenge(transaction: ThreeDsTransaction): AppChallenge | undefined {
    if (
      transaction.acs_signed_content === null ||
      transaction.acs_trans_id === null ||
      transaction.ds_trans_id === null
    )
      return undefined;
    return {
      threeDSServerTransId: transaction.id,
      acsTransID: transaction.acs_trans_id,
      acsReferenceNumber: transaction.acs_reference_number ?? '',
      acsSignedContent: transaction.acs_signed_content,
      dsTransID: transaction.ds_trans_id,
    };
  }

  find(id: string): Promise<ThreeDsTransaction | undefined> {
    return this.transactions.find(id);
  }

  findForMerchant(merchantId: string, id: string): Promise<ThreeDsTransaction | undefined> {
    return this.transactions.findForMerchant(merchantId, id);
  }

  findByOrder(orderId: string): Promise<ThreeDsTransaction | undefined> {
    return this.transactions.findByOrder(orderId);
  }

  async methodStarted(id: string): Promise<void> {
    await this.transactions.markMethodStarted(id, this.clock.nowMs());
  }

  /** The ACS's notification that the method ran; the transaction it names, if it was waiting. */
  async methodNotified(packed: string): Promise<ThreeDsTransaction | undefined> {
    const notification = readMethodNotification(packed);
    if (notification === undefined) return undefined;
    await this.transactions.markMethodCompleted(notification.threeDSServerTransID, this.clock.nowMs());
    return this.transactions.find(notification.threeDSServerTransID);
  }

  openCard(transaction: Pick<ThreeDsTransaction, 'id' | 'card_sealed'>): KeptCard {
    if (transaction.card_sealed === null)
      throw new Error(`3DS transaction ${transaction.id} no longer holds a card`);
    return JSON.parse(this.box.open(transaction.card_sealed, transaction.id)) as KeptCard;
  }

  /**
   * Sends the AReq for a transaction in its method stage: threeDSCompInd from the method's
   * outcome, waiting out the rest of the 10 seconds when the method page ran but the ACS has not
   * answered yet. One caller only: the transaction moves to `authenticating` first, and a
   * concurrent caller gets `busy`. Records the ARes and moves the transaction on to `challenge`,
   * or to `paying` for the caller to pay or decline and then close.
   */
  async authenticate(
    transaction: ThreeDsTransaction,
    context: PurchaseContext,
  ): Promise<AuthenticationOutcome | { readonly kind: 'busy' }> {
    if ((transaction.device_channel === '01') !== (context.app !== undefined))
      throw new Error(`3DS transaction ${transaction.id}: the channel and the device data disagree`);
    const claimed = await this.transactions.advance(transaction.id, 'method', {
      stage: 'authenticating',
      updated_at_ms: this.clock.nowMs(),
    });
    if (!claimed) return { kind: 'busy' };
    const answer = await this.exchange(transaction, context);
    const nowMs = this.clock.nowMs();
    if (answer.messageType === 'Erro') {
      await this.transactions.advance(transaction.id, 'authenticating', {
        stage: 'paying',
        ares_status: 'U',
        ares_reason: answer.errorCode,
        updated_at_ms: nowMs,
      });
      return { kind: 'error', erro: answer };
    }
    const challenge = answer.transStatus === 'C';
    const moved = await this.transactions.advance(transaction.id, 'authenticating', {
      stage: challenge ? 'challenge' : 'paying',
      acs_trans_id: answer.acsTransID,
      ds_trans_id: answer.dsTransID,
      acs_url: answer.acsURL ?? null,
      acs_signed_content: answer.acsSignedContent ?? null,
      acs_reference_number: answer.acsReferenceNumber,
      ares_status: answer.transStatus,
      ares_reason: answer.transStatusReason ?? null,
      eci: answer.eci ?? null,
      authentication_value: answer.authenticationValue ?? null,
      updated_at_ms: nowMs,
    });
    if (!moved) throw new Error(`3DS transaction ${transaction.id} left its method stage during the AReq`);
    if (challenge && transaction.device_channel === '01') {
      const app = this.appChallenge({
        ...transaction,
        acs_trans_id: answer.acsTransID,
        ds_trans_id: answer.dsTransID,
        acs_signed_content: answer.acsSignedContent ?? null,
        acs_reference_number: answer.acsReferenceNumber,
      });
      if (app === undefined)
        throw new Error(`the ARes of 3DS transaction ${transaction.id} has no acsSignedContent`);
      return { kind: 'appChallenge', ares: answer, app };
    }
    if (challenge) {
      return {
        kind: 'challenge',
        ares: answer,
        acsUrl: answer.acsURL ?? '',
        packedCReq: this.packedCReq({ ...transaction, acs_trans_id: answer.acsTransID }),
      };
    }
    return answer.transStatus === 'Y' || answer.transStatus === 'A'
      ? { kind: 'authenticated', ares: answer }
      : { kind: 'failed', ares: answer };
  }

  /**
   * The AReq sent and its answer. Whatever fails on the way ends the authentication with the EMV
   * error for it, recorded by the caller like an Erro from the directory: a transaction left in
   * `authenticating` would hold its order at status 0 with nothing to move it on. An app challenge
   * whose ARes lacks acsSignedContent is an ARes missing a required element (EMV error 201).
   */
  private async exchange(transaction: ThreeDsTransaction, context: PurchaseContext): Promise<ARes | Erro> {
    let request: AReq;
    try {
      request = this.areq(transaction, context, await this.methodCompletion(transaction));
    } catch (error) {
      this.onFault(error, transaction.id);
      return serverErro(transaction, 'permanentFailure', 'AReq');
    }
    let answer: ARes | Erro;
    try {
      answer = await this.directory.authenticate(request);
    } catch (error) {
      this.onFault(error, transaction.id);
      return serverErro(transaction, 'connectionFailure', 'directory server');
    }
    if (answer.messageType === 'Erro' || answer.transStatus !== 'C' || request.deviceChannel !== '01')
      return answer;
    return answer.acsSignedContent === undefined
      ? serverErro(transaction, 'requiredElementMissing', 'acsSignedContent')
      : answer;
  }

  /** The AReq for a transaction: the browser's members, or the app SDK's (protocols-jose.md §7.3). */
  private areq(transaction: ThreeDsTransaction, context: PurchaseContext, compInd: 'Y' | 'N' | 'U'): AReq {
    const card = this.openCard(transaction);
    const currency = currencyByNumeric(context.currency);
    const common = {
      messageType: 'AReq',
      messageVersion: transaction.message_version as MessageVersion,
      threeDSServerTransID: transaction.id,
      messageCategory: '01',
      threeDSRequestorAuthenticationInd: '01',
      threeDSRequestorID: context.merchantId,
      threeDSRequestorName: context.merchantName,
      threeDSRequestorURL: this.publicUrl,
      threeDSServerRefNumber: 'GATEHOUSE-3DS-SERVER',
      threeDSServerURL: this.publicUrl,
      acctNumber: card.pan,
      cardExpiryDate: `${String(card.expiry.year % 100).padStart(2, '0')}${pad2(card.expiry.month)}`,
      ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
      purchaseAmount: String(context.amountMinor),
      purchaseCurrency: context.currency,
      purchaseExponent: String(currency?.exponent ?? 2),
      purchaseDate: purchaseDate(this.clock.nowMs()),
      mcc: context.mcc === undefined || context.mcc === null ? DEFAULT_MCC : String(context.mcc),
      merchantName: context.merchantName,
      merchantCountryCode: SANDBOX_MERCHANT_COUNTRY,
      acquirerBIN: SANDBOX_ACQUIRER_BIN,
      acquirerMerchantID: context.merchantId,
      ...(context.email === undefined || context.email === null ? {} : { email: context.email }),
    } as const;
    if (context.app !== undefined) {
      return {
        ...common,
        deviceChannel: '01',
        ...context.app,
        sdkMaxTimeout: APP_SDK_MAX_TIMEOUT,
        deviceRenderOptions: APP_RENDER_OPTIONS,
      };
    }
    const browser = context.browser;
    return {
      ...common,
      deviceChannel: '02',
      threeDSCompInd: compInd,
      notificationURL: `${this.publicUrl}${THREE_DS_SERVER_PATHS.challengeNotification}`,
      browserAcceptHeader: browser.acceptHeader,
      ...(browser.ip === undefined ? {} : { browserIP: browser.ip }),
      browserJavascriptEnabled: browser.javascriptEnabled,
      ...(browser.javaEnabled === undefined ? {} : { browserJavaEnabled: browser.javaEnabled }),
      browserLanguage: browser.language,
      ...(browser.colorDepth === undefined ? {} : { browserColorDepth: browser.colorDepth }),
      ...(browser.screenHeight === undefined ? {} : { browserScreenHeight: browser.screenHeight }),
      ...(browser.screenWidth === undefined ? {} : { browserScreenWidth: browser.screenWidth }),
      ...(browser.timeZoneOffset === undefined ? {} : { browserTZ: browser.timeZoneOffset }),
      browserUserAgent: browser.userAgent,
    };
  }

  /** The CReq for a transaction in its challenge stage, full-window as the hosted flows show it. */
  packedCReq(transaction: Pick<ThreeDsTransaction, 'id' | 'acs_trans_id' | 'message_version'>): string {
    return packJson({
      threeDSServerTransID: transaction.id,
      acsTransID: transaction.acs_trans_id,
      messageType: 'CReq',
      messageVersion: transaction.message_version,
      challengeWindowSize: '05',
    });
  }

  async results(request: RReq): Promise<RRes> {
    const recorded = await this.transactions.recordResults(request.threeDSServerTransID, request.acsTransID, {
      rreq_status: request.transStatus,
      rreq_reason: request.transStatusReason ?? null,
      challenge_cancel: request.challengeCancel ?? null,
      eci: request.eci ?? null,
      authentication_value: request.authenticationValue ?? null,
      updated_at_ms: this.clock.nowMs(),
    });
    return {
      messageType: 'RRes',
      messageVersion: request.messageVersion,
      threeDSServerTransID: request.threeDSServerTransID,
      acsTransID: request.acsTransID,
      dsTransID: request.dsTransID,
      resultsStatus: recorded ? '01' : '03',
    };
  }

  /** A final CRes as the browser brought it, with the transaction it closes. */
  async readChallengeResult(
    packedCRes: string,
  ): Promise<{ cres: CRes; transaction: ThreeDsTransaction } | undefined> {
    const cres = readCRes(packedCRes);
    if (cres === undefined) return undefined;
    const transaction = await this.transactions.find(cres.threeDSServerTransID);
    if (transaction?.acs_trans_id !== cres.acsTransID || transaction.protocol !== '2') return undefined;
    if (transaction.stage === 'challenge' && transaction.rreq_status === null) return undefined;
    return { cres, transaction };
  }

  /** A PaRes the ACS signed, with the 1.0 transaction it answers. */
  async readV1Result(
    paRes: string,
    transactionId: string,
  ): Promise<{ result: V1Result; transaction: ThreeDsTransaction } | undefined> {
    const result = this.directory.readPaRes(paRes);
    if (result === undefined) return undefined;
    const transaction = await this.transactions.find(transactionId);
    if (transaction?.protocol !== '1' || transaction.acs_trans_id !== result.xid) return undefined;
    return { result, transaction };
  }

  /**
   * Claims a transaction for paying (or declining) it: one caller wins; the others wait with
   * `settled`. A 2.x challenge only once the ACS's RReq is in.
   */
  async claimForPaying(transaction: Pick<ThreeDsTransaction, 'id' | 'protocol'>): Promise<boolean> {
    return this.transactions.claimResult(
      transaction.id,
      'challenge',
      transaction.protocol === '2',
      this.clock.nowMs(),
    );
  }

  /** Waits until no caller is authenticating or paying this transaction (bounded), then reads it. */
  async settled(id: string): Promise<ThreeDsTransaction | undefined> {
    const realDeadline = Date.now() + SETTLE_WAIT_MS;
    let current = await this.transactions.find(id);
    while (current !== undefined && BUSY_STAGES.has(current.stage) && Date.now() < realDeadline) {
      await sleep(METHOD_POLL_MS);
      current = await this.transactions.find(id);
    }
    return current;
  }

  /** Closes a transaction once its payment is decided and forgets the card; false if already closed. */
  async close(db: Executor, id: string, from: string): Promise<boolean> {
    return this.transactions.advance(
      id,
      from,
      { stage: 'closed', card_sealed: null, updated_at_ms: this.clock.nowMs() },
      db,
    );
  }

  private versionFor(
    supported: readonly MessageVersion[],
    requested: MessageVersion | undefined,
  ): MessageVersion {
    // merchant-api.md: 2.1.0 unless the merchant asks for 2.2.0.
    const wanted = requested ?? '2.1.0';
    if (supported.includes(wanted)) return wanted;
    // The wanted version is one the issuer's ACS does not run: the highest it does.
    return supported.at(-1) ?? MESSAGE_VERSIONS[0];
  }

  private async methodCompletion(transaction: ThreeDsTransaction): Promise<'Y' | 'N' | 'U'> {
    if (transaction.method_state === 'unavailable') return 'U';
    if (transaction.method_state === 'completed') return 'Y';
    if (transaction.method_started_at_ms === null) return 'N';
    const deadlineMs = transaction.method_started_at_ms + METHOD_TIMEOUT_MS;
    const realDeadline = Date.now() + METHOD_TIMEOUT_MS;
    while (this.clock.nowMs() < deadlineMs && Date.now() < realDeadline) {
      await sleep(METHOD_POLL_MS);
      const fresh = await this.transactions.find(transaction.id);
      if (fresh?.method_state === 'completed') return 'Y';
    }
    return 'N';
  }
}

export type { AppDevice, BrowserData };
