import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Error-level log lines a test declares as expected, kept in a sidecar beside the server's log file
 * (`x.log` -> `x.expected.json`) so that test/after-run/error-log.test.ts, which runs in another
 * process after the whole suite, can tell a provoked failure from a real one.
 */

/** pino's `error`; `fatal` (60) is above it. */
export const ERROR_LEVEL_MIN = 50;

export interface ExpectedErrorPattern {
  readonly source: string;
  readonly flags: string;
  /** The test's own words for why the line is expected, shown when the check fails. */
  readonly why: string;
}

export function sidecarOf(logFile: string): string {
  return `${logFile.replace(/\.log$/, '')}.expected.json`;
}

export function readExpectedErrorLogs(logFile: string): ExpectedErrorPattern[] {
  const sidecar = sidecarOf(logFile);
  if (!existsSync(sidecar)) return [];
  return JSON.parse(readFileSync(sidecar, 'utf8')) as ExpectedErrorPattern[];
}

/**
 * Appends `pattern` to the sidecar of `logFile`. Each server has one log file written by one test
 * process, so the read-modify-write needs no lock.
 */
export function declareExpectedErrorLog(logFile: string, pattern: RegExp, why: string): void {
  const patterns = readExpectedErrorLogs(logFile);
  if (patterns.some((known) => known.source === pattern.source && known.flags === pattern.flags)) return;
  patterns.push({ source: pattern.source, flags: pattern.flags, why });
  writeFileSync(sidecarOf(logFile), `${JSON.stringify(patterns, null, 2)}\n`);
}

/**
 * The text a pattern is matched against: the line's `msg`, then the logged error's type and message
 * when there is one ("operation failed | Error: boom"), so a declaration can name the failure and
 * not only the generic message every unexpected exception shares.
 */
export function errorLineText(line: Record<string, unknown>): string {
  const err = line.err as { type?: unknown; message?: unknown } | undefined;
  const msg = typeof line.msg === 'string' ? line.msg : '';
  if (err === undefined || typeof err !== 'object') return msg;
  return `${msg} | ${String(err.type)}: ${String(err.message)}`;
}
