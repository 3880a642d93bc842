import type { GatewayKeys } from '../../config/gateway-keys.js';
import { hmacChecksum, rsaChecksum, type CallbackParams } from '../../domain/callback-checksum.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CallbackDeliverySettings } from '../../store/callback-repository.js';

/** `merchants.callback_signing`: the merchant's own key (HMAC-SHA256) or the gateway's RSA key. */
export const CALLBACK_SIGNINGS = ['hmac', 'rsa'] as const;
export type CallbackSigning = (typeof CALLBACK_SIGNINGS)[number];

export function isCallbackSigning(value: string): value is CallbackSigning {
  return (CALLBACK_SIGNINGS as readonly string[]).includes(value);
}

/**
 * Adds the `checksum` of gateway-facts §4.3 at delivery time, so a key set or rotated after the
 * event applies to every later attempt. A merchant on hmac without a key gets unsigned callbacks,
 * as the real gateway sends them when no key is configured.
 */
export class CallbackSigner {
  constructor(
    private readonly secrets: SecretBox,
    private readonly keys: GatewayKeys,
  ) {}

  async sign(
    merchantId: string,
    params: CallbackParams,
    settings: CallbackDeliverySettings,
  ): Promise<CallbackParams> {
    const signing = settings.signing;
    if (!isCallbackSigning(signing)) throw new Error(`unknown callback signing "${signing}"`);
    switch (signing) {
      case 'hmac': {
        if (settings.keySealed === null) return params;
        // Sealed with the merchant id as associated data: a key copied to another merchant fails here.
        const key = this.secrets.open(settings.keySealed, merchantId);
        return { ...params, checksum: hmacChecksum(params, key) };
      }
      case 'rsa':
        return { ...params, checksum: rsaChecksum(params, await this.keys.privateKey()) };
    }
  }
}
