/** The text of each cell of the table with `id`, row by row (head, body and foot alike). */
export function tableRows(page: string, id: string): string[][] {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(page)?.[1];
  if (table === undefined) throw new Error(`no table ${id} on the page`);
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '')
        .replace(/<[^>]+>/g, '')
        .replaceAll('&amp;', '&')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** The table's rows as objects keyed by its column names. */
export function tableRecords(page: string, id: string): Record<string, string>[] {
  const [head = [], ...rows] = tableRows(page, id);
  return rows.map((cells) => Object.fromEntries(head.map((name, index) => [name, cells[index] ?? ''])));
}

/** The table's row whose first cell is `label` (the "Total" row of a table per period). */
export function tableRow(page: string, id: string, label: string): Record<string, string> {
  const found = tableRecords(page, id).find((row) => Object.values(row)[0] === label);
  if (found === undefined) throw new Error(`table ${id} has no row ${label}`);
  return found;
}
