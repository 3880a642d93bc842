import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Row } from './run.js';
import { median } from './statistics.js';
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
 * Flags among the arguments (`--postgres`) are handed to every run.
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

/** What is compared of a run, or the medians of a tree's runs. */
interface Figures {
  readonly requestsPerSecond: number;
  readonly ratio: number;
  readonly cpuUs: number;
  readonly p99Ms: number;
}

const figuresOf = (row: Row): Figures => ({
  requestsPerSecond: row.gatehouse.requestsPerSecond,
  ratio: row.ratio,
  cpuUs: row.cpuUsPerRequest,
  p99Ms: row.gatehouse.latencyP99Ms,
});

const shown = (f: Figures): string =>
  `${f.requestsPerSecond.toFixed(0).padStart(7)} req/s  ratio ${f.ratio.toFixed(4)}  CPU ${f.cpuUs.toFixed(1).padStart(6)} µs  p99 ${String(f.p99Ms)} ms`;

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
function benchOnce(tree: Tree, benchArgs: readonly string[]): Row[] {
  const resultsFile = join(tree.dir, RESULTS);
  const kept = existsSync(resultsFile) ? readFileSync(resultsFile) : undefined;
  try {
    run(process.execPath, ['dist/bench/run.js', ...benchArgs], tree.dir, { ...process.env, ...BENCH_ENV });
    return (JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: Row[] }).rows;
  } finally {
    if (kept !== undefined) writeFileSync(resultsFile, kept);
  }
}

const percentAgainst = (value: number, base: number): string =>
  `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(1)} %`;

function report(trees: readonly Tree[], runs: Map<Tree, Row[]>): void {
  const endpoints = [...new Set([...runs.values()].flat().map((row) => row.endpoint))];
  for (const endpoint of endpoints) {
    console.log(`\n${endpoint}: medians of ${String(ROUNDS)} runs each`);
    const medians = trees.map((tree): Figures => {
      const of = (runs.get(tree) ?? []).filter((row) => row.endpoint === endpoint).map(figuresOf);
      const middle = (pick: (f: Figures) => number) => median(of.map(pick));
      return {
        requestsPerSecond: middle((f) => f.requestsPerSecond),
        ratio: middle((f) => f.ratio),
        cpuUs: middle((f) => f.cpuUs),
        p99Ms: middle((f) => f.p99Ms),
      };
    });
    const [first] = medians;
    medians.forEach((figures, index) => {
      const against =
        index === 0 || first === undefined
          ? ''
          : `   (req/s ${percentAgainst(figures.requestsPerSecond, first.requestsPerSecond)}, ratio ${percentAgainst(figures.ratio, first.ratio)}, CPU ${percentAgainst(figures.cpuUs, first.cpuUs)})`;
      console.log(`  ${(trees[index]?.rev ?? '').padEnd(24)} ${shown(figures)}${against}`);
    });
  }
}

async function main(): Promise<void> {
  // Flags (`--postgres`) go to every run; the rest are revisions.
  const revs = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const benchArgs = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
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
    const runs = new Map<Tree, Row[]>(trees.map((tree) => [tree, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 === 1 ? trees : [...trees].reverse();
      for (const tree of order) {
        run('sync', [], ROOT);
        await sleep(PAUSE_MS);
        for (const row of benchOnce(tree, benchArgs)) {
          runs.get(tree)?.push(row);
          console.log(
            `round ${String(round)}  ${tree.rev.padEnd(24)} ${row.endpoint.padEnd(28)} ${shown(figuresOf(row))}`,
          );
        }
      }
    }
    report(trees, runs);
  } finally {
    removeWorktrees();
  }
}

await main();
