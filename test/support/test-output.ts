import { join } from 'node:path';

/**
 * Where a run leaves what the after-run checks read (logs, database scans, skips). scripts/run-tests.js
 * empties it first; GATEHOUSE_TEST_OUTPUT_DIR moves it, so two runs in one working tree (two
 * engineers, or an editor's test task) do not empty each other's logs halfway through.
 */
export const TEST_OUTPUT_DIR = process.env.GATEHOUSE_TEST_OUTPUT_DIR ?? join(process.cwd(), 'test-output');
