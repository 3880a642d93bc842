import { join } from 'node:path';

/** Ports and folders of one HA cluster; every port was free when the cluster was laid out. */
export interface Layout {
  readonly dir: string;
  readonly pgBin: string;
  readonly etcdClientPort: number;
  readonly etcdPeerPort: number;
  readonly members: readonly MemberLayout[];
  /** HAProxy's port routed to the primary: the only address Gatehouse is given. */
  readonly writePort: number;
}

export interface MemberLayout {
  readonly name: string;
  readonly pgPort: number;
  readonly restPort: number;
  readonly dir: string;
  readonly dataDir: string;
  readonly configFile: string;
}

export const SCOPE = 'gatehouse-ha';

/**
 * Patroni's timing, shortened for a machine where every member is local. A primary whose Patroni
 * is gone keeps its leader key for `ttl` seconds, so a lost machine's standby is promoted within
 * about ttl + loop_wait; Patroni requires loop_wait + 2 x retry_timeout <= ttl.
 */
export const PATRONI_TIMING = { ttl: 8, loop_wait: 1, retry_timeout: 3 } as const;

/** Patroni's configuration of one member, as JSON (which is YAML). */
export function patroniConfig(layout: Layout, member: MemberLayout): string {
  const config = {
    scope: SCOPE,
    name: member.name,
    restapi: {
      listen: `127.0.0.1:${member.restPort}`,
      connect_address: `127.0.0.1:${member.restPort}`,
    },
    etcd3: { hosts: [`127.0.0.1:${layout.etcdClientPort}`] },
    bootstrap: {
      dcs: {
        ...PATRONI_TIMING,
        maximum_lag_on_failover: 1_048_576,
        // An acknowledged commit is on the standby too: promoting it loses nothing acknowledged.
        synchronous_mode: true,
        // etcd away (restarted) does not demote a primary whose members all still answer it.
        failsafe_mode: true,
        postgresql: {
          use_pg_rewind: true,
          remove_data_directory_on_rewind_failure: true,
          remove_data_directory_on_diverged_timelines: true,
          parameters: {
            max_connections: 300,
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            wal_keep_size: '256MB',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { 'auth-local': 'trust' }, { 'auth-host': 'trust' }],
    },
    postgresql: {
      listen: `127.0.0.1:${member.pgPort}`,
      connect_address: `127.0.0.1:${member.pgPort}`,
      data_dir: member.dataDir,
      bin_dir: layout.pgBin,
      pgpass: join(member.dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: 'postgres' },
        replication: { username: 'replicator', password: 'replicator' },
        rewind: { username: 'postgres', password: 'postgres' },
      },
      pg_hba: [
        'local all all trust',
        'host all all 127.0.0.1/32 trust',
        'host replication all 127.0.0.1/32 trust',
      ],
      parameters: {
        unix_socket_directories: member.dir,
        // The members are processes killed on one machine whose page cache survives them: fsync
        // would only slow the shared machine. The synchronous standby is what keeps commits here.
        fsync: 'off',
      },
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * HAProxy in front: its write port goes to the member whose Patroni answers 200 on /primary,
 * checked every second. A member marked down has its sessions cut at once, so no client keeps a
 * connection to a server that has become a standby or went silent. Down at the first failed check,
 * up at the second good one: in a switchover the old primary must be out before the new one is
 * in, or new connections alternate between them and those on the old one are cut a second later
 * (the first default run of the trial saw 4 requests answered errorCode 7 that way, with `fall 2
 * rise 1`).
 */
export function haproxyConfig(layout: Layout): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode tcp',
    '  retries 2',
    '  timeout connect 1s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 2s',
    'listen primary',
    `  bind 127.0.0.1:${layout.writePort}`,
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    '  default-server inter 1s fall 1 rise 2 on-marked-down shutdown-sessions',
    ...layout.members.map(
      (member) => `  server ${member.name} 127.0.0.1:${member.pgPort} check port ${member.restPort}`,
    ),
    '',
  ].join('\n');
}

export function etcdArgs(layout: Layout): string[] {
  const client = `http://127.0.0.1:${layout.etcdClientPort}`;
  const peer = `http://127.0.0.1:${layout.etcdPeerPort}`;
  return [
    '--name',
    'ha',
    '--data-dir',
    join(layout.dir, 'etcd'),
    '--listen-client-urls',
    client,
    '--advertise-client-urls',
    client,
    '--listen-peer-urls',
    peer,
    '--initial-advertise-peer-urls',
    peer,
    '--initial-cluster',
    `ha=${peer}`,
    '--initial-cluster-state',
    'new',
  ];
}
