import fc from 'fast-check';
import type { Engine } from './engines.js';
import { describeFailure, FUZZ_CONCURRENCY, FuzzStats, tryRequest, type FuzzFailure } from './fuzz-client.js';
import { prepareFuzzWorld } from './fuzz-world.js';
import { startTestGatehouse } from './gatehouse-harness.js';
import { fuzzRequest, type FuzzRequest } from './request-fuzz.js';

/** Requests generated at a time; chunk i uses seed + i, so a run is reproducible from its seed. */
const CHUNK = 500;
const FAILURES_SHOWN = 25;

export interface CampaignResult {
  readonly stats: FuzzStats;
  readonly failures: readonly FuzzFailure[];
  readonly logFile: string;
}

/**
 * The long run of `npm run fuzz`: `requests` generated requests against one engine, FUZZ_CONCURRENCY
 * at a time; unlike the test it does not stop at the first bad answer, it counts them all.
 */
export async function runFuzzCampaign(
  engine: Engine,
  requests: number,
  seed: number,
  progress: (line: string) => void,
): Promise<CampaignResult> {
  const gh = await startTestGatehouse(engine);
  try {
    const world = await prepareFuzzWorld(gh);
    const generator = fuzzRequest(world);
    const stats = new FuzzStats();
    const failures: FuzzFailure[] = [];
    for (let chunk = 0; chunk * CHUNK < requests; chunk += 1) {
      const count = Math.min(CHUNK, requests - chunk * CHUNK);
      const queue: FuzzRequest[] = fc.sample(generator, { seed: seed + chunk, numRuns: count });
      const worker = async () => {
        for (let request = queue.shift(); request !== undefined; request = queue.shift()) {
          const failure = await tryRequest(gh.baseUrl, request, stats);
          if (failure !== undefined) failures.push(failure);
        }
      };
      await Promise.all(Array.from({ length: FUZZ_CONCURRENCY }, worker));
      if ((chunk + 1) % 4 === 0) {
        progress(
          `  ${engine}: ${stats.sent} sent, ${stats.serverErrors} 5xx, ${failures.length} bad answers`,
        );
      }
    }
    return { stats, failures, logFile: gh.logFile };
  } finally {
    await gh.close();
  }
}

export function reportCampaign(engine: Engine, result: CampaignResult): string {
  const { stats, failures } = result;
  const lines = [
    stats.summary(`fuzz (${engine})`),
    `  bad answers: ${failures.length}; server log ${result.logFile}`,
  ];
  for (const failure of failures.slice(0, FAILURES_SHOWN)) lines.push(`  - ${describeFailure(failure)}`);
  if (failures.length > FAILURES_SHOWN) lines.push(`  ... and ${failures.length - FAILURES_SHOWN} more`);
  return lines.join('\n');
}
