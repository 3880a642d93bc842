import { sql } from 'kysely';
import { loadConfig } from '../src/config/config.js';
import { openAdmin } from '../src/server.js';

const BATCH = 50_000;

/**
 * Fills the bench merchant's order table with `count` older orders before a load: copies of one
 * registered order, numbered `preload-<n>`, deposited, with time-ordered ids older than any the
 * server makes and creation times spread over the past, in batches of 50,000 rows, one statement each,
 * then (SQLite) checkpoints the WAL into the database. Returns the database's size per order afterwards.
 */
export async function preloadOrders(
  env: Record<string, string>,
  templateOrderId: string,
  count: number,
): Promise<{ bytesPerOrder: number; orders: number }> {
  const { store } = await openAdmin(loadConfig({ ...process.env, ...env }), { migrate: false });
  try {
    const db = store.db;
    const columns = Object.keys(
      await db.selectFrom('orders').selectAll().where('id', '=', templateOrderId).executeTakeFirstOrThrow(),
    );
    const pg = store.engine === 'postgres';
    for (let first = 1; first <= count; first += BATCH) {
      const last = Math.min(count, first + BATCH - 1);
      const values = columns.map((column) => {
        switch (column) {
          case 'id':
            // 00000000-0000-7000-8000-<n>: version 7 ids from the dawn of time, in order.
            return pg
              ? sql.raw(`'00000000-0000-7000-8000-' || lpad(n::text, 12, '0')`)
              : sql.raw(`'00000000-0000-7000-8000-' || substr('000000000000' || n, -12)`);
          case 'order_number':
            return sql.raw(`'preload-' || n`);
          case 'created_at_ms':
          case 'updated_at_ms':
          case 'expires_at_ms':
            return sql.raw(`t.${column} - (${count} - n) * 1000 - 86400000`);
          case 'status':
            // Old orders are finished ones: no background job picks them up during the load.
            return sql.raw('2');
          default:
            return sql.raw(`t.${column}`);
        }
      });
      const list = sql.join(columns.map((column) => sql.id(column)));
      const select = sql.join(values);
      const numbers = pg
        ? sql`generate_series(${first}::bigint, ${last}::bigint) as s(n)`
        : sql`(with recursive s(n) as (select ${first} union all select n + 1 from s where n < ${last}) select n from s) as s`;
      await sql`insert into orders (${list}) select ${select} from ${numbers}, (select * from orders where id = ${templateOrderId}) as t`.execute(
        db,
      );
    }
    // A table that grew to this size over months would have been checkpointed long ago; without
    // this, the server's checkpointer copies the preload's WAL (about half a gigabyte for a
    // million orders) into the database during the measurements that follow and takes CPU from
    // them. The growth figure is about the table's size, not about that one-off copy.
    if (!pg) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const orders = Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const bytes = pg
      ? Number(
          (await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(db))
            .rows[0]?.size ?? 0,
        )
      : Number(
          (
            await sql<{
              size: number;
            }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db)
          ).rows[0]?.size ?? 0,
        );
    return { bytesPerOrder: bytes / orders, orders };
  } finally {
    await store.close();
  }
}
