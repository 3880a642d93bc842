import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/support/free-port.js';

/**
 * npm run bench: Gatehouse (SQLite, synchronous=FULL) against a bare node:http server in the same
 * run, same connections and duration, for register.do and getOrderStatusExtended.do.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;

interface Measured {
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** Starts a server with its output discarded, so reading logs never costs the load generator CPU. */
async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadlineMs = Date.now() + 30_000;
  while (Date.now() < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/health`);
      return { child, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not start listening`);
}

async function load(url: string, body: (n: number) => string, durationS: number): Promise<Measured> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => ({ ...request, body: body((counter += 1)) }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function post(url: string, body: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return response.text();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const env = {
    GATEHOUSE_DB: `sqlite:${join(dir, 'bench.sqlite')}`,
    GATEHOUSE_DATA_DIR: dir,
    GATEHOUSE_SANDBOX_MERCHANT: 'false',
    GATEHOUSE_LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  };
  const created = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'bin/gatehouse.js'),
        'merchant',
        'create',
        '--login',
        'bench',
        '--password',
        'bench-password',
        '--rate-limit',
        '1000000',
        '--concurrency-limit',
        '100000',
        '--json',
      ],
      { env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    ),
  ) as { userName: string; password: string };
  const auth = `userName=${created.userName}&password=${created.password}`;
  const registerBody = (n: number) =>
    `${auth}&orderNumber=bench-${process.pid}-${n}&amount=12345&currency=978&returnUrl=https%3A%2F%2Fshop.example%2Fok&description=Bench+order`;

  const gatehouse = await startProcess([join(ROOT, 'bin/gatehouse.js'), 'serve'], env);
  const gatehouseUrl = `http://127.0.0.1:${gatehouse.port}`;
  const sample = JSON.parse(await post(`${gatehouseUrl}/payment/rest/register.do`, registerBody(0))) as {
    orderId: string;
  };
  const statusBody = () => `${auth}&orderId=${sample.orderId}`;
  const sizes = {
    '/payment/rest/register.do': (await post(`${gatehouseUrl}/payment/rest/register.do`, registerBody(-1)))
      .length,
    '/payment/rest/getOrderStatusExtended.do': (
      await post(`${gatehouseUrl}/payment/rest/getOrderStatusExtended.do`, statusBody())
    ).length,
  };
  const bare = await startProcess([join(ROOT, 'dist/bench/bare-server.js')], {
    BARE_RESPONSE_SIZES: JSON.stringify(sizes),
  });
  const bareUrl = `http://127.0.0.1:${bare.port}`;

  const endpoints = [
    { name: 'register.do', path: '/payment/rest/register.do', body: registerBody },
    { name: 'getOrderStatusExtended.do', path: '/payment/rest/getOrderStatusExtended.do', body: statusBody },
  ];
  const results: Record<
    string,
    { gatehouse: Measured; bare: Measured; ratio: number; responseBytes: number }
  > = {};
  try {
    for (const endpoint of endpoints) {
      await load(`${bareUrl}${endpoint.path}`, endpoint.body, WARMUP_S);
      const bareMeasured = await load(`${bareUrl}${endpoint.path}`, endpoint.body, DURATION_S);
      await load(`${gatehouseUrl}${endpoint.path}`, (n) => endpoint.body(n + 10_000_000), WARMUP_S);
      const gatehouseMeasured = await load(
        `${gatehouseUrl}${endpoint.path}`,
        (n) => endpoint.body(n + 20_000_000),
        DURATION_S,
      );
      results[endpoint.name] = {
        gatehouse: gatehouseMeasured,
        bare: bareMeasured,
        ratio: gatehouseMeasured.requestsPerSecond / bareMeasured.requestsPerSecond,
        responseBytes: sizes[endpoint.path as keyof typeof sizes],
      };
    }
  } finally {
    gatehouse.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
  }

  console.log(
    `\nconnections ${CONNECTIONS}, ${DURATION_S} s per measurement, ${WARMUP_S} s warm-up; SQLite WAL synchronous=FULL\n`,
  );
  console.log('endpoint                     server     req/s     p50 ms  p99 ms  non-2xx  ratio');
  for (const [name, r] of Object.entries(results)) {
    for (const [label, m] of [
      ['bare', r.bare],
      ['gatehouse', r.gatehouse],
    ] as const) {
      console.log(
        `${name.padEnd(28)} ${label.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(7)}  ${String(m.latencyP50Ms).padStart(7)} ${String(m.latencyP99Ms).padStart(7)} ${String(m.non2xx).padStart(8)}  ${label === 'gatehouse' ? r.ratio.toFixed(2) : ''}`,
      );
    }
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/latest.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, connections: CONNECTIONS, durationS: DURATION_S, results }, null, 2)}\n`,
  );
  console.log('\nwrote bench/results/latest.json');
  rmSync(dir, { recursive: true, force: true });
}

await main();
