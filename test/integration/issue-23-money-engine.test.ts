import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AcquirerPort,
  AuthorizationAnswer,
  AuthorizationRequest,
  Inquiry,
  UnknownOutcome,
} from '../../src/processing/acquirer/acquirer-port.js';
import { STEP_ATTEMPTS_MAX, STEP_BACKOFF_MAX_MS } from '../../src/services/money-steps/step-policy.js';
import { ledgerOf, movedBy } from '../support/acquirer-ledger.js';
import { boundAcquirer } from '../support/bound-acquirer.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';
import { STORE_CHECKS_ENV } from '../../src/store-engine/store-checks.js';

const ACQUIRER_TIMEOUT_MS = 400;
const GRACE_MS = 60_000;

/** Debits and inquiries the test holds back, and an inquiry that throws for one id. */
class HeldAcquirer {
  heldDebits = new Map<string, (release: void) => void>();
  holdDebits = false;
  throwOnInquiry = new Set<string>();

  wrap(sandbox: AcquirerPort): AcquirerPort {
    return {
      ...boundAcquirer(sandbox),
      debit: async (request: AuthorizationRequest): Promise<AuthorizationAnswer | UnknownOutcome> => {
        const answer = await sandbox.debit(request);
        // The acquirer answered; the gateway's live process stalls before it writes the outcome.
        if (this.holdDebits)
          await new Promise<void>((resolve) => this.heldDebits.set(request.orderId, resolve));
        return answer;
      },
      inquire: (operationId: string): Promise<Inquiry | UnknownOutcome> => {
        if (this.throwOnInquiry.has(operationId)) throw new Error(`inquiry ${operationId} broke`);
        return sandbox.inquire(operationId);
      },
    };
  }
}

for (const engine of ENGINES) {
  describe(`${engine}: one money engine (issue 23)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;
    const held = new HeldAcquirer();

    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) },
        acquirerWrapper: (sandbox) => held.wrap(sandbox),
      });
      gh.expectErrorLog(
        /money step needs attention/,
        'the tests make the acquirer refuse reversals for good',
      );
      shop = await createP2pMerchant(gh);
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
    });
    after(() => gh.close());

    const register = async (amount = 10000) => {
      const answer = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount,
          currency: '978',
          returnUrl: 'https://shop.example/done',
        })
      ).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      return String(answer.orderId);
    };
    const status = async (orderId: string) => (await shop.call('getP2PStatus.do', { orderId })).body;
    const steps = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select(['kind', 'state', 'attempts', 'last_error'])
        .where('order_id', '=', orderId)
        .orderBy('created_at_ms')
        .execute();
    const recover = async () => {
      gh.clock.advance(STEP_BACKOFF_MAX_MS + ACQUIRER_TIMEOUT_MS + GRACE_MS + 1);
      await gh.gatehouse.jobs.run('money-step-recovery');
    };

    test('a refused reversal is not a reversal: retried, then refused for good, it needs attention and the debit stands', async () => {
      const orderId = await register();
      const performed = (
        await shop.call(
          'performP2P.do',
          { orderId, fromCard: CARD('4000000000000325'), toCard: { pan: '4000000000000002' } },
          { allowSystemError: true },
        )
      ).body;
      // Neither made nor given back yet: the transfer is pending (errorCode 7, "pending"), not declined.
      assert.equal(performed.errorCode, '7', JSON.stringify(performed));
      const afterLive = await steps(orderId);
      assert.deepEqual(
        afterLive.map((step) => [step.kind, step.state]),
        [
          ['debit', 'approved'],
          ['transferCredit', 'declined'],
          ['debitReversal', 'pending'],
        ],
        'the first refusal is retryable: the reversal waits for its next attempt',
      );
      await recover();
      const settled = await steps(orderId);
      const reversal = settled.find((step) => step.kind === 'debitReversal');
      assert.equal(reversal?.state, 'needsAttention');
      assert.match(String(reversal?.last_error), /refused the reversal .*for good/);
      const read = await status(orderId);
      const legs = (read.operationList as Record<string, unknown>[]).map((leg) => [
        leg.operationType,
        leg.resultCode,
      ]);
      assert.deepEqual(
        legs,
        [
          ['DEBIT', '0'],
          ['CREDIT', '100'],
          ['REVERSAL', '100'],
        ],
        'the debit stands, approved, beside its refused reversal',
      );
      assert.notEqual(read.orderStatus, 6, 'not read as declined-and-given-back');
      assert.notEqual(read.orderStatus, 2, 'not read as transferred');
      const ledger = await ledgerOf(gh, orderId);
      assert.deepEqual(
        movedBy(ledger),
        { taken: 10000, given: 0, credited: 0 },
        'the payer is still debited',
      );
      const sentReversal = ledger.find((entry) => entry.call === 'reverse');
      assert.equal(sentReversal?.calls, 2, 'sent twice: retryable, then final');
      assert.equal(sentReversal?.originalId, ledger.find((entry) => entry.call === 'debit')?.operationId);
      const listed = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('state', '=', 'needsAttention')
        .where('order_id', '=', orderId)
        .execute();
      assert.equal(listed.length, 1);
    });

    test(`a reversal refused retryably every time needs attention after ${STEP_ATTEMPTS_MAX} attempts`, async () => {
      const orderId = await register(5000);
      await shop.call(
        'performP2P.do',
        { orderId, fromCard: CARD('4000000000000333'), toCard: { pan: '4000000000000002' } },
        { allowSystemError: true },
      );
      for (let run = 0; run < STEP_ATTEMPTS_MAX; run += 1) await recover();
      const reversal = (await steps(orderId)).find((step) => step.kind === 'debitReversal');
      assert.equal(reversal?.state, 'needsAttention');
      assert.equal(reversal?.attempts, STEP_ATTEMPTS_MAX);
      assert.match(String(reversal?.last_error), /after 10 attempts/);
      assert.deepEqual(movedBy(await ledgerOf(gh, orderId)), { taken: 5000, given: 0, credited: 0 });
    });

    test('the live debit outcome arriving after recovery started moves money exactly once', async () => {
      const orderId = await register(7000);
      held.holdDebits = true;
      const live = shop.call('performP2P.do', {
        orderId,
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '5555555555554444' },
      });
      while (!held.heldDebits.has(orderId)) await new Promise((resolve) => setTimeout(resolve, 10));
      held.holdDebits = false;
      // The live process stalls past timeout + grace; the recovery job takes the debit as lost.
      await recover();
      held.heldDebits.get(orderId)?.();
      const answer = (await live).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      await recover();
      const ledger = await ledgerOf(gh, orderId);
      assert.deepEqual(
        ledger.map((entry) => entry.call),
        ['debit', 'reverse'],
        'debited once, given back once, never credited',
      );
      assert.deepEqual(movedBy(ledger), { taken: 7000, given: 7000, credited: 0 });
      assert.equal((await status(orderId)).orderStatus, 6);
    });

    test('a recovery item that throws does not stop the next one; it is counted and tried again later', async () => {
      const broken = await register(1100);
      const fine = await register(1200);
      for (const orderId of [broken, fine]) {
        await shop.call(
          'performP2P.do',
          { orderId, fromCard: CARD('4000000000000309'), toCard: { pan: '5555555555554444' } },
          { allowSystemError: true },
        );
      }
      const debitOf = async (orderId: string) =>
        (
          await gh.gatehouse.store.db
            .selectFrom('order_operations')
            .select('id')
            .where('order_id', '=', orderId)
            .where('kind', '=', 'debit')
            .executeTakeFirstOrThrow()
        ).id;
      held.throwOnInquiry.add(await debitOf(broken));
      gh.expectErrorLog(/money step failed/, 'the test breaks one inquiry on purpose');
      await recover();
      const brokenStep = (await steps(broken)).find((step) => step.kind === 'debit');
      assert.equal(brokenStep?.state, 'pending');
      assert.equal(brokenStep?.attempts, 1);
      assert.match(String(brokenStep?.last_error), /broke/);
      const fineSteps = await steps(fine);
      assert.deepEqual(
        fineSteps.map((step) => [step.kind, step.state]),
        [
          ['debit', 'approved'],
          ['debitReversal', 'pending'],
        ],
        'the next item ran: its lost debit was found approved and its reversal sent (its answer lost too)',
      );
      held.throwOnInquiry.clear();
      await recover();
      assert.equal((await steps(fine)).find((step) => step.kind === 'debitReversal')?.state, 'approved');
      assert.deepEqual(movedBy(await ledgerOf(gh, fine)), { taken: 1200, given: 1200, credited: 0 });
      assert.equal((await steps(broken)).find((step) => step.kind === 'debit')?.state, 'approved');
    });

    test('refund.do, reverse.do and deposit.do do not find a made transfer: no money is created', async () => {
      const orderId = await register(3000);
      const made = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      for (const [call, extra] of [
        ['refund.do', { amount: 0 }],
        ['reverse.do', {}],
        ['deposit.do', { amount: 0 }],
      ] as const) {
        const answer = await gh.post(`/payment/rest/${call}`, {
          userName: shop.auth.username,
          password: shop.auth.password,
          orderId,
          ...extra,
        });
        assert.equal(answer.body.errorCode, '6', `${call}: ${answer.text}`);
      }
      assert.equal((await status(orderId)).orderStatus, 2);
      assert.deepEqual(
        (await ledgerOf(gh, orderId)).map((entry) => entry.call),
        ['debit', 'credit'],
        'nothing was sent back to the acquirer',
      );
    });

    test('a due hold behind one whose capture is pending is still captured (automatic holds)', async () => {
      const who = (
        await gh.createMerchant({ permissions: ['preAuth', 'autoCompletion'], rateLimitPerSecond: 10_000 })
      ).auth;
      const at = (offsetMs: number) => new Date(gh.clock.nowMs() + offsetMs).toISOString().slice(0, 19);
      const hold = async (pan: string, dueInMs: number) => {
        const answer = await gh.post('/payment/rest/instantPayment.do', {
          ...who,
          amount: 900,
          pan,
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          preAuth: true,
          autocompletionDate: at(dueInMs),
        });
        assert.equal(answer.body.errorCode, '0', answer.text);
        return String(answer.body.orderId);
      };
      // The first hold's capture answer is lost (0259): its capture stays pending, a refusal of
      // "operation pending" the job must take in its stride.
      const pendingOne = await hold('4000000000000259', 60_000);
      const next = await hold('4111111111111111', 120_000);
      gh.clock.advance(180_000);
      await gh.gatehouse.jobs.run('automatic-hold-actions');
      const read = async (orderId: string) =>
        (await gh.post('/payment/rest/getOrderStatusExtended.do', { ...who, orderId })).body.orderStatus;
      assert.equal(await read(next), 2, 'the hold behind the pending one is captured');
      assert.equal(await read(pendingOne), 2, 'the pending capture is applied (its answer awaited)');
    });

    test('gatehouse attention lists the step with its order and masked card, and resolve records a note once', async () => {
      const orderId = await register(4200);
      await shop.call(
        'performP2P.do',
        { orderId, fromCard: CARD('4000000000000325'), toCard: { pan: '4000000000000002' } },
        { allowSystemError: true },
      );
      await recover();
      const cli = (args: readonly string[]) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const env: Record<string, string> = {};
          for (const [name, value] of Object.entries(process.env))
            // The store checks (src/store-engine/store-checks.ts) follow the CLI too: its unit is checked.
            if (value !== undefined && (!name.startsWith('GATEHOUSE_') || name === STORE_CHECKS_ENV))
              env[name] = value;
          execFile(
            process.execPath,
            [join(process.cwd(), 'bin/gatehouse.js'), 'attention', ...args],
            {
              env: {
                ...env,
                GATEHOUSE_DB: gh.database.url,
                GATEHOUSE_DATA_DIR: gh.database.dataDir,
                GATEHOUSE_MASTER_KEY: gh.gatehouse.config.masterKeyBase64,
                GATEHOUSE_LOG_LEVEL: 'silent',
              },
              encoding: 'utf8',
              timeout: 30_000,
            },
            (error, stdout, stderr) =>
              resolve({
                code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
                stdout,
                stderr,
              }),
          );
        });
      const listed = await cli(['list', '--json']);
      assert.equal(listed.code, 0, listed.stderr);
      const steps = JSON.parse(listed.stdout) as Record<string, unknown>[];
      const step = steps.find((candidate) => candidate.orderId === orderId);
      assert.ok(step !== undefined, listed.stdout);
      assert.equal(step.kind, 'debitReversal');
      assert.equal(step.state, 'needsAttention');
      assert.equal(step.maskedPan, '400000**0325');
      assert.doesNotMatch(listed.stdout, /4000000000000325/, 'never a full card number');
      const resolved = await cli([
        'resolve',
        '--id',
        String(step.id),
        '--note',
        'reversed by hand at the acquirer',
        '--by',
        'ops',
      ]);
      assert.equal(resolved.code, 0, resolved.stderr);
      const again = await cli(['resolve', '--id', String(step.id), '--note', 'twice']);
      assert.notEqual(again.code, 0, 'a resolved step cannot be resolved again');
      assert.match(again.stderr, /resolved, not waiting for attention/);
      const shown = JSON.parse((await cli(['show', '--id', String(step.id), '--json'])).stdout) as Record<
        string,
        unknown
      >;
      assert.equal(shown.state, 'resolved');
      assert.deepEqual(
        (shown.resolution as Record<string, unknown>).note,
        'reversed by hand at the acquirer',
      );
      assert.equal((shown.resolution as Record<string, unknown>).by, 'ops');
      const stillListed = JSON.parse((await cli(['list', '--json'])).stdout) as Record<string, unknown>[];
      assert.ok(
        !stillListed.some((candidate) => candidate.id === step.id),
        'a resolved step leaves the list',
      );
      assert.deepEqual(
        movedBy(await ledgerOf(gh, orderId)),
        { taken: 4200, given: 0, credited: 0 },
        'resolving moves no money',
      );
    });
  });
}
