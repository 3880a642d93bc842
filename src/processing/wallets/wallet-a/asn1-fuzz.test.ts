import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertySeed } from '../../../../test/support/property-seed.js';
import { isWalletTokenError } from '../wallet-token-error.js';
import { ASN1_DEFAULT_LIMITS, Asn1Error, readAsn1, readOid, readTime, type Asn1Node } from './asn1-reader.js';
import { readCertificateFields } from './certificate-fields.js';
import { readDetachedSignedData } from './cms-signed-data.js';
import { createWalletAMerchantKey, createWalletASandboxAuthority, mintWalletAToken } from './index.js';

const NOW_MS = Date.UTC(2026, 10, 26);
/** What the reader meets in real tokens: the vendor's BER CMS signature and DER certificates. */
let SEEDS: Buffer[] = [];

// Made in a hook, not while the module loads (see wallet-c.test.ts).
before(() => {
  const authority = createWalletASandboxAuthority(NOW_MS);
  const merchant = createWalletAMerchantKey({ authority, merchantId: 'merchant.fuzz', nowMs: NOW_MS });
  const token = JSON.parse(
    Buffer.from(
      mintWalletAToken({
        authority,
        merchantCertificate: merchant.certificate,
        payment: { pan: '4111111111111111', expiryYYMMDD: '341231', amount: 100, currencyCode: '978' },
        nowMs: NOW_MS,
      }),
      'base64',
    ).toString('utf8'),
  ) as { signature: string };
  SEEDS = [Buffer.from(token.signature, 'base64'), Buffer.from(merchant.certificate.raw)];
});

/** Every node lies inside its parent and the buffer; the count stays under the cap. */
function checkTree(node: Asn1Node, start: number, end: number, count = { nodes: 0 }): void {
  count.nodes += 1;
  assert.ok(count.nodes <= ASN1_DEFAULT_LIMITS.maxNodes);
  assert.ok(start <= node.start && node.start < node.contentStart && node.contentStart <= node.contentEnd);
  assert.ok(node.contentEnd <= node.end && node.end <= end);
  for (const child of node.children) checkTree(child, node.contentStart, node.contentEnd, count);
}

/** Runs every reader over the bytes: each may refuse, only with its own error. */
function readAll(bytes: Buffer): void {
  const readers: ((input: Buffer) => unknown)[] = [
    (input) => {
      const root = readAsn1(input);
      checkTree(root, 0, input.length);
      for (const child of root.children) {
        for (const read of [readOid, readTime]) {
          try {
            read(child);
          } catch (error) {
            if (!(error instanceof Asn1Error)) throw error;
          }
        }
      }
    },
    readDetachedSignedData,
    readCertificateFields,
  ];
  for (const read of readers) {
    try {
      read(bytes);
    } catch (error) {
      if (!(error instanceof Asn1Error) && !isWalletTokenError(error)) throw error;
    }
  }
}

const mutated = () =>
  fc
    .tuple(
      fc.constantFrom(...SEEDS),
      fc.array(
        fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'insert')),
        {
          minLength: 1,
          maxLength: 8,
        },
      ),
    )
    .map(([seed, edits]) => {
      let bytes = Buffer.from(seed);
      for (const [at, value, kind] of edits) {
        const index = at % Math.max(1, bytes.length);
        if (kind === 'set') bytes[index] = value;
        else if (kind === 'cut') bytes = bytes.subarray(0, index);
        else bytes = Buffer.concat([bytes.subarray(0, index), Buffer.of(value), bytes.subarray(index)]);
      }
      return bytes;
    });

test('random and mutated DER never throws anything but the readers own errors, within the caps', () => {
  for (const seed of SEEDS) readAll(seed);
  const started = performance.now();
  fc.assert(
    fc.property(
      fc.oneof(
        mutated(),
        fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
      ),
      (bytes) => {
        readAll(bytes);
      },
    ),
    { seed: propertySeed('GATEHOUSE_ASN1_SEED', 'asn1 fuzz'), numRuns: 2000 },
  );
  // Bounded work: 2,000 inputs of a few KB each read in well under the suite's patience.
  assert.ok(performance.now() - started < 20_000);
});

test('input past the size cap and nesting past the depth cap are refused before any work', () => {
  assert.throws(() => readAsn1(Buffer.alloc(ASN1_DEFAULT_LIMITS.maxBytes + 1, 0x30)), /input too large/);
  const depth = ASN1_DEFAULT_LIMITS.maxDepth + 2;
  const nested = Buffer.concat([
    Buffer.alloc(depth * 2).fill(Buffer.from('3080', 'hex')),
    Buffer.alloc(depth * 2),
  ]);
  assert.throws(() => readAsn1(nested), /nesting too deep/);
});
