import { sleep } from '../../test/support/payment-load.js';
import type { ThrowawayPostgres } from '../../test/support/throwaway-postgres.js';
import type { Cluster } from './cluster.js';
import type { ChaosReceiver } from './receiver.js';

export const FAULT_KINDS = ['none', 'node kill', 'pg restart', 'pg outage', 'callback 500s'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * When a fault was in force, up to its recovery (a node answering /health again, PostgreSQL up).
 * The HA trial (bench/ha-trial.ts) has faults of its own kinds.
 */
export interface FaultWindow<Kind extends string = Exclude<FaultKind, 'none'>> {
  readonly kind: Kind;
  readonly startMs: number;
  endMs: number;
  detail: string;
}

export interface FaultPlan {
  readonly kills: number;
  readonly pgRestarts: number;
  readonly outages: number;
  readonly callbackOutages: number;
}

export const OUTAGE_MS = 10_000;
export const CALLBACK_OUTAGE_MS = 8_000;
/** Load without a fault before each one, drawn in this range: each fault lands at a random moment. */
const QUIET_MS: readonly [number, number] = [2_000, 6_000];
/** A killed node stays down this long before it starts again (on a new port). */
const DOWN_MS: readonly [number, number] = [2_000, 5_000];
/** Counted into a fault's window after it ended: the first answers after it still feel it. */
const AFTERMATH_MS = 1_000;

/** The faults in a seeded order, one at a time, each after a seeded stretch of quiet load. */
export async function runFaults(
  plan: FaultPlan,
  random: () => number,
  world: { cluster: Cluster; postgres: ThrowawayPostgres; receiver: ChaosReceiver },
  windows: FaultWindow[],
  progress: (line: string) => void,
): Promise<void> {
  const kinds: FaultWindow['kind'][] = [
    ...Array<FaultWindow['kind']>(plan.kills).fill('node kill'),
    ...Array<FaultWindow['kind']>(plan.pgRestarts).fill('pg restart'),
    ...Array<FaultWindow['kind']>(plan.outages).fill('pg outage'),
    ...Array<FaultWindow['kind']>(plan.callbackOutages).fill('callback 500s'),
  ];
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const between = (range: readonly [number, number]) =>
    Math.round(range[0] + random() * (range[1] - range[0]));
  for (const [n, kind] of kinds.entries()) {
    await sleep(between(QUIET_MS));
    const window: FaultWindow = { kind, startMs: Date.now(), endMs: Date.now(), detail: '' };
    let detail = '';
    if (kind === 'node kill') {
      const index = Math.floor(random() * world.cluster.nodes.length);
      const downMs = between(DOWN_MS);
      windows.push(window);
      await world.cluster.killAndRestart(index, downMs);
      detail = `node ${index}, down ${downMs} ms, back on ${world.cluster.nodes[index]?.process?.url ?? '?'}`;
    } else if (kind === 'pg restart') {
      windows.push(window);
      // pg_ctl runs synchronously (throwaway-postgres.ts): the load's clock stands still for it too.
      world.postgres.restart();
      detail = 'pg_ctl restart -m immediate';
    } else if (kind === 'pg outage') {
      windows.push(window);
      world.postgres.halt();
      await sleep(OUTAGE_MS);
      world.postgres.resume();
      detail = `stopped ${OUTAGE_MS} ms: connections refused`;
    } else {
      windows.push(window);
      world.receiver.failing = true;
      await sleep(CALLBACK_OUTAGE_MS);
      world.receiver.failing = false;
      detail = `receiver answered 500 for ${CALLBACK_OUTAGE_MS} ms`;
    }
    window.endMs = Date.now() + AFTERMATH_MS;
    window.detail = detail;
    progress(
      `fault ${n + 1}/${kinds.length}: ${kind} (${detail}), ${window.endMs - AFTERMATH_MS - window.startMs} ms`,
    );
  }
  await sleep(AFTERMATH_MS);
}

/**
 * The fault a request felt: of the windows its time overlaps, the database's first (an answer
 * during a database fault is explained by it, whatever else happened), then a node kill, then the
 * receiver's 500s; none when it overlaps no window.
 */
const PRECEDENCE: readonly FaultKind[] = ['pg outage', 'pg restart', 'node kill', 'callback 500s'];

export function faultOf<Kind extends string = FaultKind>(
  startMs: number,
  endMs: number,
  windows: readonly FaultWindow<string>[],
  precedence: readonly Kind[] = PRECEDENCE as readonly Kind[],
): Kind | 'none' {
  const felt = new Set<string>(
    windows
      .filter((window) => startMs <= window.endMs && endMs >= window.startMs)
      .map((window) => window.kind),
  );
  return precedence.find((kind) => felt.has(kind)) ?? 'none';
}
