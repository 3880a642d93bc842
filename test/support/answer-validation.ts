import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Every JSON answer the integration suite reads is checked against docs/openapi.json (the
 * document GET /openapi.json serves): the test client calls `answerProblems` on each, so the
 * document cannot drift from what the gateway answers. Addresses the document does not describe
 * (pages, the ACS, /health) are not checked.
 */
const DOCUMENT_ID = 'https://gatehouse.local/openapi.json';

interface Document {
  readonly paths: Readonly<Record<string, { post?: { responses?: Record<string, unknown> } }>>;
}

let ajv: Ajv2020 | undefined;
let paths: Document['paths'] = {};
const compiled = new Map<string, ValidateFunction | undefined>();

function load(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const text = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
  const document = JSON.parse(text) as Document & Record<string, unknown>;
  paths = document.paths;
  // OpenAPI keywords (example, content types) are annotations here; formats are the document's prose.
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}

function validatorFor(path: string, status: number): ValidateFunction | undefined {
  const key = `${path} ${status}`;
  if (compiled.has(key)) return compiled.get(key);
  const validator = load();
  const responses = paths[path]?.post?.responses;
  const validate =
    responses?.[String(status)] === undefined
      ? undefined
      : validator.compile({
          $ref: `${DOCUMENT_ID}#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/post/responses/${status}/content/application~1json/schema`,
        });
  compiled.set(key, validate);
  return validate;
}

/** What is wrong with a JSON answer of `path` at `status` by the document; [] when it conforms. */
export function answerProblems(path: string, status: number, body: unknown): string[] {
  load();
  if (paths[path] === undefined) return [];
  const validate = validatorFor(path, status);
  if (validate === undefined) return [`HTTP ${status} is not a documented answer of ${path}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
