import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSigningKey } from '../../test/support/certificates.js';
import { createMerchant } from '../../test/support/crash-trial.js';
import { seededRandom } from '../../test/support/payment-load.js';
import type { Cluster } from '../chaos/cluster.js';
import { runLoad, type LoadState, type OrderRecord } from '../chaos/load.js';
import { ROOT, walletTokenSource } from '../world.js';

/**
 * The chaos run's mix of flows (bench/chaos/load.ts) against a drill's nodes, with the merchant
 * made as chaos.ts makes it: P2P, stored cards, holds, wallet A, signed requests, callbacks.
 */
export interface DrillLoad {
  readonly state: LoadState;
  /** Stops the clients; resolves once every request in flight has its answer. */
  stop(): Promise<void>;
}

export const DRILL_LOGIN = 'drill';

export async function prepareDrillMerchant(
  env: Readonly<Record<string, string>>,
  dataDir: string,
  receiver: { readonly url: string; readonly key: string },
) {
  const auth = await createMerchant(env, DRILL_LOGIN, [
    ...['preAuth', 'p2p', 'storedCredentials'].flatMap((permission) => ['--permission', permission]),
    '--callback-url',
    receiver.url,
    '--callback-key',
    receiver.key,
  ]);
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [join(ROOT, 'bin/gatehouse.js'), ...args], {
      env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
  cli('merchant', 'set', '--login', DRILL_LOGIN, '--p2p-status-response', 'true');
  cli('wallet', 'key', 'create', '--login', DRILL_LOGIN, '--wallet', 'a');
  const signing = createSigningKey(2048, DRILL_LOGIN);
  const certificate = join(dataDir, 'drill.crt');
  writeFileSync(certificate, signing.certificatePem);
  cli('merchant', 'cert', 'add', '--login', DRILL_LOGIN, '--file', certificate);
  const tokens = await walletTokenSource({ ...env }, DRILL_LOGIN, 0);
  return { auth, signingKey: signing.privateKey, walletToken: () => tokens.next() };
}

export function startDrillLoad(
  cluster: Cluster,
  merchant: Awaited<ReturnType<typeof prepareDrillMerchant>>,
  connections: number,
  seed: number,
): DrillLoad {
  const state: LoadState = { samples: [], orders: [], flows: {}, stop: false };
  const loading = runLoad(
    { cluster, login: DRILL_LOGIN, ...merchant },
    state,
    connections,
    (index) => seededRandom(seed ^ Math.imul(index + 1, 0x9e3779b1)),
    randomBytes(3).toString('hex'),
  );
  return {
    state,
    stop: async () => {
      state.stop = true;
      await loading;
    },
  };
}

/**
 * What the orders acknowledged so far must read back as, frozen at one moment. A flow's later
 * step may have committed before that moment and been answered after it, so an order whose record
 * changes after the snapshot may read back a step further on: it is marked uncertain, which lets
 * its money only move on from what the snapshot says (checks.ts, lostReason).
 */
export function snapshotOf(records: readonly OrderRecord[]): () => OrderRecord[] {
  const frozen = records.map((record) => ({
    record,
    expected: record.expected,
    uncertain: record.uncertain,
  }));
  return () =>
    frozen.map(({ record, expected, uncertain }) => ({
      ...record,
      expected,
      uncertain: uncertain || record.expected !== expected || record.uncertain !== uncertain,
    }));
}
