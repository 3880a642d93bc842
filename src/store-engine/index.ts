/**
 * The engine's door: the only module of src/store-engine that anything outside it imports
 * (.dependency-cruiser.cjs, `engine-through-its-door`). A repository runs its statements on an
 * `Executor` (preparedQuery for the hot ones) and hands each write that must be atomic to
 * `store.writes` as a `Work<T>` that keeps the unit contract (unit-contract.ts); how the engine
 * batches, pipelines and caches them stays behind this door.
 */
export type { Executor, StoreTables, Work } from './unit-contract.js';
export {
  DEFAULT_DATABASE_LIMITS,
  migrateToLatest,
  openStore,
  type DatabaseLimits,
  type DatabaseLocation,
  type Store,
} from './database.js';
export type { GroupCommit } from './group-commit.js';
export { preparedQuery } from './prepared-query.js';
export { isSqlite } from './dialect.js';
export { isUniqueViolation } from './unique-violation.js';
export { isDatabaseUnreachable } from './database-unreachable.js';
export type { WriteLock } from './write-lock.js';
export { ReadinessProbe, type Readiness } from './readiness.js';
export { PROBE_LIMIT_MS } from './probe-pool.js';
export { backupSqlite, SqliteBackupError } from './sqlite-backup.js';
export {
  countStatements,
  takeCachedReadCounts,
  takeRoundTripCount,
  takeStatementCounts,
} from './statement-counter.js';
