import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The decision records (docs/decisions/) and their generated index: the committed index is what
// scripts/decision-index.js makes of the records, and every record keeps the rules it checks.
// The script is plain JavaScript outside the compiled tree, so it is loaded from the checkout.

interface DecisionRecord {
  file: string;
  number?: string;
  title?: string;
  supersededBy?: { number: string; file: string };
}
interface DecisionIndex {
  readRecords: (dir: string) => DecisionRecord[];
  parseRecord: (file: string, text: string) => DecisionRecord;
  checkRecords: (records: DecisionRecord[]) => string[];
  renderIndex: (records: DecisionRecord[]) => string;
}

const root = new URL('../../../', import.meta.url).pathname;
const dir = join(root, 'docs', 'decisions');
const script = async () =>
  (await import(new URL('scripts/decision-index.js', `file://${root}`).href)) as DecisionIndex;

const record = (
  number: string,
  slug: string,
  status: string,
  sections = ['Context', 'Decision', 'Consequences'],
) =>
  [
    `# ${number}. A title`,
    '',
    ...sections.flatMap((s) => [`## ${s}`, '', 'Text.', '']),
    '## Status',
    '',
    status,
    '',
  ].join('\n');

test('the committed index is what the records make (run npm run docs:decisions when this fails)', async () => {
  const { readRecords, renderIndex } = await script();
  const committed = readFileSync(join(dir, 'README.md'), 'utf8');
  assert.equal(committed, renderIndex(readRecords(dir)));
});

test('every record has the four sections, a number of its own and only existing records named', async () => {
  const { readRecords, checkRecords } = await script();
  const records = readRecords(dir);
  assert.ok(records.length > 100, `${records.length} records`);
  assert.deepEqual(checkRecords(records), []);
  const superseded = records.filter((r) => r.supersededBy !== undefined);
  assert.ok(superseded.length > 0, 'the records say which decisions were revised');
});

test('the check fails on a missing section, a repeated number and a superseding record that does not exist', async () => {
  const { parseRecord, checkRecords } = await script();
  const good = parseRecord('0001-good.md', record('0001', 'good', 'Accepted.'));
  assert.deepEqual(checkRecords([good]), []);

  const noConsequences = parseRecord(
    '0002-short.md',
    record('0002', 'short', 'Accepted.', ['Context', 'Decision']),
  );
  assert.deepEqual(checkRecords([good, noConsequences]), ['0002-short.md: no "## Consequences" section']);

  const twin = parseRecord('0001-twin.md', record('0001', 'twin', 'Accepted.'));
  assert.deepEqual(checkRecords([good, twin]), ["0001-twin.md: number 0001 is also 0001-good.md's"]);

  const orphan = parseRecord('0003-old.md', record('0003', 'old', 'Superseded by [0009](0009-gone.md).'));
  assert.deepEqual(orphan.supersededBy, { number: '0009', file: '0009-gone.md' });
  assert.deepEqual(checkRecords([good, orphan]), ['0003-old.md: names 0009-gone.md, which does not exist']);

  const vague = parseRecord('0004-vague.md', record('0004', 'vague', 'Replaced by something.'));
  assert.equal(checkRecords([good, vague]).length, 1);
});

test('the index names each record with its status, superseded ones with the record that replaced them', async () => {
  const { parseRecord, renderIndex } = await script();
  const index = renderIndex([
    parseRecord('0002-new.md', record('0002', 'new', 'Accepted.')),
    parseRecord('0001-old.md', record('0001', 'old', 'Superseded by [0002](0002-new.md) (issue 9).')),
  ]);
  assert.match(
    index,
    /\| 0001 \| \[A title\]\(0001-old\.md\) \| Superseded by \[0002\]\(0002-new\.md\) \|\n\| 0002 /,
  );
  assert.match(index, /\| 0002 \| \[A title\]\(0002-new\.md\) \| Accepted \|/);

  const amended = renderIndex([
    parseRecord(
      '0003-kept.md',
      record('0003', 'kept', 'Accepted. Amended by a later record,\n[0004](0004-part.md).'),
    ),
  ]);
  assert.match(
    amended,
    /\| Accepted, amended by \[0004\]\(0004-part\.md\) \|/,
    'a wrapped status keeps its links',
  );
});
