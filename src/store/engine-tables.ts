import type { Database } from './schema.js';

// The engine's handles are typed with the store's tables (src/store-engine/unit-contract.ts).
declare module '../store-engine/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge: the tables come from Database
  interface StoreTables extends Database {}
}
