import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ENGINES } from '../support/engines.js';
import {
  describeFailure,
  FUZZ_CONCURRENCY,
  FuzzStats,
  fuzzSeed,
  tryRequest,
  type FuzzFailure,
} from '../support/fuzz-client.js';
import { prepareFuzzWorld } from '../support/fuzz-world.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { fuzzRequest, type FuzzWorld } from '../support/request-fuzz.js';

/**
 * Issue 9, "the trials as tests": requests generated from every operation's parameter table,
 * malformed in every way the generators know (test/support/request-fuzz.ts), against the real
 * HTTP server. Never a 5xx, always the spec's envelope, never a card number or CVC echoed.
 * Replay a run with GATEHOUSE_FUZZ_SEED=<the printed seed>; `npm run fuzz` runs longer.
 */
const REST = '/payment/rest';
const CASES = Number(process.env.GATEHOUSE_FUZZ_CASES ?? 3200);
const SEED = fuzzSeed();

for (const engine of ENGINES) {
  describe(`input fuzzing (${engine})`, () => {
    let gh: TestGatehouse;
    let world: FuzzWorld;

    before(async () => {
      gh = await startTestGatehouse(engine);
      world = await prepareFuzzWorld(gh);
    });
    after(() => gh.close());

    test(`${CASES} generated requests: no 5xx, the envelope, no card data echoed`, async () => {
      console.log(`input fuzz (${engine}): seed ${SEED}; replay with GATEHOUSE_FUZZ_SEED=${SEED}`);
      const stats = new FuzzStats();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fuzzRequest(world), { minLength: FUZZ_CONCURRENCY, maxLength: FUZZ_CONCURRENCY }),
          async (batch) => {
            const failures = (
              await Promise.all(batch.map((request) => tryRequest(gh.baseUrl, request, stats)))
            ).filter((failure): failure is FuzzFailure => failure !== undefined);
            if (failures.length > 0) {
              throw new Error(
                `${failures.length} bad answer(s):\n${failures.map(describeFailure).join('\n')}`,
              );
            }
          },
        ),
        // Each case is a batch sent at once; the server's state moves on, so shrinking would chase ghosts.
        { seed: SEED, numRuns: Math.ceil(CASES / FUZZ_CONCURRENCY), endOnFailure: true },
      );
      console.log(stats.summary(`input fuzz (${engine})`));
      // The generators must reach every operation, and past authentication into them.
      assert.equal(stats.byOperation.size, world.operations.length, [...stats.byOperation.keys()].join(' '));
      assert.ok(stats.successes >= stats.sent / 50, `only ${stats.successes} of ${stats.sent} got through`);
    });

    // Found by this fuzzing: these were answered with the REST envelope (and an unrouted method with 404).
    test("a refusal made before the operation runs has the operation's envelope", async () => {
      const limit = gh.gatehouse.config.bodyLimitBytes;
      const cases = [
        { path: `${REST}/getOrderStatus.do`, options: { rawBody: `orderId=${'1'.repeat(limit)}` } },
        { path: `${REST}/getOrderStatus.do`, options: { contentType: ';', rawBody: 'orderId=1' } },
        { path: `${REST}/instantPayment.do`, options: { rawBody: `amount=${'1'.repeat(limit)}` } },
        { path: `${REST}/instantPayment.do`, options: { contentType: '', rawBody: 'amount=1' } },
        { path: `${REST}/paymentOrderBinding.do`, options: { method: 'PROPFIND' } },
        { path: `${REST}/getOrderStatus.do`, options: { method: 'PROPFIND' } },
      ];
      for (const { path, options } of cases) {
        const response = await gh.post(path, {}, options);
        const what = `${options.method ?? 'POST'} ${path}: ${response.text}`;
        assert.equal(response.status, 400, what);
        const [code, message] = path.endsWith('getOrderStatus.do')
          ? ['ErrorCode', 'ErrorMessage']
          : ['errorCode', 'error'];
        assert.equal(response.body[code], '5', what);
        assert.equal(typeof response.body[message], 'string', what);
      }
    });
  });
}
