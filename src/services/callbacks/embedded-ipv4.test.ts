import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embeddedIpv4 } from './embedded-ipv4.js';

test('the IPv4 address inside mapped and compatible IPv6 forms, however they are spelled', () => {
  const carried: Record<string, string> = {
    '::7f00:1': '127.0.0.1',
    '::127.0.0.1': '127.0.0.1',
    '0:0:0:0:0:0:7f00:1': '127.0.0.1',
    '::ffff:7f00:1': '127.0.0.1',
    '::FFFF:10.0.0.1': '10.0.0.1',
    '0:0:0:0:0:ffff:a9fe:a9fe': '169.254.169.254',
    '::808:808': '8.8.8.8',
    '::a9fe:a9fe%eth0': '169.254.169.254',
  };
  for (const [address, ipv4] of Object.entries(carried)) assert.equal(embeddedIpv4(address), ipv4, address);
  for (const address of [
    '2606:4700::1111',
    '64:ff9b::7f00:1',
    '1::7f00:1',
    '::fffe:7f00:1',
    '127.0.0.1',
    'x',
  ])
    assert.equal(embeddedIpv4(address), undefined, address);
});
