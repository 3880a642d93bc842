import {
  createHash,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type X509Certificate,
} from 'node:crypto';
import type { Pan } from '../../../domain/pan.js';
import { readWalletAMerchantIdHash } from './certificate-fields.js';
import { signDetachedCms } from './cms-signer.js';
import { deriveWalletAKey, encryptWalletAData, walletAPublicKeyHash } from './wallet-a-cipher.js';
import type { WalletASandboxAuthority } from './sandbox-authority.js';

/** What the sandbox device puts in the token (protocols.md §2.4). */
export interface WalletASandboxPayment {
  readonly pan: string | Pan;
  /** YYMMDD, as the vendor sends it. */
  readonly expiryYYMMDD: string;
  /** Minor units. */
  readonly amount: number;
  /** ISO 4217 numeric, e.g. "978". */
  readonly currencyCode: string;
  /** Base64 online payment cryptogram; a random 20-byte one when absent. */
  readonly cryptogram?: string;
  /** eciIndicator; omitted from the token when absent (as the vendor does for some schemes). */
  readonly eci?: string;
  readonly cardholderName?: string;
  /** The sandbox device's identifier; the vendor's sandbox uses "000000000001"-style values. */
  readonly deviceManufacturerIdentifier?: string;
}

export interface MintWalletATokenOptions {
  readonly authority: WalletASandboxAuthority;
  /** The merchant's payment processing certificate: the token is encrypted to its key. */
  readonly merchantCertificate: X509Certificate;
  readonly payment: WalletASandboxPayment;
  /** The signing time. */
  readonly nowMs: number;
  /** 64 hex digits; random when absent. */
  readonly transactionId?: string;
  /** Hex SHA-256 of the merchant's applicationData, when the payment request had some. */
  readonly applicationData?: string;
}

const SANDBOX_DEVICE = '040010030273';

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message);
}

/**
 * Mints a wallet A EC_v1 token as the vendor's device and server would: the payment JSON
 * encrypted to the merchant certificate's key with a fresh ephemeral P-256 key (ECDH, the KDF,
 * AES-256-GCM), signed by the authority's leaf with its intermediate attached. Returns the
 * paymentToken a merchant sends: Base64 of the paymentData JSON. Invalid input (a PAN that is
 * not 12-19 digits, an expiry that is not YYMMDD, a certificate without the merchant-id
 * extension...) throws RangeError: this is the developer's tool, not a token being judged.
 */
export function mintWalletAToken(options: MintWalletATokenOptions): string {
  const { authority, merchantCertificate, payment, nowMs } = options;
  const pan = typeof payment.pan === 'string' ? payment.pan : payment.pan.reveal();
  check(/^\d{12,19}$/.test(pan), 'pan must be 12 to 19 digits');
  check(
    /^\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(payment.expiryYYMMDD),
    'expiryYYMMDD must be YYMMDD',
  );
  check(Number.isSafeInteger(payment.amount) && payment.amount >= 0, 'amount must be a non-negative integer');
  check(/^\d{3}$/.test(payment.currencyCode), 'currencyCode must be 3 digits');
  check(payment.eci === undefined || /^\d{1,2}$/.test(payment.eci), 'eci must be 1 or 2 digits');
  check(
    payment.cryptogram === undefined || /^[A-Za-z0-9+/]{4,340}={0,2}$/.test(payment.cryptogram),
    'cryptogram must be Base64',
  );
  const transactionId = options.transactionId ?? randomBytes(32).toString('hex');
  check(/^(?:[0-9a-f]{2}){1,64}$/i.test(transactionId), 'transactionId must be hex');
  check(
    options.applicationData === undefined || /^[0-9a-f]{64}$/i.test(options.applicationData),
    'applicationData must be 64 hex digits',
  );
  const merchantIdHash = readWalletAMerchantIdHash(merchantCertificate);
  if (merchantIdHash === undefined)
    throw new RangeError('the merchant certificate has no merchant identifier extension');

  const plaintext = {
    applicationPrimaryAccountNumber: pan,
    applicationExpirationDate: payment.expiryYYMMDD,
    currencyCode: payment.currencyCode,
    transactionAmount: payment.amount,
    ...(payment.cardholderName === undefined ? {} : { cardholderName: payment.cardholderName }),
    deviceManufacturerIdentifier: payment.deviceManufacturerIdentifier ?? SANDBOX_DEVICE,
    paymentDataType: '3DSecure',
    paymentData: {
      onlinePaymentCryptogram: payment.cryptogram ?? randomBytes(20).toString('base64'),
      ...(payment.eci === undefined ? {} : { eciIndicator: payment.eci }),
    },
  };
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const sharedSecret = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: merchantCertificate.publicKey,
  });
  const data = encryptWalletAData(
    Buffer.from(JSON.stringify(plaintext), 'utf8'),
    deriveWalletAKey(sharedSecret, merchantIdHash),
  );
  const ephemeralPublicKey = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
  const signedContent = Buffer.concat([
    ephemeralPublicKey,
    data,
    Buffer.from(transactionId, 'hex'),
    options.applicationData === undefined ? Buffer.alloc(0) : Buffer.from(options.applicationData, 'hex'),
  ]);
  const signature = signDetachedCms(
    signedContent,
    authority.leaf,
    [authority.intermediate.certificate],
    nowMs,
  );
  const paymentData = {
    version: 'EC_v1',
    data: data.toString('base64'),
    signature: signature.toString('base64'),
    header: {
      ephemeralPublicKey: ephemeralPublicKey.toString('base64'),
      publicKeyHash: walletAPublicKeyHash(merchantCertificate),
      transactionId,
      ...(options.applicationData === undefined ? {} : { applicationData: options.applicationData }),
    },
  };
  return Buffer.from(JSON.stringify(paymentData), 'utf8').toString('base64');
}

/** SHA-256 hex of a merchant's applicationData string, as the vendor puts it in header.applicationData. */
export function walletAApplicationDataHash(applicationData: string): string {
  return createHash('sha256').update(applicationData, 'utf8').digest('hex');
}
