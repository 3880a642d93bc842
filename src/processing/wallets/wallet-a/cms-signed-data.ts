import {
  ASN1_TAG,
  Asn1Error,
  contextTag,
  expectTag,
  readAsn1,
  readOid,
  readTime,
  type Asn1Node,
} from './asn1-reader.js';
import { OID } from './wallet-a-oids.js';

/**
 * The parts of a detached CMS SignedData (RFC 5652) that the wallet A rules check: the embedded
 * certificates, and the one signer with its signed attributes. Structure only: nothing here is
 * trusted until wallet-a-signature.ts has checked it.
 */
export interface DetachedSignedData {
  /** DER of each certificate in the `certificates` field, in order. */
  readonly certificates: readonly Buffer[];
  readonly signer: CmsSigner;
}

export interface CmsSigner {
  /** issuerAndSerialNumber of the signer identifier: the raw issuer Name and the serial's content octets. */
  readonly issuer: Buffer;
  readonly serialNumber: Buffer;
  readonly digestAlgorithm: string;
  readonly signatureAlgorithm: string;
  /** The signed attributes as signed: the [0] IMPLICIT element re-tagged as a SET OF (RFC 5652 §5.4). */
  readonly signedAttributes: Buffer;
  readonly contentType: string;
  readonly messageDigest: Buffer;
  readonly signingTimeMs: number;
  readonly signature: Buffer;
}

function algorithm(node: Asn1Node | undefined, what: string): string {
  return readOid(expectTag(node, ASN1_TAG.sequence, what).children[0], what);
}

/** Each signed attribute type at most once, with exactly one value (RFC 5652 §11 for the three we read). */
function attributeValues(signedAttrs: Asn1Node): Map<string, Asn1Node> {
  const values = new Map<string, Asn1Node>();
  for (const attribute of signedAttrs.children) {
    expectTag(attribute, ASN1_TAG.sequence, 'attribute');
    const type = readOid(attribute.children[0], 'attribute type');
    const set = expectTag(attribute.children[1], ASN1_TAG.set, 'attribute values');
    if (values.has(type)) throw new Asn1Error('signed attribute repeated');
    const [value] = set.children;
    if (value === undefined || set.children.length !== 1)
      throw new Asn1Error('signed attribute needs one value');
    values.set(type, value);
  }
  return values;
}

function readSigner(signerInfo: Asn1Node): CmsSigner {
  const [version, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature] = signerInfo.children;
  expectTag(version, ASN1_TAG.integer, 'signerInfo version');
  const issuerAndSerial = expectTag(sid, ASN1_TAG.sequence, 'issuerAndSerialNumber');
  const issuer = expectTag(issuerAndSerial.children[0], ASN1_TAG.sequence, 'signer issuer');
  const serial = expectTag(issuerAndSerial.children[1], ASN1_TAG.integer, 'signer serial');
  const attrs = expectTag(signedAttrs, contextTag(0), 'signedAttrs');
  const values = attributeValues(attrs);
  const signedAttributes = Buffer.from(attrs.raw);
  signedAttributes[0] = ASN1_TAG.set;
  const messageDigest = expectTag(values.get(OID.messageDigest), ASN1_TAG.octetString, 'messageDigest');
  return {
    issuer: issuer.raw,
    serialNumber: serial.content,
    digestAlgorithm: algorithm(digestAlgorithm, 'digestAlgorithm'),
    signatureAlgorithm: algorithm(signatureAlgorithm, 'signatureAlgorithm'),
    signedAttributes,
    contentType: readOid(values.get(OID.contentType), 'contentType'),
    messageDigest: messageDigest.content,
    signingTimeMs: readTime(values.get(OID.signingTime), 'signingTime'),
    signature: expectTag(signature, ASN1_TAG.octetString, 'signature').content,
  };
}

/** Parses BER or DER ContentInfo → SignedData with no encapsulated content and exactly one signer. */
export function readDetachedSignedData(der: Buffer): DetachedSignedData {
  const contentInfo = expectTag(readAsn1(der), ASN1_TAG.sequence, 'ContentInfo');
  if (readOid(contentInfo.children[0], 'contentType') !== OID.signedData)
    throw new Asn1Error('not a SignedData');
  const explicit = expectTag(contentInfo.children[1], contextTag(0), 'content');
  const signedData = expectTag(explicit.children[0], ASN1_TAG.sequence, 'SignedData');
  const [version, , encapContentInfo, ...rest] = signedData.children;
  expectTag(version, ASN1_TAG.integer, 'SignedData version');
  expectTag(signedData.children[1], ASN1_TAG.set, 'digestAlgorithms');
  const encap = expectTag(encapContentInfo, ASN1_TAG.sequence, 'encapContentInfo');
  if (readOid(encap.children[0], 'eContentType') !== OID.data)
    throw new Asn1Error('eContentType is not data');
  if (encap.children.length !== 1) throw new Asn1Error('the signature is not detached');
  const certificates: Buffer[] = [];
  let signerInfos: Asn1Node | undefined;
  for (const node of rest) {
    if (node.tag === contextTag(0)) {
      for (const certificate of node.children)
        certificates.push(expectTag(certificate, ASN1_TAG.sequence, 'certificate').raw);
    } else if (node.tag === ASN1_TAG.set) {
      signerInfos = node;
    } else if (node.tag !== contextTag(1)) {
      throw new Asn1Error('unexpected SignedData field');
    }
  }
  const signers = expectTag(signerInfos, ASN1_TAG.set, 'signerInfos').children;
  if (signers.length !== 1) throw new Asn1Error('exactly one signer expected');
  return { certificates, signer: readSigner(expectTag(signers[0], ASN1_TAG.sequence, 'signerInfo')) };
}
