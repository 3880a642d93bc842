import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize, table, type CpuProfile } from './cpu-profile.js';
import { benchPostgres } from './postgres.js';
import { load, readProbe, startProcess } from './harness.js';
import { prepareWorld, ROOT } from './world.js';

/**
 * npm run profile -- <scenario>: Gatehouse under --cpu-prof with the bench's load for one scenario
 * (PROFILE_CONNECTIONS, default 50, for PROFILE_DURATION_S, default 10, after a 2 s warm-up). Prints
 * the SQL statements each request ran (counted by the server's run probe, by statement text), the
 * CPU per request, and the top self and inclusive costs by function and by module. The profile is
 * kept as bench/results/<scenario>.cpuprofile for a closer look in Chromium's devtools.
 */
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.PROFILE_DURATION_S ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 20);
const WARMUP_S = 2;

async function main(): Promise<void> {
  const scenario = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'instantPayment.do';
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'));
  const profiles = join(dir, 'cpu');
  mkdirSync(join(dir, 'probe'));
  const probeFile = join(dir, 'probe', 'reading');
  // `--postgres`: one worker on a throwaway PostgreSQL (the bench's), so one profile covers it all.
  const postgres = process.argv.includes('--postgres') ? await benchPostgres() : undefined;
  const world = prepareWorld(dir, postgres?.url);
  const gatehouse = await startProcess(
    [join(ROOT, 'bin/gatehouse.js'), 'serve'],
    { ...world.env, GATEHOUSE_PROBE_FILE: probeFile, GATEHOUSE_WORKERS: '1' },
    ['--cpu-prof', `--cpu-prof-dir=${profiles}`],
  );
  try {
    const url = `http://127.0.0.1:${gatehouse.port}`;
    const scenarios = await world.scenarios(url);
    const endpoint = scenarios.endpoints.find((candidate) => candidate.name === scenario);
    if (endpoint === undefined) {
      throw new Error(
        `no scenario "${scenario}"; choose one of: ${scenarios.endpoints.map((e) => e.name).join(', ')}`,
      );
    }
    await load(`${scenario} (warm-up)`, url, endpoint.steps, WARMUP_S, 10_000_000, CONNECTIONS);
    await readProbe(gatehouse.child, probeFile);
    const measured = await load(scenario, url, endpoint.steps, DURATION_S, 20_000_000, CONNECTIONS);
    const reading = await readProbe(gatehouse.child, probeFile);
    const exited = new Promise((resolve) => gatehouse.child.once('exit', resolve));
    gatehouse.child.kill('SIGTERM');
    await exited;
    const [file] = readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error('the server wrote no CPU profile');
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const kept = join(ROOT, 'bench/results', `${scenario.replace(/[^\w.-]/g, '_')}.cpuprofile`);
    copyFileSync(join(profiles, file), kept);
    const summary = summarize(JSON.parse(readFileSync(join(profiles, file), 'utf8')) as CpuProfile);

    const requests = measured.responses;
    const statements = Object.entries(reading.statements).sort((a, b) => b[1] - a[1]);
    const statementTotal = statements.reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `\n${scenario}: ${CONNECTIONS} connections, ${DURATION_S} s: ${measured.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${measured.latencyP50Ms} ms, p99 ${measured.latencyP99Ms} ms, event-loop delay p99 ` +
        `${reading.eventLoopDelayMs.p99.toFixed(1)} ms, ${requests} answers, ` +
        `${((reading.cpuMs * 1000) / requests).toFixed(0)} µs of CPU per answer`,
    );
    console.log(`\nSQL statements per request: ${(statementTotal / requests).toFixed(2)}`);
    const line = ([text, count]: [string, number]) =>
      console.log(
        `  ${(count / requests).toFixed(2).padStart(6)}  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
    statements.slice(0, TOP).forEach(line);
    const cachedReads = Object.entries(reading.cachedReads).sort((a, b) => b[1] - a[1]);
    if (cachedReads.length > 0) {
      console.log('\nReads per request answered by the read cache (not run):');
      cachedReads.slice(0, TOP).forEach(line);
    }
    // The profile covers the whole process life (start and warm-up too): per request is an upper bound.
    console.log(
      `\nCPU: ${summary.busyMs.toFixed(0)} ms busy over the process's life, ${(summary.busyMs / requests).toFixed(3)} ms per measured request (start-up and warm-up included)`,
    );
    for (const [title, costs, by] of [
      ['functions by self time', summary.functions, 'selfMs'],
      ['functions by inclusive time', summary.functions, 'inclusiveMs'],
      ['modules by self time', summary.modules, 'selfMs'],
      ['modules by inclusive time', summary.modules, 'inclusiveMs'],
    ] as const) {
      console.log(`\n${title}:`);
      for (const line of table(costs, by, summary.busyMs, requests, TOP)) console.log(`  ${line}`);
    }
    console.log(`\nprofile kept as ${kept}`);
  } finally {
    if (gatehouse.child.exitCode === null) gatehouse.child.kill('SIGTERM');
    postgres?.server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
