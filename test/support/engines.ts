import { requiredInCi } from './required-in-ci.js';

/** The engines the integration suite runs on, from GATEHOUSE_TEST_ENGINES (set by scripts/run-tests.js). */
export type Engine = 'sqlite' | 'postgres';

const KNOWN: readonly Engine[] = ['sqlite', 'postgres'];

/**
 * Why `name` cannot run here, or undefined when it can. A typo in the variable is never meant, so
 * it throws everywhere; a PostgreSQL without a server only throws in CI (see `requiredInCi`).
 */
function unrunnable(name: string): string | undefined {
  if (!(KNOWN as readonly string[]).includes(name)) {
    throw new Error(`GATEHOUSE_TEST_ENGINES names an unknown engine "${name}"; known: ${KNOWN.join(', ')}`);
  }
  if (name === 'postgres' && process.env.GATEHOUSE_TEST_PG_URL === undefined) {
    return 'GATEHOUSE_TEST_ENGINES names postgres but GATEHOUSE_TEST_PG_URL is not set (scripts/run-tests.js starts a server and sets it)';
  }
  return undefined;
}

function enginesOf(variable: string): readonly Engine[] {
  const names = variable
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const runnable = names.filter((name): name is Engine => requiredInCi(unrunnable(name)) === undefined);
  // No engine at all would run every integration file with zero tests: a green run of nothing.
  if (runnable.length === 0) throw new Error(`GATEHOUSE_TEST_ENGINES="${variable}" leaves no engine to run`);
  return runnable;
}

export const ENGINES: readonly Engine[] = enginesOf(process.env.GATEHOUSE_TEST_ENGINES ?? 'sqlite');
