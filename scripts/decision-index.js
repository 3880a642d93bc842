#!/usr/bin/env node
// The index of the decision records (docs/decisions/README.md) is generated from the records
// themselves, so it cannot disagree with them: each record's number, title and status are read
// from its file. test/docs/decision-index.test.ts fails when the committed index is stale or a
// record breaks the rules checked here.
// Usage: node scripts/decision-index.js          writes the index (npm run docs:decisions)
//        node scripts/decision-index.js --check  fails if the index is out of date
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECTIONS = ['Context', 'Decision', 'Consequences', 'Status'];
const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const RECORD_LINK = /\]\((\d{4}-[^)\s]+\.md)\)/g;
const SUPERSEDED = /^Superseded by \[(\d{4})\]\((\d{4}-[^)\s]+\.md)\)/;
const INDEX_FILE = 'README.md';

/** The records of a folder: every `NNNN-*.md` file, and what the index needs from each. */
export function readRecords(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== INDEX_FILE)
    .sort()
    .map((file) => parseRecord(file, readFileSync(join(dir, file), 'utf8')));
}

/** One record: its number and title from the first heading, its `## ` sections, its status. */
export function parseRecord(file, text) {
  const lines = text.split('\n');
  const heading = /^# (\d{4})\. (.+)$/.exec(lines[0] ?? '');
  const sections = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3).trim());
  const statusAt = lines.indexOf('## Status');
  // The whole Status section as one line: a status may wrap, and its links may be on any line.
  const statusLines = statusAt < 0 ? [] : lines.slice(statusAt + 1);
  const statusEnd = statusLines.findIndex((line) => line.startsWith('#'));
  const status = (statusEnd < 0 ? statusLines : statusLines.slice(0, statusEnd))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const superseded = SUPERSEDED.exec(status);
  return {
    file,
    fileNumber: FILE_NAME.exec(file)?.[1],
    number: heading?.[1],
    title: heading?.[2],
    sections,
    status,
    supersededBy: superseded ? { number: superseded[1], file: superseded[2] } : undefined,
    links: [...text.matchAll(RECORD_LINK)].map((match) => match[1]),
    statusLinks: [...status.matchAll(RECORD_LINK)].map((match) => match[1]),
  };
}

/** Every way the records break the rules, as sentences naming the file; empty when none does. */
export function checkRecords(records) {
  const problems = [];
  const files = new Set(records.map((record) => record.file));
  const seen = new Map();
  for (const record of records) {
    const { file } = record;
    if (record.fileNumber === undefined) problems.push(`${file}: the name is not NNNN-kebab-title.md`);
    if (record.number === undefined || record.title === undefined) {
      problems.push(`${file}: the first line is not "# NNNN. Title"`);
    } else if (record.number !== record.fileNumber) {
      problems.push(`${file}: its heading says ${record.number}`);
    }
    const number = record.fileNumber ?? record.number;
    if (number !== undefined) {
      if (seen.has(number)) problems.push(`${file}: number ${number} is also ${seen.get(number)}'s`);
      else seen.set(number, file);
    }
    for (const section of SECTIONS) {
      if (!record.sections.includes(section)) problems.push(`${file}: no "## ${section}" section`);
    }
    if (record.sections.includes('Status')) {
      if (!record.status.startsWith('Accepted') && record.supersededBy === undefined) {
        problems.push(`${file}: the status is neither "Accepted…" nor "Superseded by [NNNN](NNNN-….md)"`);
      }
    }
    if (record.supersededBy !== undefined) {
      const target = record.supersededBy;
      if (!target.file.startsWith(`${target.number}-`)) {
        problems.push(`${file}: superseded by ${target.number}, but the link names ${target.file}`);
      }
      if (target.file === file) problems.push(`${file}: superseded by itself`);
    }
    for (const link of record.links) {
      if (!files.has(link)) problems.push(`${file}: names ${link}, which does not exist`);
    }
  }
  return problems;
}

/** A status as the index shows it: superseded by which, or accepted and amended by which. */
function statusCell(record) {
  const link = (number, file) => `[${number}](${file})`;
  if (record.supersededBy !== undefined) {
    return `Superseded by ${link(record.supersededBy.number, record.supersededBy.file)}`;
  }
  const amendedBy = record.statusLinks
    .filter((file) => file !== record.file)
    .map((file) => link(file.slice(0, 4), file));
  return amendedBy.length > 0 ? `Accepted, amended by ${amendedBy.join(', ')}` : 'Accepted';
}

/** The index's text, in number order. */
export function renderIndex(records) {
  const sorted = [...records].sort((a, b) => (a.number ?? '').localeCompare(b.number ?? ''));
  const superseded = sorted.filter((record) => record.supersededBy !== undefined).length;
  const rows = sorted.map(
    (record) => `| ${record.number} | [${record.title}](${record.file}) | ${statusCell(record)} |`,
  );
  return [
    '# Decisions',
    '',
    '<!-- Generated by scripts/decision-index.js from the records in this folder: do not edit by',
    '     hand. Run `npm run docs:decisions` after adding or changing a record. -->',
    '',
    "Choices Gatehouse made where the spec (`merchant-api.md`) and the real gateway's facts",
    '(`gateway-facts.md`) are silent, and choices of its own design, one record per decision. Each',
    'record has four sections: Context, Decision, Consequences and Status. A record is never',
    'rewritten to say something else: a later decision gets a record of its own, and the older one',
    'says "Superseded by" it (or "Accepted. Amended by" it, when only a part changed).',
    '',
    'The records were numbered in the order their decisions stood in the former',
    'docs/decisions.md, which ran by topic (requests, answers, security, storage, payments,',
    'movements, callbacks, …, the console, operations) and then by issue. A superseding record can',
    'therefore carry a lower number than the record it replaces. New records take the next number.',
    '',
    `${sorted.length} records, ${superseded} superseded.`,
    '',
    '| No. | Decision | Status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

const main = () => {
  const dir = join(new URL('..', import.meta.url).pathname, 'docs', 'decisions');
  const records = readRecords(dir);
  const problems = checkRecords(records);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  const index = renderIndex(records);
  const path = join(dir, INDEX_FILE);
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== index) {
      console.error(`${path} is out of date: run npm run docs:decisions`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(path, index);
  console.log(`${path}: ${records.length} records`);
};

if (process.argv[1] !== undefined && new URL(import.meta.url).pathname === process.argv[1]) main();
