// Runs test files two at a time in the order given, with the spec reporter on stdout and the
// skip reporter into a file. `node --test <files>` sorts the files by path whatever order they
// come in; node:test's run() keeps it, so scripts/run-tests.js can start the longest files first.
// Usage: node scripts/run-test-files.js <skips-file> <file>...
import { createWriteStream } from 'node:fs';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import skipReporter from '../dist/test/support/skip-reporter.js';

const [skipsFile, ...files] = process.argv.slice(2);
const stream = run({ files, concurrency: 2 });
let failed = false;
// The whole file's failure (a crash, a failing hook) arrives as its own failed test.
stream.on('test:fail', (event) => {
  if (event.todo === undefined || event.todo === false) failed = true;
});
stream.compose(new spec()).pipe(process.stdout);
const skips = createWriteStream(skipsFile);
stream.compose(skipReporter).pipe(skips);
await new Promise((resolve) => stream.once('end', resolve));
await new Promise((resolve) => skips.once('finish', resolve));
process.exitCode = failed ? 1 : 0;
