/**
 * A node:test reporter that writes one JSON line per skipped test or suite, for scripts/run-tests.js
 * to judge after the run (`judgeSkips`): a skip the spec reporter shows as one grey line among
 * thousands is easy to miss, and a skip in CI means the run tested less than it claims.
 */

interface SkipEvent {
  readonly type: string;
  readonly data: { readonly name?: string; readonly file?: string; readonly skip?: string | boolean };
}

export interface SkippedTest {
  readonly name: string;
  readonly file: string;
  readonly reason: string;
}

export default async function* skipReporter(source: AsyncIterable<SkipEvent>): AsyncGenerator<string> {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, skip } = event.data;
    if (skip === undefined || skip === false) continue;
    const skipped: SkippedTest = {
      name: name ?? '(unnamed)',
      file: file ?? '(unknown file)',
      reason: skip === true ? '(no reason given)' : skip,
    };
    yield `${JSON.stringify(skipped)}\n`;
  }
}

/**
 * Skips that are the test's design, not a missing prerequisite: they happen on every machine and
 * in CI. Anything else skipped is an environment gap (no ../shared, no openssl, no PostgreSQL).
 */
export const INTENDED_SKIPS: readonly { readonly reason: RegExp; readonly why: string }[] = [
  {
    reason: /^one SQLite file has one writer at a time; the race needs PostgreSQL$/,
    why: 'the concurrent-claim race of callbacks.test.ts exists only on PostgreSQL',
  },
];

/** The skips of a run that no INTENDED_SKIPS entry explains. */
export function unintendedSkips(skipped: readonly SkippedTest[]): SkippedTest[] {
  return skipped.filter((test) => !INTENDED_SKIPS.some((intended) => intended.reason.test(test.reason)));
}
