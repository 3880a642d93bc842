import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ServingProcessRepository } from '../../src/store/serving-process-repository.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/*
 * Issue 28: a merchant's rate limit holds for the deployment, not for each node. Every serving
 * process enforces the limit divided by the processes serving_processes lists as alive. Each burst
 * holds the nodes' test clocks, so no bucket refills during it: each node lets exactly its share
 * through (a clock on real time let 46 of 50 through once the requests no longer queued behind
 * one password check).
 */
const LIMIT = 30;
const STATUS = '/payment/rest/getOrderStatusExtended.do';

for (const engine of ENGINES) {
  describe(`${engine}: limits shared across nodes (issue 28)`, () => {
    let first: TestGatehouse;
    let second: TestGatehouse;
    let secondClosed = false;

    before(async () => {
      first = await startTestGatehouse(engine);
      second = await startTestGatehouse(engine, { sameDatabaseAs: first });
      await first.gatehouse.presence.beat();
    });
    after(async () => {
      if (!secondClosed) await second.close();
      await first.close();
    });

    /** Sends `count` status requests of a fresh merchant, alternating over `nodes`; tallies the answers. */
    async function burst(nodes: readonly TestGatehouse[], count: number) {
      const { auth } = await first.createMerchant({ rateLimitPerSecond: LIMIT, concurrentLimit: 1_000 });
      for (const node of nodes) node.clock.hold();
      let answers;
      try {
        answers = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            nodes[i % nodes.length]!.post(
              STATUS,
              { ...auth, orderId: randomUUID() },
              { allowServerError: true },
            ),
          ),
        );
      } finally {
        for (const node of nodes) node.clock.release();
      }
      const limited = answers.filter((answer) => answer.status === 429);
      return {
        served: answers.filter((answer) => answer.status === 200).length,
        limited: limited.length,
        retryAfter: new Set(limited.map((answer) => answer.headers.get('retry-after'))),
        errorCodes: new Set(limited.map((answer) => answer.body.errorCode)),
      };
    }

    test('two nodes let the limit through between them, not twice it; a 429 says when to retry', async () => {
      assert.equal(first.gatehouse.presence.processes, 2);
      assert.equal(second.gatehouse.presence.processes, 2);
      const tally = await burst([first, second], LIMIT + 20);
      assert.equal(tally.served, LIMIT);
      assert.equal(tally.limited, 20);
      assert.deepEqual([...tally.retryAfter], ['1']);
      assert.deepEqual([...tally.errorCodes], ['7']);
    });

    test('a process another node runs counts at once; one silent past the deadline does not', async () => {
      const writes = first.gatehouse.store.writes;
      const otherNode = { id: randomUUID(), host: 'node-c', pid: 1, started_at_ms: Date.now() };
      const killed = { id: randomUUID(), host: 'node-d', pid: 2, started_at_ms: Date.now() - 60_000 };
      await writes.run((db) => ServingProcessRepository.beat(db, otherNode, Date.now()));
      await writes.run((db) => ServingProcessRepository.beat(db, killed, Date.now() - 60_000));
      await first.gatehouse.presence.beat();
      assert.equal(first.gatehouse.presence.processes, 3);
      const tally = await burst([first], LIMIT);
      assert.equal(tally.served, LIMIT / 3, 'one node of three serves a third of the limit');
      await writes.run((db) => ServingProcessRepository.forget(db, otherNode.id));
      await writes.run((db) => ServingProcessRepository.forget(db, killed.id));
    });

    test('a node that stops cleanly leaves its share to the others at their next beat', async () => {
      await second.close();
      secondClosed = true;
      await first.gatehouse.presence.beat();
      assert.equal(first.gatehouse.presence.processes, 1);
      const tally = await burst([first], LIMIT + 5);
      assert.equal(tally.served, LIMIT);
      assert.equal(tally.limited, 5);
    });
  });
}
