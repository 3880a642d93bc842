import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { ConsoleAuditRow, Database } from './schema.js';

/** An audit entry as the console lists it: with the names of the merchant and order it concerns. */
export interface AuditListEntry extends ConsoleAuditRow {
  readonly merchant_login: string | null;
  readonly order_number: string | null;
}

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

  /**
   * Entries newest first, each with the merchant's login and the order's number beside their ids
   * (what an operator recognises; either is null when the entry names none or it is gone).
   */
  async list(filter: AuditFilter): Promise<AuditListEntry[]> {
    let query = this.db
      .selectFrom('console_audit')
      .leftJoin('merchants', 'merchants.id', 'console_audit.merchant_id')
      .leftJoin('orders', 'orders.id', 'console_audit.order_id')
      .selectAll('console_audit')
      .select(['merchants.login as merchant_login', 'orders.order_number as order_number']);
    if (filter.merchantIds !== undefined) {
      if (filter.merchantIds.length === 0) return [];
      query = query.where('console_audit.merchant_id', 'in', filter.merchantIds);
    }
    if (filter.operatorEmail !== undefined)
      query = query.where('console_audit.operator_email', '=', filter.operatorEmail);
    if (filter.action !== undefined) query = query.where('console_audit.action', '=', filter.action);
    if (filter.orderId !== undefined) query = query.where('console_audit.order_id', '=', filter.orderId);
    if (filter.fromMs !== undefined) query = query.where('console_audit.at_ms', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('console_audit.at_ms', '<', filter.toMs);
    const before = filter.before;
    if (before !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('console_audit.at_ms', '<', before.atMs),
          eb.and([eb('console_audit.at_ms', '=', before.atMs), eb('console_audit.id', '<', before.id)]),
        ]),
      );
    }
    return query
      .orderBy('console_audit.at_ms', 'desc')
      .orderBy('console_audit.id', 'desc')
      .limit(filter.limit)
      .execute();
  }
}
