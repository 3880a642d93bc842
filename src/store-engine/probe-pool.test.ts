import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { openProbe } from './probe-pool.js';

/**
 * A PostgreSQL that lets clients in, then freezes: it answers the startup with AuthenticationOk and
 * ReadyForQuery, and never answers a query nor closes a connection, as a SIGSTOPped server.
 */
async function frozenServer() {
  const sockets: Socket[] = [];
  let closed = 0;
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.once('close', () => (closed += 1));
    socket.once('data', () => {
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://probe@127.0.0.1:${port}/gatehouse`,
    opened: () => sockets.length,
    closed: () => closed,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test('a probe query on a frozen server fails at the limit and gives its connection up (issue 41)', async () => {
  const server = await frozenServer();
  const probe = openProbe(server.url, 200);
  try {
    // More probes than the pool holds: each would wait forever behind a connection left stuck.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const started = Date.now();
      await assert.rejects(sql`select 1`.execute(probe), /timeout|terminated/i);
      assert.ok(Date.now() - started < 1_500, `probe ${attempt} took ${Date.now() - started} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(server.opened(), 4, 'each probe had a connection of its own: none waited for a stuck one');
    assert.equal(server.closed(), 4, 'every timed-out connection was closed by the client');
  } finally {
    await probe.destroy();
    await server.close();
  }
});
