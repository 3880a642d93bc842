import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './world.js';

/**
 * npm run bench:compare -- <rev> <rev> [...]: the short bench of each git revision in turn, the
 * same hour, on this machine. Each revision is checked out in a throwaway worktree that shares this
 * checkout's node_modules and is built there; `.` is this checkout as it stands (built by the npm
 * script). Rounds alternate the order (A B, then B A, ...), and every run starts after `sync` and
 * a pause: the run after another one pays for the writeback of the previous run's database files,
 * so a fixed order favours whichever runs first (docs/performance.md, How to measure).
 *
 * COMPARE_ROUNDS (default 4) rounds; BENCH_ONLY (default instantPayment.do), BENCH_CONNECTIONS
 * (default 50), BENCH_DURATION_S (default 5) are handed to each run, one bench round per run.
 * Prints every run, then per endpoint and revision the medians of req/s, the ratio to the bare
 * server, the server's CPU per request and p99, and each median against the first revision's.
 */
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 4);
const PAUSE_MS = 3_000;
const BENCH_ENV = {
  BENCH_ONLY: process.env.BENCH_ONLY ?? 'instantPayment.do',
  BENCH_CONNECTIONS: process.env.BENCH_CONNECTIONS ?? '50',
  BENCH_DURATION_S: process.env.BENCH_DURATION_S ?? '5',
  BENCH_ROUNDS: '1',
};
const RESULTS = 'bench/results/latest.json';

interface Tree {
  readonly rev: string;
  readonly dir: string;
  readonly throwaway: boolean;
}

interface Reading {
  readonly endpoint: string;
  readonly requestsPerSecond: number;
  readonly ratio: number;
  readonly cpuUs: number;
  readonly p99Ms: number;
}

interface LatestRow {
  readonly endpoint: string;
  readonly ratio: number;
  readonly cpuUsPerRequest: number;
  readonly gatehouse: { readonly requestsPerSecond: number; readonly latencyP99Ms: number };
}

function run(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): string {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: env ?? process.env });
  if (done.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${done.stdout}${done.stderr}`);
  }
  return done.stdout.trim();
}

function checkOut(rev: string, under: string): Tree {
  if (rev === '.') return { rev: '.', dir: ROOT, throwaway: false };
  const commit = run('git', ['rev-parse', '--short', `${rev}^{commit}`], ROOT);
  const dir = join(under, commit);
  run('git', ['worktree', 'add', '--detach', dir, commit], ROOT);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  console.log(`building ${rev} (${commit}) in ${dir}`);
  run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], dir);
  return { rev: rev === commit ? commit : `${rev} (${commit})`, dir, throwaway: true };
}

/** One bench run of a tree; this checkout's committed results file is put back as it was. */
function benchOnce(tree: Tree): Reading[] {
  const resultsFile = join(tree.dir, RESULTS);
  const kept = existsSync(resultsFile) ? readFileSync(resultsFile) : undefined;
  try {
    run(process.execPath, ['dist/bench/run.js'], tree.dir, { ...process.env, ...BENCH_ENV });
    const rows = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: LatestRow[] }).rows;
    return rows.map((row) => ({
      endpoint: row.endpoint,
      requestsPerSecond: row.gatehouse.requestsPerSecond,
      ratio: row.ratio,
      cpuUs: row.cpuUsPerRequest,
      p99Ms: row.gatehouse.latencyP99Ms,
    }));
  } finally {
    if (kept !== undefined) writeFileSync(resultsFile, kept);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const percentAgainst = (value: number, base: number): string =>
  `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(1)} %`;

function report(trees: readonly Tree[], readings: Map<Tree, Reading[]>): void {
  const endpoints = [...new Set([...readings.values()].flat().map((reading) => reading.endpoint))];
  for (const endpoint of endpoints) {
    console.log(`\n${endpoint}: medians of ${String(ROUNDS)} runs each`);
    let first: { rps: number; ratio: number; cpu: number } | undefined;
    for (const tree of trees) {
      const of = (readings.get(tree) ?? []).filter((reading) => reading.endpoint === endpoint);
      const rps = median(of.map((reading) => reading.requestsPerSecond));
      const ratio = median(of.map((reading) => reading.ratio));
      const cpu = median(of.map((reading) => reading.cpuUs));
      const p99 = median(of.map((reading) => reading.p99Ms));
      first ??= { rps, ratio, cpu };
      const against =
        tree === trees[0]
          ? ''
          : `   (req/s ${percentAgainst(rps, first.rps)}, ratio ${percentAgainst(ratio, first.ratio)}, CPU ${percentAgainst(cpu, first.cpu)})`;
      console.log(
        `  ${tree.rev.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s  ratio ${ratio.toFixed(4)}  CPU ${cpu.toFixed(1).padStart(6)} µs  p99 ${String(p99)} ms${against}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const revs = process.argv.slice(2);
  if (revs.length < 2)
    throw new Error('usage: npm run bench:compare -- <rev> <rev> [...] (`.` is this checkout)');
  const under = mkdtempSync(join(tmpdir(), 'gatehouse-compare-'));
  const trees: Tree[] = [];
  const removeWorktrees = (): void => {
    for (const tree of trees.filter((candidate) => candidate.throwaway)) {
      spawnSync('git', ['worktree', 'remove', '--force', tree.dir], { cwd: ROOT });
    }
    rmSync(under, { recursive: true, force: true });
  };
  // Stopped with Ctrl-C, the throwaway worktrees go too (a `finally` does not run on a signal).
  process.once('SIGINT', () => {
    removeWorktrees();
    process.exit(130);
  });
  try {
    for (const rev of revs) trees.push(checkOut(rev, under));
    const readings = new Map<Tree, Reading[]>(trees.map((tree) => [tree, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 === 1 ? trees : [...trees].reverse();
      for (const tree of order) {
        run('sync', [], ROOT);
        await sleep(PAUSE_MS);
        for (const reading of benchOnce(tree)) {
          readings.get(tree)!.push(reading);
          console.log(
            `round ${String(round)}  ${tree.rev.padEnd(24)} ${reading.endpoint.padEnd(28)} ${reading.requestsPerSecond.toFixed(0).padStart(7)} req/s  ratio ${reading.ratio.toFixed(4)}  CPU ${reading.cpuUs.toFixed(1).padStart(6)} µs  p99 ${String(reading.p99Ms)} ms`,
          );
        }
      }
    }
    report(trees, readings);
  } finally {
    removeWorktrees();
  }
}

await main();
