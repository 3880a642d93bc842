import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../test/support/free-port.js';

/**
 * The drill's PostgreSQL servers, configured as docs/deployment.md says a production one is: WAL
 * archived to a folder by archive_command, base backups taken with pg_basebackup, and a fresh
 * server restored from a base backup and the archive to a point in time. Everything lives in the
 * drill's folder; every server is stopped by `pg_ctl stop` on its own data folder.
 */
export interface PostgresServer {
  readonly url: string;
  readonly dataDir: string;
  stop(): void;
}

/** initdb and the server refuse to run as root; the Debian package's postgres user runs them then. */
function run(command: string, args: readonly string[]): string {
  const [cmd, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

function serverAt(bin: string, dataDir: string, port: number): PostgresServer {
  run(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dataDir, '..', `server-${port}.log`),
    '-w',
    '-t',
    '120',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    stop: () => {
      run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

/** A primary archiving every WAL segment into `archiveDir` (which must exist, writable by it). */
export async function startArchivingPrimary(
  bin: string,
  dir: string,
  archiveDir: string,
): Promise<PostgresServer> {
  const dataDir = join(dir, 'primary');
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 300',
      'wal_level = replica',
      'archive_mode = on',
      // Never overwrite a segment already archived: a second server archiving into the same
      // folder by mistake fails loudly instead of destroying the history a restore needs.
      `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
      '',
    ].join('\n'),
  );
  return serverAt(bin, dataDir, port);
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A base backup without WAL (`-X none`): the archive alone must carry every segment from the
 * backup's start on, which is what the restore proves. `--checkpoint=fast` starts it at once. Run
 * without blocking this process, whose clients keep the load going meanwhile.
 */
export async function baseBackup(bin: string, server: PostgresServer, target: string): Promise<void> {
  const url = new URL(server.url);
  const args = ['-h', url.hostname, '-p', url.port, '-U', 'postgres', '-D', target, '-X', 'none'];
  const command = join(bin, 'pg_basebackup');
  const [cmd, argv] =
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', command, ...args, '--checkpoint=fast']]
      : [command, [...args, '--checkpoint=fast']];
  await promisify(execFile)(cmd, argv);
}

/**
 * Makes every commit so far reach the archive: the current segment is closed (pg_switch_wal) and
 * archived; resolves once pg_stat_archiver names it (or a later one) as archived.
 */
export async function archiveEverything(server: PostgresServer, deadlineMs = 60_000): Promise<string> {
  const [switched] = await query<{ segment: string }>(
    server.url,
    'select pg_walfile_name(pg_switch_wal()) as segment',
  );
  const segment = switched!.segment;
  const untilMs = Date.now() + deadlineMs;
  while (Date.now() < untilMs) {
    const [archiver] = await query<{ last: string | null; failed: string | null }>(
      server.url,
      'select last_archived_wal as last, last_failed_wal as failed from pg_stat_archiver',
    );
    if (archiver?.last != null && archiver.last.slice(0, 24) >= segment) return segment;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`segment ${segment} was not archived within ${deadlineMs} ms`);
}

/** recovery_target_time reads PostgreSQL's own timestamp form; ISO 8601's T and Z are refused. */
function recoveryTime(time: Date): string {
  return time.toISOString().replace('T', ' ').replace('Z', '+00');
}

/**
 * A fresh server on a copy of the base backup that replays the archive up to `targetTime` (its
 * last commit at or before it) and is promoted there: what an operator does after losing the
 * primary's machine, or to undo a mistake made after `targetTime`.
 */
export async function restoreToPointInTime(
  bin: string,
  baseDir: string,
  archiveDir: string,
  targetTime: Date,
): Promise<PostgresServer> {
  const port = await freePort();
  writeFileSync(join(baseDir, 'recovery.signal'), '');
  appendFileSync(
    join(baseDir, 'postgresql.auto.conf'),
    [
      `port = ${port}`,
      `restore_command = 'cp ${archiveDir}/%f %p'`,
      `recovery_target_time = '${recoveryTime(targetTime)}'`,
      "recovery_target_action = 'promote'",
      // The restored server starts a new timeline; it must not write into the drill's archive.
      'archive_mode = off',
      '',
    ].join('\n'),
  );
  const server = serverAt(bin, baseDir, port);
  // pg_ctl -w returns once connections are accepted, which a hot standby does while it replays.
  const untilMs = Date.now() + 300_000;
  while (Date.now() < untilMs) {
    const recovering = await query<{ recovering: boolean }>(
      server.url,
      'select pg_is_in_recovery() as recovering',
    ).then(
      ([row]) => row?.recovering !== false,
      // Not yet consistent: the server refuses connections until it is.
      () => true,
    );
    if (!recovering) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.stop();
  throw new Error('the restored server did not finish recovery within 300 s');
}

/** The drill's folder: the postgres user writes the data folders, the base backup and the archive. */
export function drillFolders(dir: string): { archiveDir: string; baseDir: string } {
  chmodSync(dir, 0o777);
  const archiveDir = join(dir, 'archive');
  mkdirSync(archiveDir);
  chmodSync(archiveDir, 0o777);
  return { archiveDir, baseDir: join(dir, 'base') };
}
