// Preloaded into every test process when GATEHOUSE_TEST_CPU=1 (scripts/run-tests.js): at exit it
// appends the process's own CPU time and that of the children it reaped (Chromium, gatehouse
// processes) to file-cpu.jsonl. CPU seconds, unlike wall time, hardly move with the machine's
// load, so the suite's time is cut where these say it goes (docs/performance.md).
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const outputDir = process.env.GATEHOUSE_TEST_OUTPUT_DIR;
const ticksPerSecond = 100;
process.on('exit', () => {
  if (outputDir === undefined) return;
  // /proc/self/stat fields 14-17: utime, stime, cutime, cstime in clock ticks.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = (index) => Number(fields[index - 3] ?? 0) / ticksPerSecond;
  const line = {
    file: process.argv[1],
    ownSeconds: ticks(14) + ticks(15),
    childrenSeconds: ticks(16) + ticks(17),
  };
  appendFileSync(join(outputDir, 'file-cpu.jsonl'), `${JSON.stringify(line)}\n`);
});
