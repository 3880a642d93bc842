import { createPublicKey, diffieHellman, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Pan } from '../../../domain/pan.js';
import {
  lengthValue,
  uncompressedPoint,
  walletBCipher,
  walletBKeys,
  walletBTag,
  type WalletBProtocol,
} from './wallet-b-crypto.js';
import type { WalletBRootKey } from './open-wallet-b-token.js';

/** The sandbox world's wallet B vendor: one root signing key per protocol version. */
export interface WalletBSandboxAuthority {
  readonly ecv1: KeyObject;
  readonly ecv2: KeyObject;
}

const DAY_MS = 86_400_000;
/** Like the vendor's: the intermediate key lives a week, a message an hour, the ECv2 root decades. */
const INTERMEDIATE_LIFETIME_MS = 7 * DAY_MS;
const MESSAGE_LIFETIME_MS = 60 * 60_000;
const ROOT_LIFETIME_MS = 20 * 365 * DAY_MS;

function spkiBase64(privateKey: KeyObject): string {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
}

export function createWalletBSandboxAuthority(): WalletBSandboxAuthority {
  return {
    ecv1: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey,
    ecv2: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey,
  };
}

/** The authority's public root keys in the vendor's published form (`{"keys": [...]}`). */
export function walletBSandboxRootKeys(authority: WalletBSandboxAuthority, nowMs: number): WalletBRootKey[] {
  return [
    { keyValue: spkiBase64(authority.ecv1), protocolVersion: 'ECv1' },
    {
      keyValue: spkiBase64(authority.ecv2),
      protocolVersion: 'ECv2',
      keyExpiration: String(nowMs + ROOT_LIFETIME_MS),
    },
  ];
}

export interface WalletBSandboxPayment {
  readonly authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  readonly pan: string | Pan;
  readonly expirationMonth: number;
  readonly expirationYear: number;
  readonly cryptogram?: string;
  readonly eci?: string;
}

function panText(pan: string | Pan): string {
  return typeof pan === 'string' ? pan : pan.reveal();
}

/** The encrypted, MACed message for the recipient's public key (protocols.md §3.6). */
function sealedMessage(protocol: WalletBProtocol, recipientPublicKey: KeyObject, plaintext: string): string {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const point = uncompressedPoint(ephemeral.publicKey);
  const sharedSecret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipientPublicKey });
  const { encryptionKey, macKey } = walletBKeys(protocol, point, sharedSecret);
  const ciphertext = walletBCipher(protocol, encryptionKey, Buffer.from(plaintext, 'utf8'), false);
  return JSON.stringify({
    encryptedMessage: ciphertext.toString('base64'),
    ephemeralPublicKey: point.toString('base64'),
    tag: walletBTag(macKey, ciphertext).toString('base64'),
  });
}

/**
 * A wallet B token as the sandbox vendor's device would return it to the shop: the payment
 * encrypted to the recipient's key and signed by the sandbox root (ECv1) or by an intermediate
 * key the root signed (ECv2). The JSON text a merchant sends as `paymentToken`.
 */
export function mintWalletBToken(options: {
  authority: WalletBSandboxAuthority;
  recipientId: string;
  recipientPublicKey: KeyObject;
  protocolVersion: WalletBProtocol;
  payment: WalletBSandboxPayment;
  nowMs: number;
  messageId: string;
  /** Gateway mode (a `gateway:` recipient): the merchant the token is for, as the vendor's page names it. */
  gatewayMerchantId?: string;
}): string {
  const { authority, recipientId, protocolVersion: protocol, payment, nowMs } = options;
  const plaintext = JSON.stringify({
    ...(options.gatewayMerchantId === undefined ? {} : { gatewayMerchantId: options.gatewayMerchantId }),
    messageExpiration: String(nowMs + MESSAGE_LIFETIME_MS),
    messageId: options.messageId,
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      authMethod: payment.authMethod,
      pan: panText(payment.pan),
      expirationMonth: payment.expirationMonth,
      expirationYear: payment.expirationYear,
      ...(payment.authMethod === 'CRYPTOGRAM_3DS'
        ? {
            cryptogram: payment.cryptogram ?? '',
            ...(payment.eci === undefined ? {} : { eciIndicator: payment.eci }),
          }
        : {}),
    },
  });
  const signedMessage = sealedMessage(protocol, options.recipientPublicKey, plaintext);
  if (protocol === 'ECv1') {
    const signature = sign(
      'sha256',
      lengthValue('Google', recipientId, 'ECv1', signedMessage),
      authority.ecv1,
    );
    return JSON.stringify({
      protocolVersion: 'ECv1',
      signature: signature.toString('base64'),
      signedMessage,
    });
  }
  const intermediate = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const signedKey = JSON.stringify({
    keyValue: spkiBase64(intermediate),
    keyExpiration: String(nowMs + INTERMEDIATE_LIFETIME_MS),
  });
  const keySignature = sign('sha256', lengthValue('Google', 'ECv2', signedKey), authority.ecv2);
  const signature = sign('sha256', lengthValue('Google', recipientId, 'ECv2', signedMessage), intermediate);
  return JSON.stringify({
    protocolVersion: 'ECv2',
    signature: signature.toString('base64'),
    intermediateSigningKey: { signedKey, signatures: [keySignature.toString('base64')] },
    signedMessage,
  });
}
