import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../test/support/free-port.js';
import { findPgBin } from '../../test/support/throwaway-postgres.js';
import { etcdArgs, haproxyConfig, patroniConfig, SCOPE, type Layout, type MemberLayout } from './configs.js';
import { clusterUser, Daemon, killPids, postgresPids, type RunAs } from './daemon.js';

/**
 * A local high-availability PostgreSQL (issue 42): one etcd, two PostgreSQL 15 members under
 * Patroni in synchronous mode, HAProxy routing its write port to the primary. Everything lives in
 * one throwaway folder; every program is stopped by its own pid.
 */
export const HA_PROGRAMS = ['patroni', 'patronictl', 'etcd', 'haproxy'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why the cluster cannot run here (a missing program), or undefined when it can. */
export function haUnavailable(): string | undefined {
  const missing = HA_PROGRAMS.filter((program) => !onPath(program));
  if (serverBin() === undefined) missing.push('postgresql' as never);
  return missing.length === 0
    ? undefined
    : `the HA cluster needs ${missing.join(', ')} (apt-get install patroni etcd-server haproxy postgresql)`;
}

/**
 * Patroni runs every server program (pg_controldata, pg_rewind, pg_basebackup) from one folder:
 * the packaged installation's, not a folder of links to some of them on the PATH.
 */
function serverBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  const packaged = existsSync(base)
    ? readdirSync(base)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(base, version, 'bin'))
        .find((bin) =>
          ['postgres', 'pg_ctl', 'pg_controldata', 'pg_rewind'].every((p) => existsSync(join(bin, p))),
        )
    : undefined;
  return packaged ?? findPgBin();
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '/usr/bin:/bin').split(':').some((dir) => existsSync(join(dir, program)));
}

export interface Member {
  readonly layout: MemberLayout;
  readonly patroni: Daemon;
}

export class HaCluster {
  private constructor(
    readonly layout: Layout,
    readonly members: readonly Member[],
    private readonly etcd: Daemon,
    private readonly haproxy: Daemon,
    private readonly user: RunAs | undefined,
  ) {}

  /** An administrator URL through HAProxy's write port, as GATEHOUSE_TEST_PG_URL expects. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.layout.writePort}/postgres`;
  }

  static async start(log: (line: string) => void = () => undefined): Promise<HaCluster> {
    const pgBin = serverBin();
    if (pgBin === undefined) throw new Error('PostgreSQL is not installed');
    const user = clusterUser();
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ha-'));
    const members: MemberLayout[] = [];
    for (const name of ['pg0', 'pg1']) {
      const memberDir = join(dir, name);
      members.push({
        name,
        pgPort: await freePort(),
        restPort: await freePort(),
        dir: memberDir,
        dataDir: join(memberDir, 'data'),
        configFile: join(memberDir, 'patroni.yml'),
      });
    }
    const layout: Layout = {
      dir,
      pgBin,
      etcdClientPort: await freePort(),
      etcdPeerPort: await freePort(),
      members,
      writePort: await freePort(),
    };
    for (const member of members) {
      mkdirSync(member.dir, { mode: 0o700 });
      writeFileSync(member.configFile, patroniConfig(layout, member));
    }
    const haproxyFile = join(dir, 'haproxy.cfg');
    writeFileSync(haproxyFile, haproxyConfig(layout));
    if (user !== undefined) chownTree(dir, user, members);
    const etcd = new Daemon('etcd', 'etcd', etcdArgs(layout), join(dir, 'etcd.log'), user);
    const haproxy = new Daemon(
      'haproxy',
      'haproxy',
      ['-f', haproxyFile, '-db'],
      join(dir, 'haproxy.log'),
      user,
    );
    const cluster = new HaCluster(
      layout,
      members.map((member) => ({
        layout: member,
        patroni: new Daemon(
          `patroni ${member.name}`,
          'patroni',
          [member.configFile],
          join(member.dir, 'patroni.log'),
          user,
        ),
      })),
      etcd,
      haproxy,
      user,
    );
    try {
      etcd.start();
      await cluster.until('etcd answers', 30_000, async () => (await cluster.etcdHealthy()) === true);
      haproxy.start();
      // The first member bootstraps alone, so it is the leader; the second is cloned from it.
      cluster.members[0]!.patroni.start();
      await cluster.until('the first member leads', 60_000, async () => (await cluster.leader()) === 'pg0');
      cluster.members[1]!.patroni.start();
      await cluster.untilSynchronous(120_000);
      await cluster.untilWritable(30_000);
      log(`HA cluster up in ${dir}: etcd :${layout.etcdClientPort}, HAProxy :${layout.writePort}`);
      return cluster;
    } catch (error) {
      const logs = cluster.logTails();
      await cluster.stop();
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`, { cause: error });
    }
  }

  /** The member whose Patroni answers 200 on /primary, if one does. */
  async leader(): Promise<string | undefined> {
    for (const member of this.members) {
      if ((await this.rest(member, '/primary')) === 200) return member.layout.name;
    }
    return undefined;
  }

  /**
   * The leader, asked again for up to `limitMs`: on a loaded machine Patroni's REST API can miss
   * one question (the first default run of the trial broke off at a switchover that found none).
   */
  async currentLeader(limitMs = 15_000): Promise<string> {
    let leader = await this.leader();
    await this.until('a leader', limitMs, async () => (leader ??= await this.leader()) !== undefined);
    return leader!;
  }

  /** The other member, once it streams as the synchronous standby. */
  async untilSynchronous(limitMs = 120_000): Promise<void> {
    await this.until('a synchronous standby streams', limitMs, async () => {
      for (const member of this.members) if ((await this.rest(member, '/sync')) === 200) return true;
      return false;
    });
  }

  /** A write commits through HAProxy's port. */
  async untilWritable(limitMs = 60_000): Promise<void> {
    await this.until('a writable primary behind HAProxy', limitMs, () => this.writable());
  }

  async writable(): Promise<boolean> {
    try {
      await this.psql(this.layout.writePort, 'select txid_current()', 2);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The machine of `name` lost: its Patroni and its PostgreSQL (postmaster and every backend) end
   * with SIGKILL at once, as a power cut would end them.
   */
  loseMachine(name: string): void {
    const member = this.member(name);
    const pids = [
      ...(member.patroni.pid === undefined ? [] : [member.patroni.pid]),
      ...postgresPids(member.layout.dataDir),
    ];
    killPids(pids);
  }

  /** The lost member's Patroni again: it rewinds its PostgreSQL if it must and follows the leader. */
  async bringBack(name: string): Promise<void> {
    const member = this.member(name);
    // The SIGKILL'd Patroni has exited once its pid is gone from the Daemon's view.
    await this.until(`${name}'s Patroni has exited`, 10_000, () =>
      Promise.resolve(member.patroni.pid === undefined),
    );
    // A postmaster whose own kill is still being reaped would make Patroni wait for it.
    await this.until(`${name}'s PostgreSQL has exited`, 10_000, () =>
      Promise.resolve(postgresPids(member.layout.dataDir).length === 0),
    );
    member.patroni.start();
  }

  /** A planned switchover to the standby (`patronictl switchover --force`). */
  async switchover(): Promise<{ from: string; to: string }> {
    const from = await this.currentLeader();
    const to = this.members.find((member) => member.layout.name !== from)!.layout.name;
    await promisify(execFile)(
      'patronictl',
      [
        '-c',
        this.members[0]!.layout.configFile,
        'switchover',
        SCOPE,
        '--leader',
        from,
        '--candidate',
        to,
        '--force',
      ],
      { env: { ...process.env, HOME: this.user?.home ?? process.env.HOME ?? '/tmp' } },
    );
    return { from, to };
  }

  /** etcd stopped (SIGTERM) and started again on the same data. */
  async restartEtcd(): Promise<void> {
    await this.etcd.stop('SIGTERM');
    this.etcd.start();
    await this.until('etcd answers again', 30_000, async () => (await this.etcdHealthy()) === true);
  }

  /** Everything ends with SIGKILL: the folder is thrown away, nothing in it needs a clean stop. */
  async stop(): Promise<void> {
    if (process.env.GATEHOUSE_HA_KEEP === '1') console.error(`HA cluster: kept ${this.layout.dir}`);
    await this.haproxy.stop('SIGKILL');
    for (const member of this.members) {
      await member.patroni.stop('SIGKILL');
      killPids(postgresPids(member.layout.dataDir));
    }
    await this.etcd.stop('SIGKILL');
    if (process.env.GATEHOUSE_HA_KEEP !== '1') rmSync(this.layout.dir, { recursive: true, force: true });
  }

  /** The last lines of every program's log, for an error that must say why the cluster failed. */
  logTails(lines = 40): string {
    const logs = [join(this.layout.dir, 'etcd.log'), join(this.layout.dir, 'haproxy.log')].concat(
      this.members.map((member) => join(member.layout.dir, 'patroni.log')),
    );
    return logs
      .map((file) => {
        const text = existsSync(file) ? readFileSync(file, 'utf8') : '(no log)';
        return `--- ${file}\n${text.split('\n').slice(-lines).join('\n')}`;
      })
      .join('\n');
  }

  /** The HTTP status of Patroni's REST API of `member` on `path`; 0 when it does not answer. */
  async rest(member: Member, path: string): Promise<number> {
    try {
      const response = await fetch(`http://127.0.0.1:${member.layout.restPort}${path}`, {
        signal: AbortSignal.timeout(3_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  member(name: string): Member {
    const member = this.members.find((candidate) => candidate.layout.name === name);
    if (member === undefined) throw new Error(`no member ${name}`);
    return member;
  }

  private async etcdHealthy(): Promise<boolean> {
    try {
      const response = await fetch(`http://127.0.0.1:${this.layout.etcdClientPort}/health`, {
        signal: AbortSignal.timeout(1_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  private async psql(port: number, statement: string, timeoutS: number): Promise<string> {
    const { stdout } = await promisify(execFile)(
      join(this.layout.pgBin, 'psql'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-c', statement],
      {
        env: {
          ...process.env,
          PGCONNECT_TIMEOUT: String(timeoutS),
          PGOPTIONS: `-c statement_timeout=${timeoutS * 1000}`,
        },
        timeout: timeoutS * 1000 + 500,
      },
    );
    return stdout;
  }

  private async until(what: string, limitMs: number, condition: () => Promise<boolean>): Promise<void> {
    const deadlineMs = Date.now() + limitMs;
    while (!(await condition())) {
      if (Date.now() > deadlineMs)
        throw new Error(`HA cluster: no ${what} within ${limitMs} ms (logs in ${this.layout.dir})`);
      await sleep(200);
    }
  }
}

/** The throwaway folder belongs to the cluster's user; a member's folder must be its alone (0700). */
function chownTree(dir: string, user: RunAs, members: readonly MemberLayout[]): void {
  chownSync(dir, user.uid, user.gid);
  for (const member of members) {
    chownSync(member.dir, user.uid, user.gid);
    chownSync(member.configFile, user.uid, user.gid);
  }
  chownSync(join(dir, 'haproxy.cfg'), user.uid, user.gid);
}
