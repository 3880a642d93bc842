import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Skips must be loud. Outside CI a missing prerequisite (the ../shared folder beside the
 * repository, a PostgreSQL server) skips with a reason, so a bare checkout still runs; under CI
 * (the variable CI set to anything but "" or "false") it throws, so a run that tested less than it
 * should exits non-zero instead of passing with zero tests in a file.
 */
export function inCi(): boolean {
  const value = process.env.CI;
  return value !== undefined && value !== '' && value !== 'false';
}

/** `reason` unchanged outside CI (undefined: nothing is missing); under CI a reason throws. */
export function requiredInCi(reason: string | undefined): string | undefined {
  if (reason !== undefined && inCi()) {
    throw new Error(`${reason}. CI is set, so this is an error, not a skip.`);
  }
  if (reason !== undefined) console.warn(`warning: skipped: ${reason}`);
  return reason;
}

/**
 * A node:test `skip` option for a test that reads `file` from the ../shared folder: false when it
 * is there, a reason outside CI, a throw under CI.
 */
export function skipUnlessShared(file: URL): string | false {
  const path = fileURLToPath(file);
  return (
    requiredInCi(
      existsSync(path) ? undefined : `${path} is absent (the ../shared folder beside the repository)`,
    ) ?? false
  );
}
