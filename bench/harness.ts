import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/support/free-port.js';

/*
 * What the bench and the profiler share: starting a server, loading it with autocannon, sample
 * requests, and reading a server's run probe (event-loop delay, SQL statements).
 */

/** What one connection remembers within a cycle; autocannon resets it when the cycle starts over. */
export interface CycleContext {
  orderId?: string;
  /** The cycle's number, taken by its first step: every step of one cycle numbers its orders alike. */
  n?: number;
}

export interface Step {
  readonly path: string;
  /** The form body of this step in the nth cycle (n is unique within one load). */
  readonly body: (n: number, context: CycleContext) => string;
  /** instantPayment.do, deposit.do and the status always answer an errorCode; register.do omits it on success. */
  readonly errorCodeRequired: boolean;
  /** Keeps the answer's orderId in the context for the following steps of the cycle. */
  readonly keepsOrderId?: boolean;
  /** The body's type when it is not a form (the wallet operations take JSON). */
  readonly contentType?: string;
  /** More headers (the P2P signature). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Endpoint {
  readonly name: string;
  readonly steps: readonly Step[];
}

export interface Measured {
  /** All requests per second, every step of a cycle counted. */
  readonly requestsPerSecond: number;
  /** Only for a cycle: last steps answered 2xx with errorCode "0", per second of the run. */
  readonly cyclesPerSecond?: number;
  /** Per request, whichever step. */
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  /** 2xx answers with an errorCode other than "0" (Gatehouse refuses with HTTP 200). */
  readonly errorCodeResponses: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Answers received (every step of a cycle counted). */
  readonly responses: number;
  /** The first answer that was not a success, cut short, for the report of a run that must have none. */
  readonly firstFailure?: string;
}

/** For a load held at a rate rather than run flat out (the soak), and watched while it runs. */
export interface Pacing {
  /** Requests per second over all connections (autocannon's overallRate). */
  readonly overallRate?: number;
  /** Every answer's latency in ms as it arrives, for percentiles over intervals shorter than the load. */
  readonly onResponseTime?: (ms: number) => void;
}

/** Starts a server with its output discarded, so reading logs never costs the load generator CPU. */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Generous: on a machine loaded by other work, a start with migrations took over 30 s.
  const deadlineMs = Date.now() + 120_000;
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

/** SIGTERM, then the exit: a clean stop removes the server's processes from serving_processes. */
export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The string value of a top-level `"name":"…"` member, found without parsing the whole answer. */
export function stringMember(body: string, name: string): string | undefined {
  const key = `"${name}":"`;
  const at = body.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = body.indexOf('"', start);
  return end < 0 ? undefined : body.slice(start, end);
}

/**
 * Loads baseUrl with the steps as one cycle per connection, repeated for durationS. Counts answers
 * that are not a success (non-2xx, or an errorCode other than "0") and throws if they are most of them.
 */
export async function load(
  label: string,
  baseUrl: string,
  steps: readonly Step[],
  durationS: number,
  offset: number,
  connections: number,
  pacing: Pacing = {},
): Promise<Measured> {
  let cycle = 0;
  let responses = 0;
  let errorCodeResponses = 0;
  let completedCycles = 0;
  let firstFailure: string | undefined;
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: durationS,
    ...(pacing.overallRate === undefined ? {} : { overallRate: pacing.overallRate }),
    requests: steps.map((step, index) => ({
      method: 'POST',
      path: step.path,
      headers: { 'content-type': step.contentType ?? 'application/x-www-form-urlencoded', ...step.headers },
      setupRequest: (request: autocannon.Request, context: object) => {
        // Other connections start cycles meanwhile, so a later step reads its cycle's number back.
        const own = context as CycleContext;
        if (index === 0) {
          cycle += 1;
          own.n = offset + cycle;
        }
        return { ...request, body: step.body(own.n ?? offset + cycle, context) };
      },
      onResponse: (status: number, body: string, context: object) => {
        responses += 1;
        if (status < 200 || status > 299) {
          firstFailure ??= `${step.path}: HTTP ${status} ${body.slice(0, 300)}`;
          return;
        }
        const errorCode = stringMember(body, 'errorCode');
        if (errorCode === undefined ? step.errorCodeRequired : errorCode !== '0') {
          errorCodeResponses += 1;
          firstFailure ??= `${step.path}: ${body.slice(0, 300)}`;
          return;
        }
        if (step.keepsOrderId) (context as CycleContext).orderId = stringMember(body, 'orderId');
        if (index === steps.length - 1) completedCycles += 1;
      },
    })),
  };
  // The callback form hands back the instance, whose response events carry each latency.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error === null || error === undefined
        ? resolve(done)
        : reject(error instanceof Error ? error : new Error(`autocannon: ${JSON.stringify(error)}`)),
    );
    const onResponseTime = pacing.onResponseTime;
    if (onResponseTime !== undefined) {
      instance.on('response', (_client, _status, _bytes, responseTime) => onResponseTime(responseTime));
    }
  });
  const failed = result.non2xx + errorCodeResponses + result.errors;
  const attempted = responses + result.errors;
  if (attempted === 0 || failed * 2 > attempted) {
    throw new Error(
      `${label}: ${failed} of ${attempted} requests failed (non-2xx ${result.non2xx}, errorCode not "0" ${errorCodeResponses}, connection errors/timeouts ${result.errors}); first: ${firstFailure ?? 'none'}`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    ...(steps.length > 1 ? { cyclesPerSecond: completedCycles / result.duration } : {}),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errorCodeResponses,
    errors: result.errors,
    responses,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

export async function post(
  url: string,
  body: string,
  contentType?: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType ?? 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return response.text();
}

/** Posts one sample request and checks its answer before the load starts, so a broken setup fails loudly. */
export async function sample<T>(
  url: string,
  body: string,
  ok: (answer: T) => boolean,
  contentType?: string,
  headers?: Readonly<Record<string, string>>,
): Promise<{ text: string; answer: T }> {
  const text = await post(url, body, contentType, headers);
  let answer: T;
  try {
    answer = JSON.parse(text) as T;
  } catch {
    throw new Error(`sample ${url} answered no JSON: ${text.slice(0, 300)}`);
  }
  if (!ok(answer)) throw new Error(`sample ${url} answered ${text.slice(0, 500)}`);
  return { text, answer };
}

/** What a serving process's run probe reports for the time since the previous reading. */
export interface ProbeReading {
  /** The worst process's event-loop delay percentiles, in ms. */
  readonly eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** CPU time (user and system) the processes used, summed, in ms. */
  readonly cpuMs: number;
  /** SQL statements run, by text, summed over the processes. */
  readonly statements: Record<string, number>;
  /** Reads the SQLite read cache answered without running them, by text, summed likewise. */
  readonly cachedReads: Record<string, number>;
}

/**
 * Asks every serving process for its probe (SIGUSR2 to the server, which a cluster primary hands
 * to its workers) and reads what they wrote; each reading starts the next period.
 */
export async function readProbe(child: ChildProcess, file: string, processes = 1): Promise<ProbeReading> {
  const folder = dirname(file);
  const prefix = `${basename(file)}.`;
  const written = () => readdirSync(folder).filter((name) => name.startsWith(prefix));
  for (const name of written()) rmSync(join(folder, name));
  child.kill('SIGUSR2');
  const deadlineMs = Date.now() + 5000;
  while (written().length < processes && Date.now() < deadlineMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readings = written()
    .map((name) => join(folder, name))
    .filter((path) => existsSync(path))
    .map((path) => JSON.parse(readFileSync(path, 'utf8')) as ProbeReading);
  if (readings.length === 0) throw new Error(`no probe reading in ${folder} (is GATEHOUSE_PROBE_FILE set?)`);
  const sum = (pick: (reading: ProbeReading) => Record<string, number> | undefined) => {
    const total: Record<string, number> = {};
    for (const reading of readings) {
      for (const [text, count] of Object.entries(pick(reading) ?? {}))
        total[text] = (total[text] ?? 0) + count;
    }
    return total;
  };
  const worst = (pick: (reading: ProbeReading) => number) => Math.max(...readings.map(pick));
  return {
    eventLoopDelayMs: {
      p50: worst((r) => r.eventLoopDelayMs.p50),
      p99: worst((r) => r.eventLoopDelayMs.p99),
      max: worst((r) => r.eventLoopDelayMs.max),
    },
    cpuMs: readings.reduce((total, reading) => total + reading.cpuMs, 0),
    statements: sum((reading) => reading.statements),
    cachedReads: sum((reading) => reading.cachedReads),
  };
}
