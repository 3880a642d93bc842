import { randomBytes, randomFillSync } from 'node:crypto';

/** Randomness as the core sees it; tests may inject a deterministic source. */
export interface RandomSource {
  uuid(): string;
  bytes(length: number): Buffer;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * RFC 9562 UUIDv7: 48 bits of Unix time in milliseconds, the version, 74 random bits and the
 * variant, written in the usual 8-4-4-4-12 form. Keys made in time order land next to each other
 * in a B-tree index, so inserts stay local however large a table grows (random v4 keys scatter
 * them over every page); 74 random bits keep them unguessable. With `sequence` (RFC 9562 §6.2,
 * method 1) the 12 bits after the version count the identifiers made in the same millisecond, so
 * one process's identifiers sort in the order it made them (62 random bits remain).
 */
export function uuidV7(nowMs: number, random: Uint8Array, sequence?: number): string {
  const bytes = new Uint8Array(16);
  let time = Math.max(0, Math.floor(nowMs));
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes.set(random.subarray(0, 10), 6);
  if (sequence === undefined) bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  else {
    bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
    bytes[7] = sequence & 0xff;
  }
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let text = '';
  for (let index = 0; index < 16; index += 1) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text += '-';
    text += HEX[bytes[index] ?? 0];
  }
  return text;
}

/** Random bytes drawn from a refilled pool: one system call per 409 identifiers, not one each. */
const POOL_BYTES = 4090;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

function tenRandomBytes(): Uint8Array {
  if (used + 10 > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  used += 10;
  return pool.subarray(used - 10, used);
}

/** The largest count RFC 9562's 12-bit counter holds; past it the identifier borrows the next millisecond. */
const SEQUENCE_MAX = 0xfff;
let lastMs = 0;
let sequence = 0;

/**
 * Identifiers in the order they were made: two made in one millisecond (a transfer's debit and
 * credit steps) sort as made, so steps listed by time and then id keep their story's order.
 */
function monotonicUuid(): string {
  let nowMs = Date.now();
  if (nowMs > lastMs) sequence = 0;
  else {
    nowMs = lastMs;
    sequence += 1;
    if (sequence > SEQUENCE_MAX) {
      nowMs += 1;
      sequence = 0;
    }
  }
  lastMs = nowMs;
  return uuidV7(nowMs, tenRandomBytes(), sequence);
}

export const cryptoRandom: RandomSource = {
  uuid: monotonicUuid,
  bytes: (length) => randomBytes(length),
};
