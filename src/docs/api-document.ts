import { readFileSync } from 'node:fs';
import { openApiDocument } from './openapi.js';
import { apiOperations } from './reference-docs.js';

const PACKAGE = new URL('../../../package.json', import.meta.url);

/** docs/openapi.json and GET /openapi.json: one text, from the operation tables and the package version. */
let text: string | undefined;

export function openApiText(): string {
  if (text !== undefined) return text;
  const { version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string };
  text = `${JSON.stringify(openApiDocument(apiOperations(), version), null, 2)}\n`;
  return text;
}
