import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { redactCredentials } from './redact-credentials.js';
import { DEFAULT_SCRYPT_N, SCRYPT_N_MIN, scryptNOf } from '../security/password-hash.js';
import {
  type DatabaseLimits,
  type DatabaseLocation,
  DEFAULT_DATABASE_LIMITS,
} from '../store-engine/index.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** External address used in formUrl and later 3-D Secure addresses; no trailing slash. */
  readonly publicUrl: string;
  readonly database: DatabaseLocation;
  readonly dataDir: string;
  /** Base64 of 32 bytes, when given by environment; otherwise the key file in dataDir is used. */
  readonly masterKeyBase64: string | undefined;
  /** Earlier master keys (GATEHOUSE_RETIRED_MASTER_KEYS), so values they sealed still open. */
  readonly retiredMasterKeysBase64: readonly string[];
  readonly logLevel: LogLevel;
  /**
   * GATEHOUSE_ENV: `production` turns off everything sandbox at once (the sandbox merchant, the
   * sandbox wallet vendors, token minting) and keeps callbacks off private networks.
   */
  readonly environment: Environment;
  readonly sandboxMerchant: boolean;
  /** Trust the sandbox world's wallet vendors (made on first use) beside the operator's anchors. */
  readonly sandboxWallets: boolean;
  /** Callback addresses may be on loopback, private or link-local networks (the sandbox's local receivers). */
  readonly callbackPrivateAddresses: boolean;
  readonly bodyLimitBytes: number;
  readonly jobIntervalMs: number;
  /** How long an acquirer call may take before it counts as a processing timeout. */
  readonly acquirerTimeoutMs: number;
  /**
   * How long an operation still pending after the acquirer's deadline is left to the process that
   * started it before the recovery job finishes it (GATEHOUSE_RECOVERY_GRACE_MS).
   */
  readonly recoveryGraceMs: number;
  /** Where a run probe writes what the bench and the profiler read (event-loop delay, CPU, SQL counts). */
  readonly probeFile?: string | undefined;
  /** Worker processes serving the port (node:cluster); 1 serves in the process itself. */
  readonly workers: number;
  /** A file of DCC rates loaded into the rate table at start (GATEHOUSE_DCC_RATES_FILE). */
  readonly dccRatesFile: string | undefined;
  /** Where GET /metrics listens (on `host`), apart from the API; undefined: no metrics listener. */
  readonly metricsPort: number | undefined;
}

export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** A refused configuration; its message never carries a credential, whatever value it echoes. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(message: string) {
    super(redactCredentials(message));
  }
}

/** Every variable Gatehouse reads, with its default (the README's configuration table lists them). */
export const CONFIG_VARIABLES = {
  PORT: '8080',
  HOST: '127.0.0.1',
  GATEHOUSE_DB: 'sqlite:./data/gatehouse.sqlite',
  GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: '10000',
  GATEHOUSE_DB_LOCK_TIMEOUT_MS: '5000',
  GATEHOUSE_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
  GATEHOUSE_PUBLIC_URL: 'http://localhost:$PORT',
  GATEHOUSE_DATA_DIR: 'the folder of the SQLite file, or ./data',
  GATEHOUSE_MASTER_KEY: 'generated into $GATEHOUSE_DATA_DIR/master.key on first start',
  GATEHOUSE_RETIRED_MASTER_KEYS: 'none (with key files: $GATEHOUSE_DATA_DIR/master.key.retired)',
  GATEHOUSE_LOG_LEVEL: 'info',
  GATEHOUSE_ENV: 'sandbox',
  GATEHOUSE_SANDBOX_MERCHANT: 'true (false under GATEHOUSE_ENV=production)',
  GATEHOUSE_SANDBOX_WALLETS: 'true (false under GATEHOUSE_ENV=production)',
  GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES: 'true (false under GATEHOUSE_ENV=production)',
  GATEHOUSE_BODY_LIMIT_BYTES: '262144',
  GATEHOUSE_JOB_INTERVAL_MS: '5000',
  GATEHOUSE_ACQUIRER_TIMEOUT_MS: '10000',
  GATEHOUSE_RECOVERY_GRACE_MS: '60000',
  GATEHOUSE_WORKERS: '1 with SQLite, the number of cores with PostgreSQL',
  GATEHOUSE_DCC_RATES_FILE: 'none',
  GATEHOUSE_PROBE_FILE: 'none (npm run bench and npm run profile set it)',
  GATEHOUSE_METRICS_PORT: 'none (no metrics listener)',
  GATEHOUSE_PASSWORD_SCRYPT_N: '32768',
} as const;

type Env = Readonly<Record<string, string | undefined>>;

function integer(
  env: Env,
  name: keyof typeof CONFIG_VARIABLES,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/**
 * A sandbox switch: its default is the environment's, and production refuses to have it turned on,
 * so one variable cannot leave a sandbox door open in production.
 */
function sandboxFlag(env: Env, name: keyof typeof CONFIG_VARIABLES, environment: Environment): boolean {
  const on = flag(env, name, environment === 'sandbox');
  if (on && environment === 'production') {
    throw new ConfigError(`${name} cannot be true under GATEHOUSE_ENV=production`);
  }
  return on;
}

function parseEnvironment(env: Env): Environment {
  const raw = env.GATEHOUSE_ENV || CONFIG_VARIABLES.GATEHOUSE_ENV;
  if (!(ENVIRONMENTS as readonly string[]).includes(raw)) {
    throw new ConfigError(`GATEHOUSE_ENV must be one of ${ENVIRONMENTS.join(', ')}, got "${raw}"`);
  }
  return raw as Environment;
}

function flag(env: Env, name: keyof typeof CONFIG_VARIABLES, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/**
 * How long the database may keep a request waiting
 * (docs/decisions/0035-time-limits-on-the-database.md). PostgreSQL applies all three to every
 * connection; SQLite waits for another process's write lock at most `lockMs` (its busy timeout) and
 * runs its statements in this process, where nothing can interrupt them.
 */
function parseDatabaseLimits(env: Env): DatabaseLimits {
  return {
    statementMs: integer(
      env,
      'GATEHOUSE_DB_STATEMENT_TIMEOUT_MS',
      DEFAULT_DATABASE_LIMITS.statementMs,
      100,
      3_600_000,
    ),
    lockMs: integer(env, 'GATEHOUSE_DB_LOCK_TIMEOUT_MS', DEFAULT_DATABASE_LIMITS.lockMs, 10, 3_600_000),
    idleInTransactionMs: integer(
      env,
      'GATEHOUSE_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      DEFAULT_DATABASE_LIMITS.idleInTransactionMs,
      100,
      3_600_000,
    ),
  };
}

function parseDatabase(raw: string, cwd: string, env: Env): DatabaseLocation {
  const limits = parseDatabaseLimits(env);
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('GATEHOUSE_DB is not a valid postgres:// URL');
    }
    return { engine: 'postgres', url: raw, limits };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (file === '')
      throw new ConfigError('GATEHOUSE_DB names no SQLite file: use sqlite:./data/gatehouse.sqlite');
    return { engine: 'sqlite', file: file === ':memory:' ? file : resolve(cwd, file), limits };
  }
  throw new ConfigError(`GATEHOUSE_DB must start with sqlite: or postgres://, got "${raw}"`);
}

function parsePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`GATEHOUSE_PUBLIC_URL is not an absolute URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('GATEHOUSE_PUBLIC_URL must use http or https');
  }
  return raw.replace(/\/+$/, '');
}

/**
 * GATEHOUSE_PASSWORD_SCRYPT_N may only lower the cost of new password hashes, and only outside
 * production (the test suite sets it); password-hash.ts reads it, this refuses a bad one at start.
 */
function checkPasswordCost(env: Env, environment: Environment): void {
  const raw = env.GATEHOUSE_PASSWORD_SCRYPT_N;
  if (raw === undefined || raw === '') return;
  if (scryptNOf(raw) === undefined) {
    throw new ConfigError(
      `GATEHOUSE_PASSWORD_SCRYPT_N must be a power of two from ${SCRYPT_N_MIN} to ${DEFAULT_SCRYPT_N}, got "${raw}"`,
    );
  }
  if (environment === 'production' && Number(raw) !== DEFAULT_SCRYPT_N) {
    throw new ConfigError(
      'GATEHOUSE_PASSWORD_SCRYPT_N cannot lower the password cost under GATEHOUSE_ENV=production',
    );
  }
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const database = parseDatabase(env.GATEHOUSE_DB || CONFIG_VARIABLES.GATEHOUSE_DB, cwd, env);
  const dataDir = resolve(
    cwd,
    env.GATEHOUSE_DATA_DIR ||
      (database.engine === 'sqlite' && database.file !== ':memory:'
        ? resolve(database.file, '..')
        : './data'),
  );
  const logLevel = env.GATEHOUSE_LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`GATEHOUSE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const environment = parseEnvironment(env);
  checkPasswordCost(env, environment);
  const masterKeyBase64 = env.GATEHOUSE_MASTER_KEY || undefined;
  if (masterKeyBase64 !== undefined && Buffer.from(masterKeyBase64, 'base64').length !== 32) {
    throw new ConfigError('GATEHOUSE_MASTER_KEY must be the base64 encoding of exactly 32 bytes');
  }
  const retiredMasterKeysBase64 = (env.GATEHOUSE_RETIRED_MASTER_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (retiredMasterKeysBase64.some((key) => Buffer.from(key, 'base64').length !== 32)) {
    throw new ConfigError(
      'GATEHOUSE_RETIRED_MASTER_KEYS must be comma-separated base64 encodings of 32 bytes',
    );
  }
  return {
    port,
    host: env.HOST || CONFIG_VARIABLES.HOST,
    publicUrl: parsePublicUrl(env.GATEHOUSE_PUBLIC_URL || `http://localhost:${port}`),
    database,
    dataDir,
    masterKeyBase64,
    retiredMasterKeysBase64,
    logLevel: logLevel as LogLevel,
    environment,
    sandboxMerchant: sandboxFlag(env, 'GATEHOUSE_SANDBOX_MERCHANT', environment),
    sandboxWallets: sandboxFlag(env, 'GATEHOUSE_SANDBOX_WALLETS', environment),
    callbackPrivateAddresses: sandboxFlag(env, 'GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES', environment),
    bodyLimitBytes: integer(env, 'GATEHOUSE_BODY_LIMIT_BYTES', 262_144, 1024, 16 * 1024 * 1024),
    jobIntervalMs: integer(env, 'GATEHOUSE_JOB_INTERVAL_MS', 5000, 50, 3_600_000),
    acquirerTimeoutMs: integer(env, 'GATEHOUSE_ACQUIRER_TIMEOUT_MS', 10_000, 10, 120_000),
    recoveryGraceMs: integer(env, 'GATEHOUSE_RECOVERY_GRACE_MS', 60_000, 0, 3_600_000),
    // SQLite commits one process at a time and better-sqlite3 blocks its process during fsync, so
    // several processes cannot share a commit: one worker writes faster
    // (docs/decisions/0036-worker-processes-one-per-core-on-postgresql-one-on-sqlite.md).
    workers: integer(
      env,
      'GATEHOUSE_WORKERS',
      database.engine === 'postgres' ? availableParallelism() : 1,
      1,
      64,
    ),
    dccRatesFile: env.GATEHOUSE_DCC_RATES_FILE || undefined,
    probeFile: env.GATEHOUSE_PROBE_FILE || undefined,
    metricsPort:
      env.GATEHOUSE_METRICS_PORT === undefined || env.GATEHOUSE_METRICS_PORT === ''
        ? undefined
        : integer(env, 'GATEHOUSE_METRICS_PORT', 0, 0, 65535),
  };
}
