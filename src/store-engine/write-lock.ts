/** Exclusive right to write, held for one commit. */
export interface WriteLock {
  acquire(): Promise<() => void>;
}

/** One process: the group commit already serializes its own writes. */
export const NO_WRITE_LOCK: WriteLock = { acquire: () => Promise.resolve(() => undefined) };
