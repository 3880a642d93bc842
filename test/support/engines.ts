/** The engines the integration suite runs on, from GATEHOUSE_TEST_ENGINES (set by scripts/run-tests.js). */
export type Engine = 'sqlite' | 'postgres';

export const ENGINES: readonly Engine[] = (process.env.GATEHOUSE_TEST_ENGINES ?? 'sqlite')
  .split(',')
  .map((name) => name.trim())
  .filter(
    (name): name is Engine =>
      name === 'sqlite' || (name === 'postgres' && process.env.GATEHOUSE_TEST_PG_URL !== undefined),
  );
