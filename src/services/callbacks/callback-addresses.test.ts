import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackAddresses, isPublicAddress } from './callback-addresses.js';
import { sendCallback } from './send-callback.js';

test('public and non-public addresses, IPv4 and IPv6, mapped forms judged as what they are', () => {
  for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
    assert.equal(isPublicAddress(address), true, address);
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    'localhost',
    'not an address',
  ])
    assert.equal(isPublicAddress(address), false, address);
});

test('where merchants set an address: https to a name or a public address only, unless private ones are allowed', () => {
  const strict = new CallbackAddresses(false);
  assert.equal(strict.problemOf('https://shop.example/callback'), undefined);
  assert.equal(strict.problemOf('https://8.8.8.8/callback'), undefined);
  assert.equal(strict.problemOf('http://shop.example/callback'), 'notHttps');
  assert.equal(strict.problemOf('https://127.0.0.1:8443/callback'), 'notPublic');
  assert.equal(strict.problemOf('https://[::1]/callback'), 'notPublic');
  assert.equal(strict.problemOf('https://169.254.169.254/latest/meta-data'), 'notPublic');
  assert.equal(strict.problemOf('https://LOCALHOST/callback'), 'notPublic');
  assert.equal(strict.problemOf('https://api.localhost/callback'), 'notPublic');
  const sandbox = new CallbackAddresses(true);
  assert.equal(sandbox.problemOf('http://127.0.0.1:8080/callback'), undefined);
  assert.equal(sandbox.lookup, undefined);
});

test('IPv4-compatible and IPv4-mapped IPv6 forms are judged as the IPv4 address they carry (issue 40)', () => {
  const strict = new CallbackAddresses(false);
  for (const host of [
    '[::7f00:1]',
    '[::127.0.0.1]',
    '[::a9fe:a9fe]',
    '[::ffff:a00:1]',
    '[0:0:0:0:0:ffff:c0a8:101]',
  ])
    assert.equal(strict.problemOf(`https://${host}/callback`), 'notPublic', host);
  assert.equal(isPublicAddress('::7f00:1'), false);
  assert.equal(isPublicAddress('::808:808'), true, 'the compatible form of a public address is public');
});

test('a name that resolves to a private address when the callback is sent is not connected to (DNS rebinding)', async () => {
  let received = 0;
  const listener = createServer((_, response) => {
    received += 1;
    response.end('ok');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  // The attacker's DNS: public when the address was set, loopback when the gateway connects.
  const rebinding = ((
    _: string,
    __: unknown,
    callback: (e: null, a: { address: string; family: number }[]) => void,
  ) => callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as ConstructorParameters<
    typeof CallbackAddresses
  >[1];
  try {
    const request = {
      url: `https://rebind.example:${port}/callback`,
      method: 'POST' as const,
      params: { a: '1' },
    };
    const attempt = await sendCallback(request, 2_000, new CallbackAddresses(false, rebinding));
    assert.equal(attempt.ok, false);
    assert.match(attempt.ok ? '' : attempt.error, /not sent: .*rebind\.example resolves to 127\.0\.0\.1/);
    assert.equal(attempt.ok ? '' : attempt.reason, 'address_refused');
    const plain = { url: `http://127.0.0.1:${port}/callback`, method: 'POST' as const, params: { a: '1' } };
    const refused = await sendCallback(plain, 2_000, new CallbackAddresses(false));
    assert.deepEqual(refused, {
      ok: false,
      final: true,
      reason: 'address_refused',
      error: 'not sent: callback addresses must use https',
    });
    assert.equal(received, 0, 'nothing reached the private listener');
    // The sandbox sends to local receivers.
    assert.deepEqual(await sendCallback(plain, 2_000, new CallbackAddresses(true)), {
      ok: true,
      status: 200,
    });
    assert.equal(received, 1);
  } finally {
    listener.close();
  }
});
