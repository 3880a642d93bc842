import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The master keys: the current one seals, retired ones still open what they sealed. */
export interface Keyring {
  readonly current: Buffer;
  readonly retired: readonly Buffer[];
}

interface Key {
  readonly id: string;
  readonly secret: Buffer;
  /** For keyed hashes (PAN lookup), never the encryption key itself. */
  readonly hashKey: Buffer;
}

function keyOf(secret: Buffer): Key {
  if (secret.length !== 32) throw new Error('a master key must be 32 bytes');
  return {
    id: createHash('sha256').update(secret).digest('hex').slice(0, 8),
    secret,
    hashKey: createHmac('sha256', secret).update('gatehouse keyed hash').digest(),
  };
}

/**
 * AES-256-GCM under the master key; every sealed value names its key id, so keys can rotate:
 * the current key seals, retired keys still open. When a value names a key this process does not
 * know (another process rotated), the keyring is read again once.
 */
export class SecretBox {
  private currentKey: Key;
  private keys: ReadonlyMap<string, Key>;

  constructor(
    keyring: Keyring | Buffer,
    private readonly reload?: () => Keyring,
  ) {
    const ring = Buffer.isBuffer(keyring) ? { current: keyring, retired: [] } : keyring;
    this.currentKey = keyOf(ring.current);
    this.keys = this.index(ring);
  }

  get keyId(): string {
    return this.currentKey.id;
  }

  seal(plaintext: string, associatedData = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.currentKey.secret, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      this.currentKey.id,
      iv.toString('base64url'),
      ciphertext.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  open(sealed: string, associatedData = ''): string {
    const [version, keyId, ivText, ciphertextText, tagText] = sealed.split('.');
    if (
      version !== 'v1' ||
      keyId === undefined ||
      ivText === undefined ||
      ciphertextText === undefined ||
      tagText === undefined
    ) {
      throw new Error('not a sealed value');
    }
    const key = this.keyFor(keyId);
    const tag = Buffer.from(tagText, 'base64url');
    if (tag.length !== TAG_BYTES) throw new Error('sealed value has a bad tag');
    const decipher = createDecipheriv('aes-256-gcm', key.secret, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertextText, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Whether a sealed value is under the current key (rotation leaves none that is not). */
  isCurrent(sealed: string): boolean {
    return sealed.split('.')[1] === this.currentKey.id;
  }

  /** The keyed hash of `value` under the current key: finds records without decrypting them. */
  hash(value: string): string {
    return createHmac('sha256', this.currentKey.hashKey).update(value).digest('hex');
  }

  /** The keyed hashes under every known key, current first: a record not yet rotated is found too. */
  hashes(value: string): string[] {
    return [this.currentKey, ...[...this.keys.values()].filter((key) => key !== this.currentKey)].map((key) =>
      createHmac('sha256', key.hashKey).update(value).digest('hex'),
    );
  }

  private keyFor(keyId: string): Key {
    let key = this.keys.get(keyId);
    if (key === undefined && this.reload !== undefined) {
      const ring = this.reload();
      this.currentKey = keyOf(ring.current);
      this.keys = this.index(ring);
      key = this.keys.get(keyId);
    }
    if (key === undefined) throw new Error(`sealed under key ${keyId}, which this gateway does not have`);
    return key;
  }

  private index(ring: Keyring): ReadonlyMap<string, Key> {
    const keys = new Map<string, Key>();
    for (const secret of ring.retired) {
      const key = keyOf(secret);
      keys.set(key.id, key);
    }
    keys.set(this.currentKey.id, this.currentKey);
    return keys;
  }
}
