import { sleep } from '../../test/support/payment-load.js';
import type { FaultWindow } from '../chaos/faults.js';
import type { HaCluster } from './cluster.js';
import type { WritableWatch } from './writable-watch.js';

/** The HA trial's faults, in the order a request that overlaps several is counted under one. */
export const HA_FAULT_KINDS = ['none', 'failover', 'switchover', 'standby lost', 'etcd restart'] as const;
export type HaFaultKind = Exclude<(typeof HA_FAULT_KINDS)[number], 'none'>;
export type HaFaultWindow = FaultWindow<HaFaultKind>;

export interface HaFaultPlan {
  readonly failovers: number;
  readonly switchovers: number;
  readonly standbyLosses: number;
  readonly etcdRestarts: number;
}

/** Load without a fault before each one, drawn in this range. */
const QUIET_MS: readonly [number, number] = [2_000, 6_000];
/** How long a lost machine stays lost before its member starts again. */
const DOWN_MS: readonly [number, number] = [2_000, 5_000];
/** Counted into a fault's window after it ended: the first answers after it still feel it. */
const AFTERMATH_MS = 1_000;
/** A fault that moves the primary shows within this; then it must be writable again within the next. */
const GAP_SHOWS_MS = 5_000;
const WRITABLE_AGAIN_MS = 60_000;
const SYNCHRONOUS_AGAIN_MS = 120_000;

/**
 * The faults in a seeded order, one at a time after a seeded quiet stretch. Each ends once the
 * cluster is whole again (both members streaming, one of them the synchronous standby), so the
 * next fault always finds a standby to promote.
 */
export async function runHaFaults(
  plan: HaFaultPlan,
  random: () => number,
  world: { cluster: HaCluster; watch: WritableWatch },
  windows: HaFaultWindow[],
  progress: (line: string) => void,
): Promise<void> {
  const kinds: HaFaultKind[] = [
    ...Array<HaFaultKind>(plan.failovers).fill('failover'),
    ...Array<HaFaultKind>(plan.switchovers).fill('switchover'),
    ...Array<HaFaultKind>(plan.standbyLosses).fill('standby lost'),
    ...Array<HaFaultKind>(plan.etcdRestarts).fill('etcd restart'),
  ];
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const between = (range: readonly [number, number]) =>
    Math.round(range[0] + random() * (range[1] - range[0]));
  const { cluster, watch } = world;
  for (const [n, kind] of kinds.entries()) {
    await sleep(between(QUIET_MS));
    const window: HaFaultWindow = { kind, startMs: Date.now(), endMs: Date.now(), detail: '' };
    windows.push(window);
    const leader = await cluster.currentLeader();
    const standby = cluster.members.find((member) => member.layout.name !== leader)!.layout.name;
    let detail: string;
    if (kind === 'failover') {
      const downMs = between(DOWN_MS);
      cluster.loseMachine(leader);
      await watch.untilGap(GAP_SHOWS_MS);
      await watch.untilWritable(WRITABLE_AGAIN_MS);
      const promoted = await cluster.currentLeader();
      await sleep(downMs);
      await cluster.bringBack(leader);
      await cluster.untilSynchronous(SYNCHRONOUS_AGAIN_MS);
      detail = `${leader} lost (SIGKILL), ${promoted ?? '?'} promoted, ${leader} back as a standby after ${downMs} ms`;
    } else if (kind === 'switchover') {
      const { from, to } = await cluster.switchover();
      await watch.untilGap(GAP_SHOWS_MS);
      await watch.untilWritable(WRITABLE_AGAIN_MS);
      await cluster.untilSynchronous(SYNCHRONOUS_AGAIN_MS);
      detail = `patronictl switchover ${from} -> ${to}`;
    } else if (kind === 'standby lost') {
      const downMs = between(DOWN_MS);
      cluster.loseMachine(standby);
      await sleep(downMs);
      await cluster.bringBack(standby);
      await cluster.untilSynchronous(SYNCHRONOUS_AGAIN_MS);
      detail = `${standby} lost (SIGKILL) for ${downMs} ms, back as the standby`;
    } else {
      await cluster.restartEtcd();
      await watch.untilWritable(WRITABLE_AGAIN_MS);
      detail = 'etcd stopped and started again';
    }
    window.endMs = Date.now() + AFTERMATH_MS;
    window.detail = detail;
    progress(
      `fault ${n + 1}/${kinds.length}: ${kind} (${detail}), ${window.endMs - AFTERMATH_MS - window.startMs} ms`,
    );
  }
  await sleep(AFTERMATH_MS);
}
