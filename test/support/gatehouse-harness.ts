import { keepScrape } from './metrics-scrape.js';
import { answerProblems } from './answer-validation.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from '../../src/api/operation.js';
import { loadConfig } from '../../src/config/config.js';
import type { CreatedMerchant } from '../../src/services/merchant-admin.js';
import type { CreateMerchantInput } from '../../src/services/merchant-settings.js';
import { createGatehouse, createLogger, type Gatehouse, type GatehouseOptions } from '../../src/server.js';
import type { Engine } from './engines.js';
import { freePort } from './free-port.js';
import { TestClock } from './test-clock.js';
import { TEST_OUTPUT_DIR } from './test-output.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { declareExpectedErrorLog } from './expected-error-log.js';
import { isSystemError } from './system-error.js';

export const TEST_PUBLIC_URL = 'https://gatehouse.test';
/** Every test server logs here, so a test can scan all logs of a run for card data. */
export const TEST_LOG_DIR = join(TEST_OUTPUT_DIR, 'logs');

export interface ApiResponse {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly text: string;
  readonly headers: Headers;
}

export interface PostOptions {
  readonly headers?: Record<string, string>;
  /** Send this body as is instead of form-encoding `params`. */
  readonly rawBody?: string | Buffer;
  readonly contentType?: string;
  readonly method?: string;
  readonly query?: string;
  /**
   * The test provokes a 5xx on purpose. Without it any 5xx throws: a refusal replaced by an
   * exception still answers with the spec's envelope, and a test reading only errorCode would pass.
   */
  readonly allowServerError?: boolean;
  /** The test expects the system-error envelope (errorCode 7, "System error") below HTTP 500. */
  readonly allowSystemError?: boolean;
}

export type FormParams = Readonly<Record<string, string | number | boolean | readonly string[] | object>>;

export function formBody(params: FormParams): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) body.append(name, item);
    else if (typeof value === 'object') body.append(name, JSON.stringify(value));
    else body.append(name, String(value));
  }
  return body.toString();
}

export interface TestGatehouse {
  readonly engine: Engine;
  readonly baseUrl: string;
  readonly gatehouse: Gatehouse;
  readonly clock: TestClock;
  readonly database: TestDatabase;
  /** Where this server's log lines go. */
  readonly logFile: string;
  /**
   * Declares an error-level log line of this server as provoked by the test (matched against
   * `msg | err.type: err.message`); test/after-run/error-log.test.ts fails on any other.
   */
  expectErrorLog(pattern: RegExp, why: string): void;
  /** POST to a path such as /payment/rest/register.do with form-encoded params. */
  post(path: string, params?: FormParams, options?: PostOptions): Promise<ApiResponse>;
  /**
   * A merchant with a known password; `login` gets a random suffix so tests never collide. Test
   * merchants are SSL-only (no 3-D Secure) unless `authenticates` is true, so payment tests that
   * are not about 3-D Secure get an answer in one call.
   */
  createMerchant(
    input?: Partial<CreateMerchantInput> & { authenticates?: boolean },
  ): Promise<CreatedMerchant & { auth: { userName: string; password: string } }>;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Join another test server's database (and master key), as a second node would. */
  readonly sameDatabaseAs?: TestGatehouse;
  /**
   * Serve on a fixed free port and use that address as GATEHOUSE_PUBLIC_URL, so the addresses the
   * gateway hands out (3-D Secure pages, the ACS, the payment page) are reachable from the test.
   */
  readonly reachable?: boolean;
  /** Operations served beside the spec's, through the same pipeline (GatehouseOptions.extraOperations). */
  readonly extraOperations?: readonly Operation[];
  /** Wraps the sandbox acquirer (GatehouseOptions.acquirerWrapper): hold, delay or break its answers. */
  readonly acquirerWrapper?: GatehouseOptions['acquirerWrapper'];
  /** Holds the money engine's writers at its await points (GatehouseOptions.stepScheduler). */
  readonly stepScheduler?: GatehouseOptions['stepScheduler'];
  /** How often the server says it serves (GatehouseOptions.presenceIntervalMs). */
  readonly presenceIntervalMs?: number;
  /** How often the metrics' queue depths are read (GatehouseOptions.queueReadIntervalMs). */
  readonly queueReadIntervalMs?: number;
  /** Holds the console's list reads on their thread (GatehouseOptions.consoleReadHold). */
  readonly consoleReadHold?: Int32Array;
}

export async function startTestGatehouse(engine: Engine, options: StartOptions = {}): Promise<TestGatehouse> {
  const shared = options.sameDatabaseAs;
  const database =
    shared === undefined
      ? await createTestDatabase(engine)
      : { ...shared.database, drop: () => Promise.resolve() };
  const port = options.reachable === true ? await freePort() : 0;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    GATEHOUSE_DB: database.url,
    GATEHOUSE_DATA_DIR: database.dataDir,
    GATEHOUSE_MASTER_KEY: shared?.gatehouse.config.masterKeyBase64 ?? randomBytes(32).toString('base64'),
    GATEHOUSE_PUBLIC_URL: options.reachable === true ? `http://127.0.0.1:${port}` : TEST_PUBLIC_URL,
    GATEHOUSE_LOG_LEVEL: 'info',
    GATEHOUSE_JOB_INTERVAL_MS: '3600000',
    ...options.env,
  });
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  // The production logger (its level, redaction and buffering), writing to a file of its own.
  const logFile = join(TEST_LOG_DIR, `${engine}-${randomBytes(4).toString('hex')}.log`);
  const logger = createLogger(config, logFile);
  const clock = new TestClock();
  const gatehouse = await createGatehouse(config, {
    clock,
    logger,
    ...(options.extraOperations === undefined ? {} : { extraOperations: options.extraOperations }),
    ...(options.acquirerWrapper === undefined ? {} : { acquirerWrapper: options.acquirerWrapper }),
    ...(options.stepScheduler === undefined ? {} : { stepScheduler: options.stepScheduler }),
    ...(options.presenceIntervalMs === undefined ? {} : { presenceIntervalMs: options.presenceIntervalMs }),
    ...(options.queueReadIntervalMs === undefined
      ? {}
      : { queueReadIntervalMs: options.queueReadIntervalMs }),
    ...(options.consoleReadHold === undefined ? {} : { consoleReadHold: options.consoleReadHold }),
  });
  const baseUrl = await gatehouse.listen();

  return {
    engine,
    baseUrl,
    gatehouse,
    clock,
    database,
    logFile,
    expectErrorLog: (pattern, why) => declareExpectedErrorLog(logFile, pattern, why),
    async post(path, params = {}, postOptions = {}) {
      const body = postOptions.rawBody ?? formBody(params);
      const response = await fetch(
        `${baseUrl}${path}${postOptions.query === undefined ? '' : `?${postOptions.query}`}`,
        {
          method: postOptions.method ?? 'POST',
          headers: {
            ...(postOptions.method === 'GET'
              ? {}
              : { 'content-type': postOptions.contentType ?? 'application/x-www-form-urlencoded' }),
            ...postOptions.headers,
          },
          ...(postOptions.method === 'GET' ? {} : { body }),
        },
      );
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new Error(`non-JSON response ${response.status} to ${path}: ${text.slice(0, 200)}`);
      }
      const what = `${postOptions.method ?? 'POST'} ${path} answered HTTP ${response.status}`;
      if (response.status >= 500 && postOptions.allowServerError !== true) {
        throw new Error(`${what}, a server error (opt in with allowServerError): ${text.slice(0, 500)}`);
      }
      if (response.status < 500 && isSystemError(parsed) && postOptions.allowSystemError !== true) {
        throw new Error(`${what} with a system error (opt in with allowSystemError): ${text.slice(0, 500)}`);
      }
      // The document (docs/openapi.json) must describe what the gateway answers.
      const problems = postOptions.method === undefined ? answerProblems(path, response.status, parsed) : [];
      if (problems.length > 0) {
        throw new Error(
          `${what}, not as docs/openapi.json says: ${problems.join('; ')}: ${text.slice(0, 500)}`,
        );
      }
      return { status: response.status, body: parsed, text, headers: response.headers };
    },
    async createMerchant({ authenticates = false, ...input } = {}) {
      const password = input.password ?? `pw-${randomBytes(6).toString('hex')}`;
      const created = await gatehouse.admin.create({
        ...input,
        permissions: [...(input.permissions ?? []), ...(authenticates ? [] : ['sslOnly'])],
        login: input.login ?? `m${randomBytes(5).toString('hex')}`,
        password,
      });
      return { ...created, auth: { userName: created.userName, password } };
    },
    async close() {
      keepScrape(engine, await gatehouse.metrics.text());
      await gatehouse.close();
      await database.drop();
    },
  };
}
