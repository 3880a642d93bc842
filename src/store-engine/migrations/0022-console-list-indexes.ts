import { sql, type Kysely } from 'kysely';

/**
 * The console's order list at a million orders (issue 27, measured by `npm run bench -- --preload
 * 1000000`; docs/history/performance-journal.md, "Console order list at 1M orders"). Two of its
 * filters had no index that gives their rows newest first:
 *
 * - by status: SQLite took `orders_status_expiry` and sorted every order of the status (about
 *   0.35 s for deposited, two thirds of the table), PostgreSQL scanned `orders_console_created`
 *   and skipped the other statuses (a rare status's hundredth page read 124,000 rows);
 * - by the card's last four digits (`like '%1234'`, which no index serves): both engines read the
 *   whole table (0.15 s of SQLite, 0.35 s of PostgreSQL's parallel scan).
 *
 * Each index below starts with the filter's value, then (created_at_ms, id): the page is a range
 * read in the list's order, from the keyset, like the unfiltered list's. The last four digits are
 * the expression `substr(card_masked_pan, length(card_masked_pan) - 3)`, written alike on both
 * engines; ConsoleOrderRepository filters by exactly that expression, as an expression index is
 * only used for the same expression.
 *
 * Neither index holds what register.do writes: the status index leaves out the unpaid statuses
 * (0 registered, 5 at the ACS), the last four digits' index the orders without a card. With every
 * status in it, registration cost SQLite 84 and 84 µs against 67 and 69 without (short bench,
 * alternating; a direct loop of inserts: 16-17 against 12-14 µs of CPU). A payment writes both
 * (about 10 µs of SQLite's CPU in a direct loop). Unpaid orders are few, as the expiry job declines each one at the end of its
 * lifetime: a list of them reads `orders_status_expiry` (status, expires_at_ms) and sorts. The
 * repository repeats each index's condition in its query, literally, so both engines may use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_console_status on orders (status, created_at_ms, id)
    where status not in (0, 5)`.execute(db);
  await sql`create index orders_console_last_four on orders
    (substr(card_masked_pan, length(card_masked_pan) - 3), created_at_ms, id)
    where card_masked_pan is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_console_last_four').execute();
  await db.schema.dropIndex('orders_console_status').execute();
}
