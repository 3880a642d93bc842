import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  crashTrialFailures,
  describeCrashTrial,
  runCrashTrial,
  type CrashTrialReport,
} from '../test/support/crash-trial.js';
import type { Engine } from '../test/support/engines.js';
import { killGatehouseProcesses } from '../test/support/gatehouse-process.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/support/throwaway-postgres.js';

/**
 * npm run crash-trial [-- --cycles 15 --seed N --engines sqlite,postgres --connections 8 --load-ms 1000,4000]
 *
 * The crash trial of test/integration/crash-safety.test.ts with more kills: `gatehouse serve` under
 * load, SIGKILL at seeded random moments, restarts, then every acknowledged order read back and every
 * interrupted payment checked finished by the recovery job. PostgreSQL runs on GATEHOUSE_TEST_PG_URL
 * when set, else on a throwaway server started here. Exits 1 when any engine lost or left anything.
 */
const USAGE =
  'usage: node dist/bench/crash-trial.js [--cycles N] [--seed N] [--engines sqlite,postgres] [--connections N] [--load-ms MIN,MAX]';

function wholeNumber(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} expects a whole number, got "${raw}"\n${USAGE}`);
  return Number(raw);
}

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '15' },
    seed: { type: 'string' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    connections: { type: 'string', default: '8' },
    'load-ms': { type: 'string', default: '1000,4000' },
  },
});
const cycles = wholeNumber('cycles', values.cycles);
const seed = values.seed === undefined ? randomInt(2 ** 31) : wholeNumber('seed', values.seed);
const connections = wholeNumber('connections', values.connections);
const [loadMin, loadMax] = values['load-ms'].split(',').map((part) => wholeNumber('load-ms', part));
if (loadMin === undefined || loadMax === undefined || loadMax < loadMin || connections < 2 || cycles < 1) {
  throw new Error(USAGE);
}
const engines = values.engines.split(',').map((name) => name.trim());
if (engines.some((name) => name !== 'sqlite' && name !== 'postgres')) throw new Error(USAGE);

let postgres: ThrowawayPostgres | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killGatehouseProcesses();
    postgres?.stop();
    process.exit(1);
  });
}

console.log(`crash trial: seed ${seed}, ${cycles} kills per engine, ${connections} connections`);
const reports: CrashTrialReport[] = [];
let failed = false;
try {
  for (const engine of engines as Engine[]) {
    if (engine === 'postgres' && process.env.GATEHOUSE_TEST_PG_URL === undefined) {
      postgres = await startThrowawayPostgres();
      if (postgres === undefined) {
        console.warn('postgres: skipped, pg_ctl/initdb not found and GATEHOUSE_TEST_PG_URL not set');
        continue;
      }
      process.env.GATEHOUSE_TEST_PG_URL = postgres.url;
    }
    const report = await runCrashTrial({
      engine,
      seed,
      cycles,
      loadMs: [loadMin, loadMax],
      connections,
      progress: (line) => console.log(line),
    });
    reports.push(report);
    console.log(describeCrashTrial(report));
    const failures = crashTrialFailures(report);
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    failed ||= failures.length > 0;
  }
} finally {
  killGatehouseProcesses();
  postgres?.stop();
}

console.log('\nengine    cycles  acknowledged  lost  interrupted  recovered  pending  recovery-ms  seconds');
for (const r of reports) {
  console.log(
    [
      r.engine.padEnd(8),
      String(r.cycles).padStart(6),
      String(r.acknowledged).padStart(12),
      String(r.lost.length).padStart(4),
      String(r.interrupted).padStart(11),
      String(r.recovered).padStart(9),
      String(r.pendingLeft.length).padStart(7),
      String(r.recoveryMs).padStart(11),
      r.seconds.toFixed(1).padStart(7),
    ].join('  '),
  );
}
console.log(`seed ${seed}: ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
