import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ASN1_TAG, Asn1Error, readAsn1, readOid, readTime } from './asn1-reader.js';
import {
  bitString,
  context,
  indefinite,
  integer,
  integerFromBytes,
  nullValue,
  octetString,
  oid,
  printableString,
  sequence,
  setOf,
  time,
  utf8String,
} from './asn1-writer.js';

const hex = (b: Buffer) => b.toString('hex');

test('the writer produces the textbook DER encodings', () => {
  assert.equal(hex(oid('1.2.840.113549.1.7.2')), '06092a864886f70d010702');
  assert.equal(hex(oid('1.2.840.113635.100.6.29')), '06092a864886f76364061d');
  assert.equal(hex(oid('2.5.4.3')), '0603550403');
  assert.equal(hex(integer(0)), '020100');
  assert.equal(hex(integer(127)), '02017f');
  assert.equal(hex(integer(128)), '02020080');
  assert.equal(hex(integerFromBytes(Buffer.from('0000ff', 'hex'))), '020200ff');
  assert.equal(hex(nullValue()), '0500');
  assert.equal(hex(bitString(Buffer.of(0x80), 7)), '03020780');
  assert.equal(hex(printableString('US')), '13025553');
  assert.equal(hex(octetString(Buffer.alloc(200))).slice(0, 6), '0481c8');
  assert.equal(hex(octetString(Buffer.alloc(300))).slice(0, 8), '0482012c');
  assert.equal(time(Date.UTC(2021, 8, 1, 19, 3, 6)).toString('latin1', 2), '210901190306Z');
  assert.equal(time(Date.UTC(2050, 0, 1)).toString('latin1', 2), '20500101000000Z');
  assert.equal(time(Date.UTC(2050, 0, 1))[0], ASN1_TAG.generalizedTime);
  // SET OF sorts by encoding.
  assert.equal(hex(setOf(integer(2), integer(1))), '3106020101020102');
  assert.throws(() => oid('3.1'), RangeError);
  assert.throws(() => printableString('é'), RangeError);
});

test('what the writer writes, the reader reads back', () => {
  const der = sequence(
    oid('1.2.840.113635.100.6.2.14'),
    context(0, utf8String('merchant')),
    setOf(integer(300)),
    time(0x1_0000_0000_00),
  );
  const node = readAsn1(der);
  assert.equal(node.tag, ASN1_TAG.sequence);
  assert.equal(node.children.length, 4);
  assert.equal(readOid(node.children[0]), '1.2.840.113635.100.6.2.14');
  assert.equal(node.children[1]?.children[0]?.content.toString('utf8'), 'merchant');
  assert.equal(hex(node.children[2]?.children[0]?.content ?? Buffer.alloc(0)), '012c');
  assert.equal(readTime(node.children[3]), 0x1_0000_0000_00 - (0x1_0000_0000_00 % 1000));
  assert.ok(node.raw.equals(der));
});

test('indefinite lengths (BER) are read, nested, with raw bytes that include the end-of-contents', () => {
  const ber = indefinite(0x30, oid('1.2.840.113549.1.7.2'), indefinite(0xa0, sequence(integer(1))));
  const node = readAsn1(ber);
  assert.equal(node.indefinite, true);
  assert.equal(node.children.length, 2);
  assert.equal(node.children[1]?.indefinite, true);
  assert.equal(node.children[1]?.children[0]?.children[0]?.content[0], 1);
  assert.ok(node.raw.equals(ber));
  assert.throws(() => indefinite(0x04, Buffer.alloc(1)), RangeError);
});

test('the reader refuses what CMS never needs, and anything over its limits', () => {
  const refuse = (bytes: Buffer | string, limits?: Parameters<typeof readAsn1>[1]) =>
    assert.throws(
      () => readAsn1(typeof bytes === 'string' ? Buffer.from(bytes, 'hex') : bytes, limits),
      Asn1Error,
    );
  refuse(''); // empty
  refuse('3004020101'); // truncated
  refuse('30030201010000'); // trailing bytes
  refuse('0480'); // indefinite primitive
  refuse('30800201'); // no end-of-contents
  refuse('1f2001ff'); // high tag number
  refuse('0485010000000000'); // 5-byte length
  refuse('0484ffffffff'); // length past the end
  refuse('30043004020101'); // child runs past its parent
  refuse('0000'); // bare end-of-contents
  let deep = integer(1);
  for (let i = 0; i < 40; i++) deep = sequence(deep);
  refuse(deep);
  refuse(sequence(...Array.from({ length: 50 }, () => nullValue())), {
    maxBytes: 1000,
    maxDepth: 4,
    maxNodes: 20,
  });
  refuse(Buffer.alloc(100), { maxBytes: 50, maxDepth: 4, maxNodes: 20 });
});

test('OIDs and times are read strictly', () => {
  assert.equal(readOid(readAsn1(Buffer.from('06092a864886f76364061d', 'hex'))), '1.2.840.113635.100.6.29');
  assert.equal(readOid(readAsn1(Buffer.from('0603883703', 'hex'))), '2.999.3');
  assert.throws(() => readOid(readAsn1(Buffer.from('06022a86', 'hex'))), Asn1Error); // truncated arc
  assert.throws(() => readOid(readAsn1(Buffer.from('0603808001', 'hex'))), Asn1Error); // non-minimal
  assert.throws(() => readOid(readAsn1(Buffer.from('0500', 'hex'))), Asn1Error);
  const utc = (text: string) =>
    readAsn1(Buffer.concat([Buffer.of(0x17, text.length), Buffer.from(text, 'latin1')]));
  assert.equal(readTime(utc('491231235959Z')), Date.UTC(2049, 11, 31, 23, 59, 59));
  assert.equal(readTime(utc('500101000000Z')), Date.UTC(1950, 0, 1));
  assert.throws(() => readTime(utc('210231000000Z')), Asn1Error); // 31 February
  assert.throws(() => readTime(utc('2109011903Z')), Asn1Error); // no seconds
  assert.throws(() => readTime(utc('210901190306+0100')), Asn1Error); // not UTC
});
