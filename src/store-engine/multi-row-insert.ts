import { nameStatement } from './named-statements.js';

/**
 * The multi-row twin of a fixed single-row insert, for PostgreSQL: N rows in one statement whose
 * only parameter is the rows as JSON, so its text (and its named, prepared plan) is the same for
 * every N. Executing one statement instead of N saves each row the protocol's messages, an executor
 * start and a command completion, 41–45 µs of a PostgreSQL backend and 28–35 µs of the worker at 12
 * rows a batch (docs/history/performance-journal.md, change 21). The table's row type converts the
 * JSON values exactly as the single-row statement's parameters would be converted.
 */
export interface MultiRowInsert {
  readonly text: string;
  /** The rows as the statement's one parameter, or undefined when a value is not plain JSON. */
  json(rows: readonly (readonly unknown[])[]): string | undefined;
}

/** By single-row text; null for a text that is not a plain insert. Bounded like nameStatement. */
const twins = new Map<string, MultiRowInsert | null>();

const PLAIN_INSERT =
  /^insert into ("[a-z_][a-z0-9_]*") \(("[a-z_][a-z0-9_]*"(?:, "[a-z_][a-z0-9_]*")*)\) values \((\$\d+(?:, \$\d+)*)\)$/;

/**
 * Notes a fixed statement text (a preparedQuery's); a plain single-row insert, one parameter per
 * column in order, with no `on conflict` and no `returning`, gets a twin.
 */
export function noteInsert(text: string): void {
  if (twins.has(text)) return;
  const twin = twinOf(text);
  twins.set(text, twin ?? null);
  if (twin !== undefined) nameStatement(twin.text);
}

export function multiRowInsert(text: string): MultiRowInsert | undefined {
  return twins.get(text) ?? undefined;
}

function twinOf(text: string): MultiRowInsert | undefined {
  const match = PLAIN_INSERT.exec(text);
  if (match === null) return undefined;
  const [, table, columnList, placeholderList] = match as unknown as [string, string, string, string];
  const columns = columnList.split(', ');
  const placeholders = placeholderList.split(', ');
  if (placeholders.length !== columns.length) return undefined;
  if (placeholders.some((placeholder, index) => placeholder !== `$${index + 1}`)) return undefined;
  // The JSON keys are the unquoted names; the pattern admits no character JSON would escape.
  const keys = columns.map((column) => `${JSON.stringify(column.slice(1, -1))}:`);
  return {
    text: `insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, $1::json)`,
    json: (rows) => rowsAsJson(rows, keys),
  };
}

function rowsAsJson(rows: readonly (readonly unknown[])[], keys: readonly string[]): string | undefined {
  let json = '[';
  for (let row = 0; row < rows.length; row++) {
    const values = rows[row]!;
    if (values.length !== keys.length) return undefined;
    json += row === 0 ? '{' : ',{';
    for (let column = 0; column < keys.length; column++) {
      const value = values[column];
      let encoded: string;
      if (value === null || value === undefined) encoded = 'null';
      else if (typeof value === 'string') encoded = JSON.stringify(value);
      // `pg` sends a number as its toString(), which is also its JSON form when finite.
      else if (typeof value === 'number' && Number.isFinite(value)) encoded = String(value);
      else return undefined;
      json += column === 0 ? keys[column] + encoded : `,${keys[column]}${encoded}`;
    }
    json += '}';
  }
  return `${json}]`;
}
