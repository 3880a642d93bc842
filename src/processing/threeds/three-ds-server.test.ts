import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { TestClock } from '../../../test/support/test-clock.js';
import { cryptoRandom } from '../../domain/random-source.js';
import { SecretBox } from '../../security/secret-box.js';
import { migrateToLatest, openStore, type Store } from '../../store-engine/index.js';
import { conversionColumns, unpaidOrderRow } from '../../store/order-columns.js';
import { ThreeDsRepository, type ThreeDsTransaction } from '../../store/threeds-repository.js';
import { authenticationValue, eciFor } from './authentication-value.js';
import type { CardEnrollment, DirectoryPort, V1Enrollment, V1Result } from './directory-port.js';
import {
  packJson,
  unpackJson,
  type AReq,
  type ARes,
  type BrowserAReq,
  type Erro,
  type MessageVersion,
  type TransStatus,
} from './emv-messages.js';
import { METHOD_TIMEOUT_MS, ThreeDsServer, type PurchaseContext } from './three-ds-server.js';

const PUBLIC_URL = 'https://gatehouse.test';
const METHOD_URL = 'https://acs.test/method';
const WITH_METHOD = '4111111111111111';
const WITHOUT_METHOD = '4242424242424242';
const ONLY_220 = '5200000000001096';
const CHALLENGE = '5555555555555599';

/** A Directory Server that records every AReq and answers from a rule the test sets. */
class RecordingDirectory implements DirectoryPort {
  readonly areqs: AReq[] = [];
  answer: (request: AReq) => ARes | Erro = (request) => this.ares(request, 'Y');

  enrollment(pan: string): CardEnrollment {
    if (pan === ONLY_220) return { kind: 'v2', versions: ['2.2.0'], methodUrl: METHOD_URL };
    if (pan === WITHOUT_METHOD) return { kind: 'v2', versions: ['2.1.0', '2.2.0'] };
    return { kind: 'v2', versions: ['2.1.0', '2.2.0'], methodUrl: METHOD_URL };
  }

  authenticate(request: AReq): Promise<ARes | Erro> {
    this.areqs.push(request);
    return Promise.resolve(this.answer(request));
  }

  enrollV1(): Promise<V1Enrollment> {
    return Promise.reject(new Error('3-D Secure 1.0 is not part of these tests'));
  }

  readPaRes(): V1Result | undefined {
    return undefined;
  }

  sdkKey(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  ares(request: AReq, transStatus: TransStatus): ARes {
    const acsTransID = randomUUID();
    return {
      messageType: 'ARes',
      messageVersion: request.messageVersion,
      threeDSServerTransID: request.threeDSServerTransID,
      acsTransID,
      dsTransID: randomUUID(),
      acsReferenceNumber: 'TEST-ACS',
      dsReferenceNumber: 'TEST-DS',
      transStatus,
      ...(transStatus === 'Y'
        ? { authenticationValue: authenticationValue(randomBytes(32), acsTransID, 'Y'), eci: '05' }
        : {}),
      ...(transStatus === 'C'
        ? { acsURL: 'https://acs.test/challenge', acsChallengeMandated: 'Y', authenticationType: '02' }
        : {}),
    };
  }

  /** The last AReq, from the browser: these tests run the browser channel. */
  get last(): BrowserAReq {
    const request = this.areqs.at(-1);
    assert.ok(request?.deviceChannel === '02', 'no browser AReq was sent');
    return request;
  }
}

/** yyyymmddhhmmss (UTC) as epoch milliseconds. */
function purchaseDateMs(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  assert.ok(match !== null, `purchaseDate ${value} is not yyyymmddhhmmss`);
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

interface Fixture {
  readonly store: Store;
  readonly clock: TestClock;
  readonly directory: RecordingDirectory;
  readonly server: ThreeDsServer;
  readonly merchantId: string;
}

let fixture: Fixture;
/** What the server reported as ending an authentication, in this test. */
let faults: unknown[] = [];

beforeEach(async () => {
  const store = openStore({ engine: 'sqlite', file: ':memory:' });
  await migrateToLatest(store);
  const clock = new TestClock();
  const directory = new RecordingDirectory();
  faults = [];
  const server = new ThreeDsServer(
    new ThreeDsRepository(store.db),
    directory,
    new SecretBox(randomBytes(32)),
    clock,
    cryptoRandom,
    PUBLIC_URL,
    (error) => faults.push(error),
  );
  const merchantId = randomUUID();
  await store.db
    .insertInto('merchants')
    .values({
      id: merchantId,
      login: 'unit-merchant',
      parent_id: null,
      default_currency: '978',
      default_language: 'en',
      session_timeout_secs: 1200,
      callback_url: null,
      callback_key_sealed: null,
      require_signature: 0,
      rate_limit_per_second: 100,
      concurrent_limit: 10,
      allowed_mccs: '',
      created_at_ms: clock.nowMs(),
    })
    .execute();
  fixture = { store, clock, directory, server, merchantId };
});

afterEach(() => fixture.store.close());

async function insertOrder(amountMinor: number, currency: string): Promise<string> {
  const id = randomUUID();
  const nowMs = fixture.clock.nowMs();
  await fixture.store.db
    .insertInto('orders')
    .values(
      unpaidOrderRow({
        id,
        merchant_id: fixture.merchantId,
        registered_by_merchant_id: fixture.merchantId,
        order_number: `unit-${id.slice(0, 8)}`,
        amount_minor: amountMinor,
        currency,
        fee_minor: null,
        two_phase: 0,
        status: 0,
        action_code: -100,
        created_at_ms: nowMs,
        expires_at_ms: nowMs + 1_200_000,
        updated_at_ms: nowMs,
        language: 'en',
        description: null,
        return_url: 'https://shop.test/ok',
        fail_url: null,
        dynamic_callback_url: null,
        client_id: null,
        ip: null,
        email: null,
        post_address: null,
        cardholder_name: null,
        binding_id: null,
        mcc: null,
        mvv: null,
        features: '',
        json_params: null,
        order_bundle: null,
        payer_data: null,
        marketplace: null,
        payment_facilitator: null,
        ...conversionColumns(undefined),
        p2p_type: null,
        p2p_details: null,
      }),
    )
    .execute();
  return id;
}

interface Started {
  readonly transaction: ThreeDsTransaction;
  readonly context: PurchaseContext;
}

/** Registers an order and its 3DS transaction in the method stage, as instantPayment.do does. */
async function start(
  options: { pan?: string; amountMinor?: number; currency?: string; requestedVersion?: MessageVersion } = {},
): Promise<Started> {
  const amountMinor = options.amountMinor ?? 2500;
  const currency = options.currency ?? '978';
  const orderId = await insertOrder(amountMinor, currency);
  const enrollment = fixture.server.enroll({
    orderId,
    merchantId: fixture.merchantId,
    card: {
      pan: options.pan ?? WITH_METHOD,
      expiry: { year: 2034, month: 12 },
      cardholderName: 'ANA POPESCU',
    },
    requestedVersion: options.requestedVersion,
    payment: { twoPhase: false },
  });
  assert.equal(enrollment.kind, 'v2');
  if (enrollment.kind !== 'v2') throw new Error('unreachable');
  await fixture.server.record(fixture.store.db, enrollment.transaction);
  const transaction = await fixture.server.find(enrollment.transaction.id);
  assert.ok(transaction !== undefined);
  return {
    transaction,
    context: {
      amountMinor,
      currency,
      merchantName: 'Unit Shop',
      merchantId: fixture.merchantId,
      browser: {
        acceptHeader: 'text/html',
        javascriptEnabled: false,
        language: 'en',
        userAgent: 'unit-test',
      },
    },
  };
}

/** Reads the transaction again, as the next request of the payment would. */
async function fresh(transaction: ThreeDsTransaction): Promise<ThreeDsTransaction> {
  const current = await fixture.server.find(transaction.id);
  assert.ok(current !== undefined);
  return current;
}

describe('ThreeDsServer: threeDSCompInd', () => {
  test('U when the ACS has no 3DS Method URL', async () => {
    const { transaction, context } = await start({ pan: WITHOUT_METHOD });
    assert.equal(transaction.method_url, null);
    assert.equal(transaction.method_state, 'unavailable');
    const invitation = fixture.server.invitation(transaction);
    assert.equal(invitation.threeDSMethodUrl, undefined);
    assert.equal(invitation.threeDSMethodDataPacked, undefined);
    await fixture.server.authenticate(transaction, context);
    assert.equal(fixture.directory.last.threeDSCompInd, 'U');
  });

  test('Y once the ACS has notified the method', async () => {
    const { transaction, context } = await start();
    await fixture.server.methodStarted(transaction.id);
    const notified = await fixture.server.methodNotified(packJson({ threeDSServerTransID: transaction.id }));
    assert.equal(notified?.id, transaction.id);
    assert.equal(notified?.method_state, 'completed');
    await fixture.server.authenticate(await fresh(transaction), context);
    assert.equal(fixture.directory.last.threeDSCompInd, 'Y');
  });

  test('a notification that is not one (the method data, garbage) completes nothing', async () => {
    const { transaction, context } = await start();
    await fixture.server.methodStarted(transaction.id);
    const methodData = fixture.server.invitation(transaction).threeDSMethodDataPacked ?? '';
    assert.equal(await fixture.server.methodNotified(methodData), undefined);
    assert.equal(await fixture.server.methodNotified('garbage!'), undefined);
    assert.equal((await fresh(transaction)).method_state, 'pending');
    fixture.clock.advance(METHOD_TIMEOUT_MS);
    await fixture.server.authenticate(await fresh(transaction), context);
    assert.equal(fixture.directory.last.threeDSCompInd, 'N');
  });

  test('N at once when the method URL exists but the method page never ran', async () => {
    const { transaction, context } = await start();
    assert.equal(transaction.method_state, 'pending');
    assert.equal(transaction.method_started_at_ms, null);
    const began = Date.now();
    await fixture.server.authenticate(transaction, context);
    assert.equal(fixture.directory.last.threeDSCompInd, 'N');
    assert.ok(Date.now() - began < 1000, `took ${Date.now() - began} ms`);
  });

  test('N without waiting when the method started and the clock passed 10 s with no notification', async () => {
    const { transaction, context } = await start();
    await fixture.server.methodStarted(transaction.id);
    const started = await fresh(transaction);
    assert.ok(started.method_started_at_ms !== null);
    fixture.clock.advance(METHOD_TIMEOUT_MS);
    const began = Date.now();
    await fixture.server.authenticate(started, context);
    assert.equal(fixture.directory.last.threeDSCompInd, 'N');
    assert.ok(Date.now() - began < 1000, `took ${Date.now() - began} ms: the injected clock was not used`);
    assert.equal(METHOD_TIMEOUT_MS, 10_000);
  });

  test('Y when the notification arrives while the AReq waits for it', async () => {
    const { transaction, context } = await start();
    await fixture.server.methodStarted(transaction.id);
    const began = Date.now();
    const authenticating = fixture.server.authenticate(await fresh(transaction), context);
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(fixture.directory.areqs.length, 0, 'the AReq went before the 10 s were up');
    await fixture.server.methodNotified(packJson({ threeDSServerTransID: transaction.id }));
    await authenticating;
    assert.equal(fixture.directory.last.threeDSCompInd, 'Y');
    assert.ok(Date.now() - began < 3000, `took ${Date.now() - began} ms`);
  });

  test('the method data names this transaction and the gateway notification URL, nothing else', async () => {
    const { transaction } = await start();
    const invitation = fixture.server.invitation(transaction);
    assert.equal(invitation.threeDSServerTransId, transaction.id);
    assert.equal(invitation.threeDSMethodUrl, METHOD_URL);
    assert.deepEqual(unpackJson(invitation.threeDSMethodDataPacked ?? ''), {
      threeDSServerTransID: transaction.id,
      threeDSMethodNotificationURL: `${PUBLIC_URL}/payment/3ds/method-notification`,
    });
    assert.ok(!(invitation.threeDSMethodDataPacked ?? '').includes('='));
    assert.equal(
      invitation.threeDSMethodUrlServer,
      `${PUBLIC_URL}/payment/3ds/method.html?threeDSServerTransID=${transaction.id}`,
    );
  });
});

describe('ThreeDsServer: the AReq', () => {
  test('carries the customer email when the purchase has one (paymentOrderBinding.do email), none otherwise', async () => {
    const without = await start();
    await fixture.server.authenticate(without.transaction, without.context);
    assert.equal(fixture.directory.last.email, undefined);
    const withEmail = await start();
    await fixture.server.authenticate(withEmail.transaction, {
      ...withEmail.context,
      email: 'ana@example.test',
    });
    assert.equal(fixture.directory.last.email, 'ana@example.test');
  });

  test('carries the EMV browser members with the purchase in minor units', async () => {
    const before = fixture.clock.nowMs();
    const { transaction, context } = await start({ amountMinor: 2500, currency: '978' });
    await fixture.server.authenticate(transaction, context);
    const after = fixture.clock.nowMs();
    const areq = fixture.directory.last;
    assert.equal(areq.messageType, 'AReq');
    assert.equal(areq.messageVersion, '2.1.0');
    assert.equal(areq.threeDSServerTransID, transaction.id);
    assert.equal(areq.deviceChannel, '02');
    assert.equal(areq.messageCategory, '01');
    assert.equal(areq.acctNumber, WITH_METHOD);
    assert.equal(areq.cardExpiryDate, '3412');
    assert.equal(areq.purchaseAmount, '2500');
    assert.equal(areq.purchaseCurrency, '978');
    assert.equal(areq.purchaseExponent, '2');
    assert.match(areq.purchaseDate, /^\d{14}$/);
    const dateMs = purchaseDateMs(areq.purchaseDate);
    assert.ok(
      dateMs >= Math.floor(before / 1000) * 1000 && dateMs <= after,
      `${areq.purchaseDate} is not now (UTC)`,
    );
    assert.equal(areq.notificationURL, `${PUBLIC_URL}/payment/3ds/challenge-notification`);
    assert.equal(areq.browserJavascriptEnabled, false);
  });

  test('purchaseExponent follows the currency (JPY 0, BHD 3) and the amount stays in minor units', async () => {
    for (const [currency, amountMinor, exponent] of [
      ['392', 1500, '0'],
      ['048', 12345, '3'],
      ['840', 99, '2'],
    ] as const) {
      const { transaction, context } = await start({ amountMinor, currency });
      await fixture.server.authenticate(transaction, context);
      const areq = fixture.directory.last;
      assert.equal(areq.purchaseCurrency, currency);
      assert.equal(areq.purchaseAmount, String(amountMinor));
      assert.equal(areq.purchaseExponent, exponent, currency);
    }
  });

  test('purchaseDate comes from the injected clock, in UTC', async () => {
    const days = 3;
    fixture.clock.advance(days * 86_400_000);
    const before = fixture.clock.nowMs();
    const { transaction, context } = await start();
    await fixture.server.authenticate(transaction, context);
    const dateMs = purchaseDateMs(fixture.directory.last.purchaseDate);
    assert.ok(dateMs >= Math.floor(before / 1000) * 1000, 'purchaseDate is behind the injected clock');
    assert.ok(dateMs > Date.now() + (days - 1) * 86_400_000, 'purchaseDate is the real time, not the clock');
  });

  test('the version: 2.1.0 by default, 2.2.0 on request, the ACS version when it runs only that', async () => {
    const cases: [string, MessageVersion | undefined, MessageVersion][] = [
      [WITH_METHOD, undefined, '2.1.0'],
      [WITH_METHOD, '2.1.0', '2.1.0'],
      [WITH_METHOD, '2.2.0', '2.2.0'],
      [ONLY_220, '2.1.0', '2.2.0'],
      [ONLY_220, undefined, '2.2.0'],
    ];
    for (const [pan, requestedVersion, expected] of cases) {
      const { transaction, context } = await start({ pan, requestedVersion });
      assert.equal(transaction.message_version, expected);
      await fixture.server.authenticate(transaction, context);
      assert.equal(fixture.directory.last.messageVersion, expected, `${pan} asking ${requestedVersion}`);
    }
  });

  test('the card is sealed at rest and the AReq is the only place its number goes', async () => {
    const { transaction } = await start();
    assert.ok(transaction.card_sealed !== null);
    assert.ok(!transaction.card_sealed.includes(WITH_METHOD));
    assert.equal(fixture.server.openCard(transaction).pan, WITH_METHOD);
  });

  test('a frictionless Y hands the transaction to its caller for paying; a C hands back a CReq naming the ACS transaction', async () => {
    const frictionless = await start();
    const outcome = await fixture.server.authenticate(frictionless.transaction, frictionless.context);
    assert.equal(outcome.kind, 'authenticated');
    assert.equal(
      (await fixture.server.authenticate(frictionless.transaction, frictionless.context)).kind,
      'busy',
    );
    const done = await fresh(frictionless.transaction);
    assert.equal(done.stage, 'paying');
    assert.equal(done.ares_status, 'Y');
    assert.equal(done.eci, '05');

    fixture.directory.answer = (request) => fixture.directory.ares(request, 'C');
    const challenged = await start({ pan: CHALLENGE, requestedVersion: '2.2.0' });
    const challenge = await fixture.server.authenticate(challenged.transaction, challenged.context);
    assert.equal(challenge.kind, 'challenge');
    if (challenge.kind !== 'challenge') return;
    assert.equal(challenge.acsUrl, 'https://acs.test/challenge');
    assert.deepEqual(unpackJson(challenge.packedCReq), {
      threeDSServerTransID: challenged.transaction.id,
      acsTransID: challenge.ares.acsTransID,
      messageType: 'CReq',
      messageVersion: '2.2.0',
      challengeWindowSize: '05',
    });
    assert.equal((await fresh(challenged.transaction)).stage, 'challenge');
    // Repeating the AReq sends nothing: the transaction has left its method stage.
    const sent = fixture.directory.areqs.length;
    assert.equal(
      (await fixture.server.authenticate(challenged.transaction, challenged.context)).kind,
      'busy',
    );
    assert.equal(fixture.directory.areqs.length, sent);
  });

  test('an RReq is recorded once, only for the ACS transaction of the ARes', async () => {
    fixture.directory.answer = (request) => fixture.directory.ares(request, 'C');
    const { transaction, context } = await start({ pan: CHALLENGE });
    const outcome = await fixture.server.authenticate(transaction, context);
    assert.equal(outcome.kind, 'challenge');
    if (outcome.kind !== 'challenge') return;
    const rreq = {
      messageType: 'RReq',
      messageVersion: '2.1.0',
      threeDSServerTransID: transaction.id,
      acsTransID: outcome.ares.acsTransID,
      dsTransID: outcome.ares.dsTransID,
      messageCategory: '01',
      transStatus: 'N',
      transStatusReason: '01',
      interactionCounter: '01',
    } as const;
    const cres = { threeDSServerTransID: transaction.id, acsTransID: outcome.ares.acsTransID };
    const base = {
      messageType: 'CRes',
      messageVersion: '2.1.0',
      transStatus: 'Y',
      challengeCompletionInd: 'Y',
    };
    // A CRes before the ACS reported any result is not one the ACS sent.
    assert.equal(await fixture.server.readChallengeResult(packJson({ ...cres, ...base })), undefined);
    const stranger = await fixture.server.results({ ...rreq, acsTransID: randomUUID(), transStatus: 'Y' });
    assert.equal(stranger.resultsStatus, '03');
    assert.equal((await fresh(transaction)).rreq_status, null);
    const first = await fixture.server.results(rreq);
    assert.equal(first.messageType, 'RRes');
    assert.equal(first.resultsStatus, '01');
    const again = await fixture.server.results({ ...rreq, transStatus: 'Y', eci: '05' });
    assert.equal(again.resultsStatus, '03');
    const recorded = await fresh(transaction);
    assert.equal(recorded.rreq_status, 'N');
    assert.equal(recorded.eci, null);

    assert.equal(
      (await fixture.server.readChallengeResult(packJson({ ...cres, ...base })))?.transaction.id,
      transaction.id,
    );
    assert.equal(
      await fixture.server.readChallengeResult(packJson({ ...cres, ...base, acsTransID: randomUUID() })),
      undefined,
    );
  });
});

describe('authentication value and ECI', () => {
  test('the authentication value is 20 bytes in standard Base64 (28 characters), stable per transaction', () => {
    const key = randomBytes(32);
    for (let index = 0; index < 50; index += 1) {
      const acsTransID = randomUUID();
      const value = authenticationValue(key, acsTransID, 'Y');
      assert.equal(value.length, 28);
      assert.match(value, /^[A-Za-z0-9+/]{27}=$/);
      assert.equal(Buffer.from(value, 'base64').length, 20);
      assert.equal(authenticationValue(key, acsTransID, 'Y'), value);
      assert.notEqual(authenticationValue(key, acsTransID, 'A'), value);
      assert.notEqual(authenticationValue(randomBytes(32), acsTransID, 'Y'), value);
    }
  });

  test('eciFor: 05/06/07 for network V (and other networks), 02/01/00 for M', () => {
    assert.deepEqual(
      (['Y', 'A', 'failed'] as const).map((result) => eciFor('V', result)),
      ['05', '06', '07'],
    );
    assert.deepEqual(
      (['Y', 'A', 'failed'] as const).map((result) => eciFor('M', result)),
      ['02', '01', '00'],
    );
    assert.deepEqual(
      (['Y', 'A', 'failed'] as const).map((result) => eciFor('OTHER', result)),
      ['05', '06', '07'],
    );
  });
});

describe('ThreeDsServer: a failure inside an authentication ends it (issue 40)', () => {
  const ended = async (transaction: ThreeDsTransaction, errorCode: string) => {
    const current = await fresh(transaction);
    assert.deepEqual([current.stage, current.ares_status, current.ares_reason], ['paying', 'U', errorCode]);
  };

  test('the directory call throwing: Erro 405 from the 3DS Server, the transaction out of authenticating', async () => {
    const { transaction, context } = await start({ pan: WITHOUT_METHOD });
    fixture.directory.answer = () => {
      throw new TypeError('Invalid JWK EC key');
    };
    const outcome = await fixture.server.authenticate(transaction, context);
    assert.equal(outcome.kind, 'error');
    if (outcome.kind !== 'error') return;
    assert.deepEqual([outcome.erro.errorCode, outcome.erro.errorComponent], ['405', 'S']);
    await ended(transaction, '405');
    assert.equal(faults.length, 1, 'the failure itself is reported');
    assert.equal((await fixture.server.authenticate(await fresh(transaction), context)).kind, 'busy');
  });

  test('the AReq failing to be built: Erro 404, and the directory never asked', async () => {
    const { transaction, context } = await start({ pan: WITHOUT_METHOD });
    const outcome = await fixture.server.authenticate({ ...transaction, card_sealed: null }, context);
    assert.equal(outcome.kind === 'error' ? outcome.erro.errorCode : outcome.kind, '404');
    await ended(transaction, '404');
    assert.equal(fixture.directory.areqs.length, 0);
  });
});
