#!/usr/bin/env node
// The long input-fuzz run (issue 9): the generators of test/support/request-fuzz.ts, N requests
// per engine against a real test server, on SQLite and on a throwaway PostgreSQL started here.
// Usage: npm run fuzz -- [--requests 20000] [--seed S] [--engines sqlite,postgres]
// Prints per engine the requests sent, the status histogram, the number of 5xx and the time;
// exits non-zero when any answer was a 5xx, lacked the spec's envelope or echoed card data.
import { parseArgs } from 'node:util';
// The one PostgreSQL starter (test/support/throwaway-postgres.ts), built before this runs.
import { findPgBin, startThrowawayPostgres } from '../dist/test/support/throwaway-postgres.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    engines: { type: 'string', default: process.env.GATEHOUSE_TEST_ENGINES ?? 'sqlite,postgres' },
  },
});
const requests = Number(values.requests);
if (!Number.isSafeInteger(requests) || requests < 1)
  throw new Error(`--requests: not a count: ${values.requests}`);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isSafeInteger(seed)) throw new Error(`--seed: not an integer: ${values.seed}`);
const engines = values.engines.split(',').map((name) => name.trim());

let postgres;
if (engines.includes('postgres')) {
  const bin = findPgBin();
  if (bin === undefined)
    throw new Error('PostgreSQL (pg_ctl, initdb) is not installed; use --engines sqlite');
  postgres = await startThrowawayPostgres(bin);
  process.env.GATEHOUSE_TEST_PG_URL = postgres.url;
}

let bad = 0;
try {
  // Imported after GATEHOUSE_TEST_PG_URL is set: the test support reads it.
  const { runFuzzCampaign, reportCampaign } = await import('../dist/test/support/fuzz-campaign.js');
  console.log(`fuzz: ${requests} requests per engine, seed ${seed} (--seed ${seed} replays the requests)`);
  for (const engine of engines) {
    const result = await runFuzzCampaign(engine, requests, seed, (line) => console.log(line));
    console.log(reportCampaign(engine, result));
    bad += result.failures.length;
  }
} finally {
  postgres?.stop();
}
process.exit(bad === 0 ? 0 : 1);
