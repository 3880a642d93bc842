import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PRESENCE_INTERVAL_MS } from '../src/services/serving-presence.js';
import { createMerchant } from '../test/support/crash-trial.js';
import { startProcess, stopped } from './harness.js';
import { ROOT } from './world.js';

/**
 * Issue 28's shared limit, measured: `nodes` Gatehouse processes (one worker each) on one
 * PostgreSQL, a merchant limited to `limitPerSecond`, and closed-loop load from `connections`
 * connections split evenly over the nodes, far above the limit. What counts is how many requests a
 * second all the nodes together served (HTTP 200) against the merchant's limit: each node enforces
 * its share, the limit divided by the live processes (src/services/serving-presence.ts).
 */
export interface SharedLimitRound {
  readonly servedPerSecond: number;
  readonly limitedPerSecond: number;
  /** Served per second by each node. */
  readonly perNode: readonly number[];
  readonly otherAnswers: number;
}

export interface SharedLimitReading {
  readonly nodes: number;
  readonly limitPerSecond: number;
  readonly connections: number;
  readonly durationS: number;
  readonly rounds: readonly SharedLimitRound[];
}

const LOGIN = 'limited';
const STATUS = '/payment/rest/getOrderStatusExtended.do';

async function limitedMerchantBody(env: Record<string, string>, limitPerSecond: number): Promise<string> {
  const auth = await createMerchant(env, LOGIN, ['--rate-limit', String(limitPerSecond)]);
  // An order nobody has: every served answer is errorCode 6, a full pass through the pipeline.
  return `userName=${auth.userName}&password=${auth.password}&orderId=00000000-0000-4000-8000-000000000000`;
}

async function round(urls: readonly string[], body: string, connections: number, durationS: number) {
  const share = Math.max(1, Math.round(connections / urls.length));
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: share,
        duration: durationS,
        requests: [
          {
            method: 'POST',
            path: STATUS,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          },
        ],
      }),
    ),
  );
  const served = results.map((result) => result['2xx'] / result.duration);
  return {
    servedPerSecond: served.reduce((sum, value) => sum + value, 0),
    limitedPerSecond: results.reduce((sum, result) => sum + result.non2xx / result.duration, 0),
    perNode: served,
    otherAnswers: results.reduce(
      (sum, result) => sum + result.errors + result.non2xx - (result.statusCodeStats?.['429']?.count ?? 0),
      0,
    ),
  };
}

export async function measureSharedLimit(options: {
  readonly env: Record<string, string>;
  readonly nodes: number;
  readonly limitPerSecond: number;
  readonly connections: number;
  readonly durationS: number;
  readonly rounds: number;
}): Promise<SharedLimitReading> {
  const body = await limitedMerchantBody(options.env, options.limitPerSecond);
  const nodes: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    for (let index = 0; index < options.nodes; index += 1) {
      const node = await startProcess([join(ROOT, 'bin/gatehouse.js'), 'serve'], {
        ...options.env,
        GATEHOUSE_WORKERS: '1',
      });
      nodes.push(node.child);
      urls.push(`http://127.0.0.1:${node.port}`);
    }
    // Every node has beaten and read the others' beats; the warm-up round empties the full buckets.
    await new Promise((resolve) => setTimeout(resolve, 2 * PRESENCE_INTERVAL_MS + 500));
    await round(urls, body, options.connections, 2);
    const rounds: SharedLimitRound[] = [];
    for (let index = 0; index < options.rounds; index += 1) {
      rounds.push(await round(urls, body, options.connections, options.durationS));
    }
    return { ...options, rounds };
  } finally {
    await Promise.all(nodes.map(stopped));
  }
}

export function printSharedLimit(reading: SharedLimitReading | undefined): void {
  if (reading === undefined) return;
  const served = reading.rounds.map((r) => r.servedPerSecond).sort((a, b) => a - b);
  const median = served[Math.floor(served.length / 2)] ?? 0;
  console.log(
    `\nshared limit: a merchant limited to ${reading.limitPerSecond} req/s, ${reading.nodes} nodes of one worker, ${reading.connections} connections split over them, ${reading.rounds.length} rounds of ${reading.durationS} s`,
  );
  for (const [index, r] of reading.rounds.entries()) {
    console.log(
      `  round ${index + 1}: served ${r.servedPerSecond.toFixed(1)} req/s (per node ${r.perNode.map((n) => n.toFixed(1)).join(' / ')}), refused 429 ${r.limitedPerSecond.toFixed(0)} req/s, other answers ${r.otherAnswers}`,
    );
  }
  console.log(
    `  median served ${median.toFixed(1)} req/s = ${((median / reading.limitPerSecond) * 100).toFixed(1)} % of the limit`,
  );
}
