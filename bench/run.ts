import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import {
  load,
  readProbe,
  startProcess,
  stopped,
  type Endpoint,
  type Measured,
  type ProbeReading,
} from './harness.js';
import { benchPostgres, pgbenchSingleInsert } from './postgres.js';
import {
  measureConsoleList,
  printConsoleRows,
  statusRequestOf,
  type ConsoleRow,
  type ConsoleShortList,
} from './console-list.js';
import { preloadOrders, type Preloaded } from './preload.js';
import { measureSharedLimit, printSharedLimit, type SharedLimitReading } from './shared-limit.js';
import { median } from './statistics.js';
import { prepareWorld, ROOT } from './world.js';

/**
 * npm run bench: Gatehouse (SQLite, synchronous=FULL) against a bare node:http server in the same
 * run, same connections and duration, for register.do, getOrderStatusExtended.do, instantPayment.do
 * (approved, one-phase), a two-phase cycle (a hold, then its capture, on one connection),
 * getLastOrdersForMerchants.do (the first page of the day's orders), wallet-a/payment.do (a sandbox
 * token verified, decrypted and paid, each once) and api/p2p/instantPerformP2P.do (a signed
 * card-to-card transfer, two legs, no 3-D Secure).
 *
 * Each endpoint runs at each connection count of BENCH_CONNECTIONS (default 16 and 50) for
 * BENCH_ROUNDS rounds (default 5) of BENCH_DURATION_S seconds, the bare server and Gatehouse in
 * turn within each round; the table shows medians over the rounds, the ratio being the median of
 * the rounds' ratios. During each Gatehouse round the server's run probe reports its event-loop
 * delay and the SQL statements it ran, shown per request. BENCH_ONLY (comma-separated names)
 * limits the endpoints.
 *
 * `--postgres` (or BENCH_DB=postgres): Gatehouse on a throwaway PostgreSQL server with its default
 * durability, one worker per core, and pgbench's single-insert rate on that server in the same run.
 * `--preload N`: register.do and the status (unless BENCH_ONLY says otherwise) on the empty
 * database, then again after N older orders were added, with the database's size per order; and
 * right after the preload, the operator console's order list (`console` in BENCH_ONLY; see
 * console-list.ts): the first and the hundredth page, unfiltered and with the console's filters,
 * and the overview's three windows (24 hours, 30 days, 12 months; BENCH_CONSOLE_ONLY=overview for
 * those alone).
 * `BENCH_ONLY=console npm run bench -- --preload N` measures only the console's list.
 * With `--postgres`, unless BENCH_ONLY leaves out `limits`: a merchant limited to 100 req/s
 * loaded through three nodes at once, after the main server stopped (shared-limit.ts).
 */
const CONNECTION_SETS = (process.env.BENCH_CONNECTIONS ?? '16,50').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const POSTGRES = process.argv.includes('--postgres') || process.env.BENCH_DB === 'postgres';
const PRELOAD = argument('--preload') === undefined ? undefined : Number(argument('--preload'));
const ONLY =
  process.env.BENCH_ONLY?.split(',') ??
  (PRELOAD === undefined ? undefined : ['register.do', 'getOrderStatusExtended.do', 'console']);
/** BENCH_KEEP=1: leave the run's folder (and its PostgreSQL server) for a look at the database after it. */
const KEEP = process.env.BENCH_KEEP === '1';
/** Serving processes: one with SQLite, one per core with PostgreSQL (GATEHOUSE_WORKERS' default). */
const WORKERS = POSTGRES ? Number(process.env.GATEHOUSE_WORKERS ?? availableParallelism()) : 1;

export interface Row {
  readonly endpoint: string;
  /** Orders in the database before the load (0, or the preload). */
  readonly preloaded: number;
  readonly connections: number;
  readonly bare: Measured;
  readonly gatehouse: Measured;
  readonly ratio: number;
  readonly eventLoopDelayMs: ProbeReading['eventLoopDelayMs'];
  readonly statementsPerRequest: number;
  /** The server's CPU time per answered request, in µs: steadier than req/s on a shared machine. */
  readonly cpuUsPerRequest: number;
  readonly rounds: number;
}

/** The round with the median throughput stands for the endpoint; percentiles are medians too. */
function medianOf(measured: readonly Measured[]): Measured {
  return {
    requestsPerSecond: median(measured.map((m) => m.requestsPerSecond)),
    ...(measured[0]?.cyclesPerSecond === undefined
      ? {}
      : { cyclesPerSecond: median(measured.map((m) => m.cyclesPerSecond ?? 0)) }),
    latencyP50Ms: median(measured.map((m) => m.latencyP50Ms)),
    latencyP99Ms: median(measured.map((m) => m.latencyP99Ms)),
    non2xx: measured.reduce((sum, m) => sum + m.non2xx, 0),
    errorCodeResponses: measured.reduce((sum, m) => sum + m.errorCodeResponses, 0),
    errors: measured.reduce((sum, m) => sum + m.errors, 0),
    responses: measured.reduce((sum, m) => sum + m.responses, 0),
  };
}

function throughput(m: Measured): number {
  return m.cyclesPerSecond ?? m.requestsPerSecond;
}

async function measureEndpoint(
  endpoint: Endpoint,
  connections: number,
  urls: { gatehouse: string; bare: string },
  gatehouse: ChildProcess,
  probeFile: string,
  offsets: { next(): number },
  preloaded: number,
): Promise<Row> {
  const { name, steps } = endpoint;
  await load(`bare ${name} (warm-up)`, urls.bare, steps, WARMUP_S, 0, connections);
  await load(`gatehouse ${name} (warm-up)`, urls.gatehouse, steps, WARMUP_S, offsets.next(), connections);
  const bare: Measured[] = [];
  const ours: Measured[] = [];
  const ratios: number[] = [];
  const delays: ProbeReading['eventLoopDelayMs'][] = [];
  let statements = 0;
  let cpuMs = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRound = await load(`bare ${name}`, urls.bare, steps, DURATION_S, 0, connections);
    await readProbe(gatehouse, probeFile, WORKERS);
    const ourRound = await load(
      `gatehouse ${name}`,
      urls.gatehouse,
      steps,
      DURATION_S,
      offsets.next(),
      connections,
    );
    const reading = await readProbe(gatehouse, probeFile, WORKERS);
    bare.push(bareRound);
    ours.push(ourRound);
    ratios.push(throughput(ourRound) / throughput(bareRound));
    delays.push(reading.eventLoopDelayMs);
    cpuMs += reading.cpuMs;
    statements += Object.values(reading.statements).reduce((sum, count) => sum + count, 0);
  }
  const answered = ours.reduce((sum, m) => sum + m.responses, 0);
  return {
    endpoint: name,
    preloaded,
    connections,
    bare: medianOf(bare),
    gatehouse: medianOf(ours),
    ratio: median(ratios),
    eventLoopDelayMs: {
      p50: median(delays.map((d) => d.p50)),
      p99: median(delays.map((d) => d.p99)),
      max: Math.max(...delays.map((d) => d.max)),
    },
    statementsPerRequest: answered === 0 ? 0 : statements / answered,
    cpuUsPerRequest: answered === 0 ? 0 : (cpuMs * 1000) / answered,
    rounds: ROUNDS,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const probeFile = join(dir, 'probe', 'reading');
  mkdirSync(join(dir, 'probe'));
  const postgres = POSTGRES ? await benchPostgres() : undefined;
  const world = prepareWorld(dir, postgres?.url);
  const gatehouse = await startProcess([join(ROOT, 'bin/gatehouse.js'), 'serve'], {
    ...world.env,
    GATEHOUSE_PROBE_FILE: probeFile,
    GATEHOUSE_WORKERS: String(WORKERS),
  });
  let bare: { child: ChildProcess; port: number } | undefined;
  const rows: Row[] = [];
  let walletTokensMinted = 0;
  let growth: Preloaded | undefined;
  let consoleRows: ConsoleRow[] = [];
  let consoleShort: ConsoleShortList[] = [];
  const pgbench: Record<number, number> = {};
  let sharedLimit: SharedLimitReading | undefined;
  try {
    const gatehouseUrl = `http://127.0.0.1:${gatehouse.port}`;
    const scenarios = await world.scenarios(gatehouseUrl);
    bare = await startProcess([join(ROOT, 'dist/bench/bare-server.js')], {
      BARE_RESPONSE_SIZES: JSON.stringify(scenarios.sizes),
      BARE_ORDER_ID_PATHS: JSON.stringify(scenarios.orderIdPaths),
    });
    const urls = { gatehouse: gatehouseUrl, bare: `http://127.0.0.1:${bare.port}` };
    // Each Gatehouse load numbers its orders from a fresh offset: order numbers never repeat.
    let offset = 10_000_000;
    const offsets = { next: () => (offset += 10_000_000) };
    const measureAll = async (preloaded: number) => {
      for (const connections of CONNECTION_SETS) {
        for (const endpoint of scenarios.endpoints) {
          if (ONLY !== undefined && !ONLY.includes(endpoint.name)) continue;
          rows.push(
            await measureEndpoint(
              endpoint,
              connections,
              urls,
              gatehouse.child,
              probeFile,
              offsets,
              preloaded,
            ),
          );
        }
      }
    };
    await measureAll(0);
    if (PRELOAD !== undefined) {
      growth = await preloadOrders(world.env, scenarios.registeredOrderId, PRELOAD);
      console.error(
        `preloaded ${PRELOAD} orders in ${growth.seconds.toFixed(0)} s (overview roll-ups backfilled in ${growth.rollupSeconds.toFixed(1)} s)`,
      );
      if (ONLY === undefined || ONLY.includes('console')) {
        ({ rows: consoleRows, short: consoleShort } = await measureConsoleList({
          env: world.env,
          baseUrl: gatehouseUrl,
          server: gatehouse.child,
          probeFile,
          workers: WORKERS,
          preloaded: growth,
          count: PRELOAD,
          status: statusRequestOf(scenarios.endpoints),
        }));
      }
      await measureAll(PRELOAD);
    }
    walletTokensMinted = scenarios.walletTokensMinted();
    if (postgres !== undefined) {
      for (const connections of CONNECTION_SETS) {
        const rates: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          rates.push(await pgbenchSingleInsert(postgres.server, dir, connections, DURATION_S));
        }
        pgbench[connections] = median(rates);
      }
    }
    if (postgres !== undefined && (ONLY === undefined || ONLY.includes('limits'))) {
      // Its processes would count among the serving ones and take a share of the limit.
      await stopped(gatehouse.child);
      sharedLimit = await measureSharedLimit({
        env: world.env,
        nodes: 3,
        limitPerSecond: 100,
        connections: 50,
        durationS: DURATION_S,
        rounds: ROUNDS,
      });
    }
  } finally {
    gatehouse.child.kill('SIGTERM');
    bare?.child.kill('SIGTERM');
    if (KEEP) {
      // For EXPLAIN after the run: the database stays (and PostgreSQL keeps running) until removed by hand.
      console.error(
        `BENCH_KEEP: kept ${dir}${postgres === undefined ? '' : ` and PostgreSQL at ${postgres.url}`}`,
      );
    } else {
      postgres?.server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const database = POSTGRES
    ? `PostgreSQL (default durability), ${WORKERS} workers`
    : 'SQLite WAL synchronous=FULL, 1 worker';
  console.log(
    `\n${ROUNDS} rounds of ${DURATION_S} s per measurement (medians), ${WARMUP_S} s warm-up; ${database}\n`,
  );
  console.log(
    'endpoint                     conns  server       req/s  cycles/s  p50 ms  p99 ms  failed  ratio  loop p99 ms  SQL/req  CPU µs/req',
  );
  for (const row of rows) {
    for (const [label, m] of [
      ['bare', row.bare],
      ['gatehouse', row.gatehouse],
    ] as const) {
      const cycles = m.cyclesPerSecond === undefined ? '' : m.cyclesPerSecond.toFixed(0);
      const ours = label === 'gatehouse';
      console.log(
        `${(row.preloaded === 0 ? row.endpoint : `${row.endpoint} +${row.preloaded}`).padEnd(28)} ${String(row.connections).padStart(5)}  ${label.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(7)}  ${cycles.padStart(8)}  ${String(m.latencyP50Ms).padStart(6)}  ${String(m.latencyP99Ms).padStart(6)}  ${String(m.non2xx + m.errorCodeResponses + m.errors).padStart(6)}  ${ours ? row.ratio.toFixed(2).padStart(5) : '     '}  ${ours ? row.eventLoopDelayMs.p99.toFixed(1).padStart(11) : ''.padStart(11)}  ${ours ? row.statementsPerRequest.toFixed(1).padStart(7) : ''}${ours ? row.cpuUsPerRequest.toFixed(0).padStart(12) : ''}`,
      );
    }
  }
  console.log(
    `\nwallet-a/payment.do: one sandbox token per request (each pays once), ${walletTokensMinted} minted by the load generator.` +
      '\nhold+capture cycle: instantPayment.do preAuth=true, then deposit.do amount=0 with its orderId, on one' +
      '\nconnection; ratio is cycles/s over the bare server running the same two requests. SQL/req counts every' +
      '\nstatement the server ran (begin, savepoints and commit included) over the requests answered; CPU µs/req' +
      '\nis the CPU time of the server processes (every thread) over the requests answered.',
  );
  if (growth !== undefined) {
    console.log(
      `\nafter --preload ${PRELOAD} (${growth.seconds.toFixed(0)} s): ${growth.orders} orders, ${growth.operations} operations, ${growth.bytesPerOrder.toFixed(0)} bytes of database per order`,
    );
    for (const row of rows.filter((r) => r.preloaded > 0)) {
      const empty = rows.find(
        (r) => r.preloaded === 0 && r.endpoint === row.endpoint && r.connections === row.connections,
      );
      if (empty === undefined) continue;
      const share = throughput(row.gatehouse) / throughput(empty.gatehouse);
      console.log(
        `  ${row.endpoint} at ${row.connections} connections: ${throughput(row.gatehouse).toFixed(0)} req/s, ${(share * 100).toFixed(0)} % of the empty database's ${throughput(empty.gatehouse).toFixed(0)}`,
      );
    }
  }
  printConsoleRows(consoleRows, consoleShort);
  printSharedLimit(sharedLimit);
  for (const [connections, tps] of Object.entries(pgbench)) {
    const register = rows.find(
      (r) => r.endpoint === 'register.do' && r.preloaded === 0 && r.connections === Number(connections),
    );
    console.log(
      `\npgbench, one insert per transaction, ${connections} clients: ${tps.toFixed(0)} tps` +
        (register === undefined
          ? ''
          : `; register.do ${throughput(register.gatehouse).toFixed(0)} req/s = ${(throughput(register.gatehouse) / tps).toFixed(2)} of it`),
    );
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, database, rounds: ROUNDS, durationS: DURATION_S, rows, growth, console: consoleRows, consoleShortLists: consoleShort, pgbench, sharedLimit }, null, 2)}\n`,
  );
  console.log('\nwrote bench/results/latest.json');
}

await main();
