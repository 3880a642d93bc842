import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { crashTrialFailures, describeCrashTrial, runCrashTrial } from '../support/crash-trial.js';
import { ENGINES } from '../support/engines.js';
import { killGatehouseProcesses } from '../support/gatehouse-process.js';

/**
 * Issue 9, crash safety as a test: a few kills per engine here, many in `npm run crash-trial`.
 * GATEHOUSE_CRASH_SEED replays a run's request mix and kill moments (not the scheduling).
 */
const SEED = Number(process.env.GATEHOUSE_CRASH_SEED ?? randomInt(2 ** 31));

for (const engine of ENGINES) {
  describe(`${engine}: kill -9 under load, restart, again (seed ${SEED})`, () => {
    after(() => killGatehouseProcesses());

    test(
      'every acknowledged order survives; every payment a kill cut off is finished by the recovery job',
      { timeout: 150_000 },
      async (t) => {
        const report = await runCrashTrial({
          engine,
          seed: SEED,
          cycles: 3,
          loadMs: [500, 2000],
          connections: 6,
          apiReadBackMax: 400,
          progress: (line) => t.diagnostic(line),
        });
        for (const line of describeCrashTrial(report).split('\n')) t.diagnostic(line);
        assert.deepEqual(crashTrialFailures(report), []);
      },
    );
  });
}
