/** Tells spreadsheet tools the file is UTF-8 (Excel reads it as the local code page without). */
export const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (or, after a tab or a
 * carriage return, may): text from merchants and payers (an order number, an e-mail) could be
 * `=HYPERLINK(...)`. Such text is written with a leading apostrophe, as OWASP advises.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text guarded against formulas, quoted when it holds a separator, a quote or a line end. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
