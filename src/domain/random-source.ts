import { randomBytes, randomUUID } from 'node:crypto';

/** Randomness as the core sees it; tests may inject a deterministic source. */
export interface RandomSource {
  uuid(): string;
  bytes(length: number): Buffer;
}

export const cryptoRandom: RandomSource = {
  uuid: () => randomUUID(),
  bytes: (length) => randomBytes(length),
};
