import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { currencyByNumeric } from '../../src/domain/currencies.js';
import { searchKeysOf } from '../../src/domain/console-search-key.js';
import { ConsoleOrderList } from '../../src/store-reports/console-order-list.js';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

/** The file's text after its byte order mark, which it must start with, and its rows' cells. */
function parsedCsv(bytes: Uint8Array): string[][] {
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
  const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
  const rows: string[][] = [];
  for (const line of body.split('\r\n').filter((row) => row !== '')) {
    const cells: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      const cell = match[1] ?? '';
      cells.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
      if (match[2] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

const major = (minor: number, numeric: string) => {
  const exponent = currencyByNumeric(numeric)?.exponent ?? 2;
  return (minor / 10 ** exponent).toFixed(exponent);
};

for (const engine of ENGINES) {
  describe(`${engine}: the console's exports and bounded lists (issue 43)`, () => {
    let gh: TestGatehouse;
    let shopX: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    let shopY: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    const xOrders: string[] = [];
    let yOrder = '';

    async function operator(
      role: string,
      merchants: string[] = [],
    ): Promise<{ client: ConsoleClient; email: string }> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants, password: PASSWORD });
      const client = new ConsoleClient(gh.baseUrl);
      assert.equal((await client.login(email, PASSWORD)).status, 303);
      return { client, email };
    }
    async function download(
      client: ConsoleClient,
      path: string,
    ): Promise<{ status: number; type: string; rows: string[][] }> {
      const response = await fetch(`${gh.baseUrl}${path}`, { headers: { cookie: client.cookie ?? '' } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        rows: parsedCsv(bytes),
      };
    }
    async function pay(auth: { userName: string; password: string }, amount: number, orderNumber: string) {
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...auth,
        amount,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber,
        email: 'payer@example.com',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      return String(paid.body.orderId);
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      shopX = await gh.createMerchant();
      shopY = await gh.createMerchant();
      // A formula where a spreadsheet would run it, and a quote and a comma to be quoted.
      xOrders.push(await pay(shopX.auth, 1234, `=HYPERLINK("x",${randomBytes(2).toString('hex')})`));
      gh.clock.advance(1000);
      xOrders.push(await pay(shopX.auth, 5, `@sum-${randomBytes(2).toString('hex')}`));
      gh.clock.advance(1000);
      xOrders.push(await pay(shopX.auth, 99_999, `plain-${randomBytes(2).toString('hex')}`));
      gh.clock.advance(1000);
      yOrder = await pay(shopY.auth, 700, `y-${randomBytes(2).toString('hex')}`);
      const refund = await gh.post('/payment/rest/refund.do', {
        ...shopX.auth,
        orderId: xOrders[2]!,
        amount: 500,
      });
      assert.equal(refund.body.errorCode, '0', refund.text);
    });
    after(async () => {
      await gh.close();
    });

    test('orders.csv: BOM, header, each order of the filter row by row (major units, UTC, formulas disarmed), audited', async () => {
      const { client, email } = await operator('finance');
      const file = await download(client, `/console/exports/orders.csv?merchant=${shopX.merchantLogin}`);
      assert.equal(file.status, 200);
      assert.match(file.type, /^text\/csv; charset=utf-8/);
      const [header, ...rows] = file.rows;
      assert.deepEqual(header?.slice(0, 12), [
        'order_id',
        'order_number',
        'merchant',
        'created_utc',
        'updated_utc',
        'status',
        'status_code',
        'amount',
        'currency',
        'held',
        'captured',
        'refunded',
      ]);
      const db = gh.gatehouse.store.db;
      const expected = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', xOrders)
        .orderBy('created_at_ms', 'desc')
        .orderBy('id', 'desc')
        .execute();
      assert.equal(rows.length, 3);
      rows.forEach((row, index) => {
        const order = expected[index]!;
        const number = /^[=+\-@]/.test(order.order_number) ? `'${order.order_number}` : order.order_number;
        const alpha = currencyByNumeric(order.currency)?.alpha;
        assert.deepEqual(row.slice(0, 13), [
          order.id,
          number,
          shopX.merchantLogin,
          new Date(order.created_at_ms).toISOString(),
          new Date(order.updated_at_ms).toISOString(),
          order.id === xOrders[2] ? 'Partially refunded' : 'Paid',
          String(order.status),
          major(order.amount_minor, order.currency),
          alpha,
          major(order.approved_minor, order.currency),
          major(order.deposited_minor, order.currency),
          major(order.refunded_minor, order.currency),
          order.card_masked_pan,
        ]);
        assert.ok(!row.join(',').includes('4111111111111111'), 'no card number in clear');
      });
      assert.equal(rows.find((row) => row[0] === xOrders[0])?.[7], major(1234, expected[0]!.currency));
      const audit = await db
        .selectFrom('console_audit')
        .selectAll()
        .where('operator_email', '=', email)
        .where('action', '=', 'export.orders')
        .execute();
      assert.equal(audit.length, 1);
      assert.deepEqual(JSON.parse(audit[0]!.details ?? '{}'), { filter: { merchant: shopX.merchantLogin } });
    });

    test('movements.csv: every money movement of the orders with its RRN and the acquirer references', async () => {
      const { client } = await operator('finance');
      const file = await download(client, `/console/exports/movements.csv?merchant=${shopX.merchantLogin}`);
      const [header, ...rows] = file.rows;
      assert.equal(header?.[11], 'acquirer_reference');
      const db = gh.gatehouse.store.db;
      const orders = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', xOrders)
        .orderBy('created_at_ms', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const expected: string[][] = [];
      for (const order of orders) {
        const movements = await db
          .selectFrom('order_operations')
          .selectAll()
          .where('order_id', '=', order.id)
          .orderBy('created_at_ms')
          .execute();
        for (const movement of movements)
          expected.push([
            order.id,
            movement.id,
            movement.kind,
            movement.state,
            major(movement.amount_minor, movement.currency),
            movement.rrn ?? '',
            order.payment_net_ref_num ?? '',
          ]);
      }
      assert.ok(
        expected.some((row) => row[2] === 'refund'),
        'the refund is a movement',
      );
      assert.deepEqual(
        rows.map((row) => [row[0], row[3], row[4], row[5], row[6], row[9], row[11]]),
        expected,
      );
    });

    test('scoped like the list: an operator limited to one merchant exports only its orders', async () => {
      const { client } = await operator('viewer', [shopY.merchantLogin]);
      const file = await download(client, '/console/exports/orders.csv');
      const ids = file.rows.slice(1).map((row) => row[0]);
      assert.ok(ids.includes(yOrder));
      assert.ok(!xOrders.some((id) => ids.includes(id)), 'no order of another merchant');
      const asked = await download(client, `/console/exports/movements.csv?q=${xOrders[0]}`);
      assert.equal(asked.rows.length, 1, 'only the header: the order is another merchant’s');
    });

    test('a filter no index serves is read within a bounded window of the indexed filters, whose end the page names', async () => {
      const db = gh.gatehouse.store.db;
      const statements: string[] = [];
      const capture: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          statements.push(db.getExecutor().compileQuery(node, queryId).sql);
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      };
      const list = new ConsoleOrderList(db.withPlugin(capture), 2);
      const page = await list.page({ paymentWay: 'NO_SUCH_WAY', limit: 51 });
      assert.deepEqual(page.rows, []);
      assert.ok(page.windowEnd !== undefined, 'the window ended before the page filled');
      // The plugin sees each statement, and each query within one, as Kysely builds it.
      const rows = statements.filter((text) => text.includes('payment_way'));
      assert.ok(
        statements.some((text) => /offset/i.test(text) && !text.includes('payment_way')),
        'the window’s end is read from the indexed filters alone',
      );
      assert.ok(rows.length > 0);
      for (const text of rows) assert.match(text, /\) >= \(/, 'the rows are read within the window');
      // The next window starts where this one ended: searched on step by step, never the table.
      statements.length = 0;
      await list.page({ paymentWay: 'NO_SUCH_WAY', limit: 51, after: page.windowEnd });
      for (const text of statements.filter((statement) => statement.includes('payment_way'))) {
        assert.match(text, /\) < \(/);
        assert.match(text, /\) >= \(/);
      }
    });

    test('every search key is read from an index (SQLite plans), and the count is bounded', async () => {
      const db = gh.gatehouse.store.db;
      const statements: string[] = [];
      const params: unknown[][] = [];
      const capture: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          const compiled = db.getExecutor().compileQuery(node, queryId);
          statements.push(compiled.sql);
          params.push([...compiled.parameters]);
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      };
      const list = new ConsoleOrderList(db.withPlugin(capture));
      const keys = [
        'order-1',
        '1234',
        '444455******3333',
        'payer@example.com',
        '+4915112345678',
        '123456789012',
        '0193a1b2-0000-7000-8000-000000000001',
      ];
      for (const key of keys) {
        statements.length = 0;
        params.length = 0;
        await list.page({ search: searchKeysOf(key), limit: 51 });
        await list.count({ search: searchKeysOf(key), limit: 51 }, 10_001);
        assert.match(statements[1] ?? '', /limit/i, 'the count reads at most its cap');
        if (engine !== 'sqlite') continue;
        for (const [index, statement] of statements.entries()) {
          const compiledPlan = await db.executeQuery<{ detail: string }>({
            sql: `explain query plan ${statement}`,
            parameters: params[index] ?? [],
            query: { kind: 'RawNode' } as never,
            queryId: { queryId: 'plan' },
          });
          const scans = compiledPlan.rows.filter((row) =>
            /^SCAN (orders|order_operations)\b/.test(row.detail),
          );
          assert.deepEqual(scans, [], `${key}: ${compiledPlan.rows.map((row) => row.detail).join(' | ')}`);
        }
      }
    });
  });
}
