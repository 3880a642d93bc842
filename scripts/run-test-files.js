// Runs test files a few at a time in the order given, with the spec reporter on stdout and the
// skip reporter into a file. `node --test <files>` sorts the files by path whatever order they
// come in; node:test's run() keeps it, so scripts/run-tests.js can start the longest files first.
// Each file's own time is written beside the skips (file-times.json) and the longest are printed
// last: what LONGEST_FIRST and the suite's time budget are tuned from.
// Usage: node scripts/run-test-files.js <skips-file> <file>...
import { createWriteStream, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import skipReporter from '../dist/test/support/skip-reporter.js';

const [skipsFile, ...files] = process.argv.slice(2);
// Two files at a time. Three were tried (one more than the cores, for the time files wait on
// commits): the files' own times summed to 3,943 s against 1,469 s and the run took 965 s against
// 835 s, so the suite is bound by CPU, not by waiting (docs/performance.md, "The suite's time").
const concurrency = Number(process.env.GATEHOUSE_TEST_CONCURRENCY ?? 2);
const stream = run({ files, concurrency });
let failed = false;
const root = join(dirname(new URL(import.meta.url).pathname), '..');
// A file's time runs from its start (dequeued) to the last event it reports: node:test reports a
// file either as one test named by its path or as its own top-level tests, depending on the file.
const startedAt = new Map();
const lastSeenAt = new Map();
stream.on('test:dequeue', (event) => {
  if (event.nesting === 0 && files.includes(event.name)) startedAt.set(event.name, Date.now());
});
for (const type of [
  'test:pass',
  'test:fail',
  'test:complete',
  'test:stdout',
  'test:stderr',
  'test:diagnostic',
]) {
  stream.on(type, (event) => {
    if (event.file !== undefined && startedAt.has(event.file)) lastSeenAt.set(event.file, Date.now());
  });
}
// The whole file's failure (a crash, a failing hook) arrives as its own failed test.
stream.on('test:fail', (event) => {
  if (event.todo === undefined || event.todo === false) failed = true;
});
stream.compose(new spec()).pipe(process.stdout);
const skips = createWriteStream(skipsFile);
stream.compose(skipReporter).pipe(skips);
await new Promise((resolve) => stream.once('end', resolve));
await new Promise((resolve) => skips.once('finish', resolve));
const fileTimes = [...startedAt]
  .map(([file, at]) => ({ file: relative(root, file), seconds: ((lastSeenAt.get(file) ?? at) - at) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds);
// skips.jsonl -> file-times.json, skips-after-run.jsonl -> file-times-after-run.json.
const timesFile = basename(skipsFile).replace(/^skips(.*)\.jsonl$/, 'file-times$1.json');
writeFileSync(join(dirname(skipsFile), timesFile), `${JSON.stringify(fileTimes, null, 1)}\n`);
if (fileTimes.length > 1) {
  const total = fileTimes.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`\nfiles' own times: ${total.toFixed(1)} s in all, ${concurrency} at a time; the longest:`);
  for (const { file, seconds } of fileTimes.slice(0, 15))
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}
process.exitCode = failed ? 1 : 0;
