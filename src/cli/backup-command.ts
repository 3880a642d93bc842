import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { AdminError } from '../services/admin-error.js';
import { backupSqlite, DEFAULT_DATABASE_LIMITS, SqliteBackupError } from '../store-engine/index.js';

/**
 * `gatehouse backup --to FILE`: a consistent copy of the SQLite database while it is being served
 * (docs/deployment.md, Backups). PostgreSQL is backed up by PostgreSQL's own tools, which also give
 * a point in time; this command refuses it rather than copy a snapshot that would be weaker.
 */
export function addBackupCommand(program: Command): void {
  program
    .command('backup')
    .description('copy the SQLite database to FILE while it is being served (online backup)')
    .requiredOption('--to <file>', 'the new file to write the copy to')
    .action(async (flags: { to: string }) => {
      const { database } = loadConfig();
      if (database.engine !== 'sqlite')
        throw new AdminError(
          'gatehouse backup copies a SQLite database; back PostgreSQL up with WAL archiving and pg_basebackup (docs/deployment.md)',
        );
      if (database.file === ':memory:') throw new AdminError('an in-memory database has nothing to back up');
      const destination = resolve(flags.to);
      try {
        const copy = await backupSqlite(
          database.file,
          destination,
          (database.limits ?? DEFAULT_DATABASE_LIMITS).lockMs,
        );
        console.log(
          `backed up ${database.file} to ${destination}: ${copy.pages} pages, ${copy.bytes} bytes, integrity ok, ${copy.ms} ms`,
        );
        // The vault's key never lives in the database: a copy without it cannot open card data.
        console.log('the copy holds no master key: keep GATEHOUSE_MASTER_KEY (or master.key) with it');
      } catch (error) {
        if (error instanceof SqliteBackupError) throw new AdminError(error.message);
        throw error;
      }
    });
}
