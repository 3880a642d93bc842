import { execFileSync } from 'node:child_process';
import {
  createCipheriv,
  createHash,
  createPrivateKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An independent wallet A (Apple Pay EC_v1) token maker, written from
 * ../shared/reference/protocols.md §2.1-2.6 alone and sharing no code with
 * src/processing/wallets: the certificates and the detached CMS signature come from the `openssl`
 * CLI, the encryption from node:crypto, and the KDF's PartyV from the merchant id string (where
 * the gateway reads the certificate extension). A token it makes and the gateway opens proves the
 * two agree on the vendor's format, not on a private mistake.
 *
 * `openssl cms -sign` stamps the real current time as signingTime, so open these tokens with the
 * real clock; the certificates are valid for two days from now.
 */
export interface IndependentWalletA {
  readonly merchantId: string;
  readonly rootCertificate: X509Certificate;
  readonly merchantPrivateKey: KeyObject;
  readonly merchantCertificate: X509Certificate;
  mint(payment: IndependentPayment, options?: { applicationDataHex?: string }): IndependentToken;
  dispose(): void;
}

export interface IndependentPayment {
  readonly pan: string;
  readonly expiryYYMMDD: string;
  readonly amount: number;
  readonly currencyCode: string;
  readonly cryptogram: string;
  readonly eci?: string;
}

export interface IndependentToken {
  /** Base64 of the paymentData JSON, as a merchant sends it. */
  readonly paymentToken: string;
  readonly transactionId: string;
  /** The JSON that was encrypted. */
  readonly plaintext: Record<string, unknown>;
}

function openssl(args: readonly string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function config(merchantIdHashHex: string): string {
  return [
    '[req]',
    'distinguished_name = dn',
    '[dn]',
    '[v3_root]',
    'basicConstraints = critical,CA:TRUE',
    'keyUsage = critical,keyCertSign,cRLSign',
    'subjectKeyIdentifier = hash',
    '[v3_intermediate]',
    'basicConstraints = critical,CA:TRUE',
    'keyUsage = critical,keyCertSign,cRLSign',
    'subjectKeyIdentifier = hash',
    'authorityKeyIdentifier = keyid',
    // protocols.md §2.3 step 2: the intermediate's marker OID
    '1.2.840.113635.100.6.2.14 = ASN1:NULL',
    '[v3_leaf]',
    'basicConstraints = critical,CA:FALSE',
    'keyUsage = critical,digitalSignature',
    'subjectKeyIdentifier = hash',
    'authorityKeyIdentifier = keyid',
    // protocols.md §2.3 step 2: the leaf's marker OID
    '1.2.840.113635.100.6.29 = ASN1:NULL',
    '[v3_merchant]',
    'keyUsage = critical,keyAgreement',
    // protocols.md §2.2 (b): UTF8String of 64 uppercase hex digits = SHA-256(merchant id)
    `1.2.840.113635.100.6.32 = ASN1:UTF8String:${merchantIdHashHex}`,
    '',
  ].join('\n');
}

/** Makes a root, an intermediate, a signing leaf and a merchant certificate with openssl in a temp folder. */
export function createIndependentWalletA(merchantId = 'merchant.org.independent.test'): IndependentWalletA {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-independent-wallet-a-'));
  const path = (name: string) => join(dir, name);
  const merchantIdHash = createHash('sha256').update(merchantId, 'utf8').digest();
  writeFileSync(path('openssl.cnf'), config(merchantIdHash.toString('hex').toUpperCase()));
  const cnf = path('openssl.cnf');
  for (const name of ['root', 'intermediate', 'leaf', 'merchant']) {
    openssl([
      'genpkey',
      '-algorithm',
      'EC',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-out',
      path(`${name}.key`),
    ]);
  }
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    path('root.key'),
    '-config',
    cnf,
    '-extensions',
    'v3_root',
    '-subj',
    '/CN=Independent Wallet A Root/O=Independent',
    '-days',
    '2',
    '-out',
    path('root.pem'),
  ]);
  const issue = (name: string, subject: string, issuer: string, section: string, serial: string) => {
    openssl([
      'req',
      '-new',
      '-key',
      path(`${name}.key`),
      '-config',
      cnf,
      '-subj',
      subject,
      '-out',
      path(`${name}.csr`),
    ]);
    openssl([
      'x509',
      '-req',
      '-in',
      path(`${name}.csr`),
      '-CA',
      path(`${issuer}.pem`),
      '-CAkey',
      path(`${issuer}.key`),
      '-set_serial',
      serial,
      '-days',
      '2',
      '-sha256',
      '-extfile',
      cnf,
      '-extensions',
      section,
      '-out',
      path(`${name}.pem`),
    ]);
  };
  issue(
    'intermediate',
    '/CN=Independent Application Integration CA/O=Independent',
    'root',
    'v3_intermediate',
    '4097',
  );
  issue('leaf', '/CN=independent-smp-broker-sign/O=Independent', 'intermediate', 'v3_leaf', '8193');
  issue('merchant', `/UID=${merchantId}/CN=${merchantId}`, 'root', 'v3_merchant', '12289');

  const merchantCertificate = new X509Certificate(readFileSync(path('merchant.pem')));
  const merchantPublicKeyDer = merchantCertificate.publicKey.export({ type: 'spki', format: 'der' });
  let minted = 0;

  return {
    merchantId,
    rootCertificate: new X509Certificate(readFileSync(path('root.pem'))),
    merchantPrivateKey: createPrivateKey(readFileSync(path('merchant.key'))),
    merchantCertificate,
    mint(payment, options = {}) {
      const plaintext: Record<string, unknown> = {
        applicationPrimaryAccountNumber: payment.pan,
        applicationExpirationDate: payment.expiryYYMMDD,
        currencyCode: payment.currencyCode,
        transactionAmount: payment.amount,
        deviceManufacturerIdentifier: '000000000001',
        paymentDataType: '3DSecure',
        paymentData: {
          onlinePaymentCryptogram: payment.cryptogram,
          ...(payment.eci === undefined ? {} : { eciIndicator: payment.eci }),
        },
      };
      // §2.6: fresh ephemeral P-256 key, ECDH, the single-pass KDF, AES-256-GCM with a 16-byte zero IV.
      const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const z = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: merchantCertificate.publicKey });
      const key = createHash('sha256')
        .update(Buffer.from('00000001', 'hex'))
        .update(z)
        .update(Buffer.from([0x0d]))
        .update('id-aes256-GCM')
        .update('Apple')
        .update(merchantIdHash)
        .digest();
      const cipher = createCipheriv('aes-256-gcm', key, Buffer.alloc(16));
      const data = Buffer.concat([
        cipher.update(JSON.stringify(plaintext), 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      const ephemeralPublicKey = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
      const transactionId = randomBytes(32).toString('hex');
      // §2.3 step 4: ephemeralPublicKey ‖ data ‖ transactionId ‖ applicationData, detached CMS by openssl.
      minted += 1;
      const content = path(`content-${minted}.bin`);
      const signature = path(`signature-${minted}.der`);
      writeFileSync(
        content,
        Buffer.concat([
          ephemeralPublicKey,
          data,
          Buffer.from(transactionId, 'hex'),
          Buffer.from(options.applicationDataHex ?? '', 'hex'),
        ]),
      );
      openssl([
        'cms',
        '-sign',
        '-binary',
        '-in',
        content,
        '-signer',
        path('leaf.pem'),
        '-inkey',
        path('leaf.key'),
        '-certfile',
        path('intermediate.pem'),
        '-md',
        'sha256',
        '-nosmimecap',
        '-outform',
        'DER',
        '-out',
        signature,
      ]);
      const paymentData = {
        version: 'EC_v1',
        data: data.toString('base64'),
        signature: readFileSync(signature).toString('base64'),
        header: {
          ephemeralPublicKey: ephemeralPublicKey.toString('base64'),
          publicKeyHash: createHash('sha256').update(merchantPublicKeyDer).digest('base64'),
          transactionId,
          ...(options.applicationDataHex === undefined
            ? {}
            : { applicationData: options.applicationDataHex }),
        },
      };
      return {
        paymentToken: Buffer.from(JSON.stringify(paymentData), 'utf8').toString('base64'),
        transactionId,
        plaintext,
      };
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
