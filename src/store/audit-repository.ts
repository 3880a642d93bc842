import type { Kysely } from 'kysely';
import type { Executor } from './prepared-query.js';
import type { ConsoleAuditRow, Database } from './schema.js';

export interface AuditFilter {
  /** Only these merchants' entries (a limited operator); undefined: all. */
  readonly merchantIds?: readonly string[];
  readonly operatorEmail?: string;
  readonly action?: string;
  readonly orderId?: string;
  readonly fromMs?: number;
  readonly toMs?: number;
  /** Keyset: entries older than this one. */
  readonly before?: { readonly atMs: number; readonly id: string };
  readonly limit: number;
}

/**
 * The console's audit: appended once per action, read newest first. There is no update or delete
 * here, and the database's own triggers refuse them (migration 0019).
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Takes a confirmation form's key for one submit; a second insert fails on the key. */
  static async takeActionKey(db: Executor, key: string, operatorId: string, nowMs: number): Promise<void> {
    await db
      .insertInto('console_action_keys')
      .values({ key, operator_id: operatorId, created_at_ms: nowMs })
      .execute();
  }

  static async append(db: Executor, row: ConsoleAuditRow): Promise<void> {
    await db.insertInto('console_audit').values(row).execute();
  }

  async find(id: string): Promise<ConsoleAuditRow | undefined> {
    return this.db.selectFrom('console_audit').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(filter: AuditFilter): Promise<ConsoleAuditRow[]> {
    let query = this.db.selectFrom('console_audit').selectAll();
    if (filter.merchantIds !== undefined) {
      if (filter.merchantIds.length === 0) return [];
      query = query.where('merchant_id', 'in', filter.merchantIds);
    }
    if (filter.operatorEmail !== undefined) query = query.where('operator_email', '=', filter.operatorEmail);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
    if (filter.fromMs !== undefined) query = query.where('at_ms', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('at_ms', '<', filter.toMs);
    const before = filter.before;
    if (before !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('at_ms', '<', before.atMs),
          eb.and([eb('at_ms', '=', before.atMs), eb('id', '<', before.id)]),
        ]),
      );
    }
    return query.orderBy('at_ms', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }
}
