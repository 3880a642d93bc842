import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_LOG_DIR } from './gatehouse-harness.js';

/**
 * A `gatehouse serve` started by a test as a child process logs to its own stdout; copied into
 * TEST_LOG_DIR, its lines face the same after-run checks (card data, undeclared errors) as those
 * of the in-process servers.
 */
export function childLogFile(prefix: string): string {
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  return join(TEST_LOG_DIR, `${prefix}-${randomBytes(4).toString('hex')}.log`);
}

/**
 * Copies the child's pino lines from stdout and all of stderr to `logFile`. stdout's other lines
 * are the greeting written for a person (credentials, a first curl), not log lines; stderr is
 * where a crash's stack trace lands, so it is kept whole.
 */
export function teeChildLog(child: ChildProcess, logFile: string): void {
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer | string) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    const json = lines.filter((line) => line.startsWith('{'));
    if (json.length > 0) appendFileSync(logFile, `${json.join('\n')}\n`);
  });
  child.stdout?.on('end', () => {
    if (partial.startsWith('{')) appendFileSync(logFile, `${partial}\n`);
  });
  child.stderr?.on('data', (chunk: Buffer | string) => appendFileSync(logFile, chunk));
}
