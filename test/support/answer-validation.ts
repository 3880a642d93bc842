import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Every JSON answer the integration suite reads is checked against docs/openapi.json (the
 * document GET /openapi.json serves): the test client calls `answerProblems` on each, so the
 * document cannot drift from what the gateway answers. Addresses the document does not describe
 * (pages, the ACS, /health) are not checked.
 *
 * The document leaves its objects open (clients must tolerate members added later); the check
 * closes every object that lists its members, so a member the gateway writes and the document
 * does not list fails the test that received it.
 */
const DOCUMENT_ID = 'https://gatehouse.local/openapi.json';

type Json = Record<string, unknown>;

interface Document {
  readonly paths: Readonly<Record<string, { post?: { responses?: Record<string, unknown> } }>>;
}

/** One shape an answer may have: a success alternative or a refusal envelope. */
interface Candidate {
  readonly label: string;
  readonly validate: ValidateFunction;
}

let ajv: Ajv2020 | undefined;
let document: (Document & Json) | undefined;
const candidates = new Map<string, Candidate[] | undefined>();

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const COMBINATORS = ['anyOf', 'allOf', 'oneOf'];

/**
 * A copy of `node` in which every object schema that lists `properties` admits no other member.
 * Where anyOf/allOf/oneOf sit beside `properties`, the members their subschemas list count too:
 * that object gets unevaluatedProperties, and those subschemas are left open (`evaluatedAbove`),
 * or each would refuse the members of the others.
 */
export function closedSchema(node: unknown, evaluatedAbove = false): unknown {
  if (Array.isArray(node)) return node.map((item) => closedSchema(item));
  if (!isJson(node)) return node;
  const lists = isJson(node.properties) && (node.type === 'object' || node.type === undefined);
  const open = node.additionalProperties === undefined || node.additionalProperties === true;
  const combines = COMBINATORS.some((keyword) => Array.isArray(node[keyword]));
  const closesHere = lists && open && !evaluatedAbove;
  const branchesEvaluatedAbove = evaluatedAbove || (closesHere && combines);
  const copy: Json = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      COMBINATORS.includes(key) && Array.isArray(value)
        ? value.map((branch) => closedSchema(branch, branchesEvaluatedAbove))
        : closedSchema(value),
    ]),
  );
  if (closesHere && combines) {
    delete copy.additionalProperties;
    copy.unevaluatedProperties = false;
  } else if (closesHere) {
    copy.additionalProperties = false;
  }
  return copy;
}

function load(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const text = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
  document = closedSchema(JSON.parse(text)) as Document & Json;
  // OpenAPI keywords (example, content types) are annotations here; formats are the document's prose.
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}

function pointerOf(path: string): string {
  return path.replaceAll('~', '~0').replaceAll('/', '~1');
}

function nodeAt(pointer: string): Json | undefined {
  let node: unknown = document;
  for (const part of pointer.split('/').slice(1)) {
    node =
      isJson(node) || Array.isArray(node)
        ? (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
        : undefined;
  }
  return isJson(node) ? node : undefined;
}

/**
 * The shapes at `pointer`: each alternative of an anyOf or oneOf (nested ones too), else the schema
 * itself. That an answer fits exactly one alternative of a oneOf is the document's own test
 * (src/docs/openapi-answers.test.ts, test/integration/openapi-answers.test.ts).
 */
function shapesAt(pointer: string, label: string): { pointer: string; label: string }[] {
  const node = nodeAt(pointer);
  if (node === undefined) return [];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    const target = node.$ref.slice(1);
    return shapesAt(target, target.slice(target.lastIndexOf('/') + 1));
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    const alternatives = node[keyword];
    if (Array.isArray(alternatives) && node.properties === undefined) {
      return alternatives.flatMap((_, index) => shapesAt(`${pointer}/${keyword}/${index}`, label));
    }
  }
  return [{ pointer, label: typeof node.title === 'string' ? node.title : label }];
}

function candidatesFor(path: string, status: number): Candidate[] | undefined {
  const key = `${path} ${status}`;
  if (candidates.has(key)) return candidates.get(key);
  const validator = load();
  const response = `/paths/${pointerOf(path)}/post/responses/${status}`;
  const shapes = shapesAt(`${response}/content/application~1json/schema`, 'the success answer');
  const found =
    shapes.length === 0
      ? undefined
      : shapes.map(({ pointer, label }) => ({
          label,
          validate: validator.compile({ $ref: `${DOCUMENT_ID}#${pointer}` }),
        }));
  candidates.set(key, found);
  return found;
}

/** One error in words: where, and which member. */
function described(error: ErrorObject): string {
  const at = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at} has a member the document does not list: ${String(params.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `${at} has a member the document does not list: ${String(params.unevaluatedProperty)}`;
    case 'required':
      return `${at} lacks the member ${String(params.missingProperty)}`;
    case 'enum':
      return `${at} must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return `${at} ${error.message ?? error.keyword}`;
  }
}

/** What is wrong with a JSON answer of `path` at `status` by the document; [] when it conforms. */
export function answerProblems(path: string, status: number, body: unknown): string[] {
  load();
  if (document?.paths[path] === undefined) return [];
  const shapes = candidatesFor(path, status);
  if (shapes === undefined) return [`HTTP ${status} is not a documented answer of ${path}`];
  let closest: { label: string; errors: ErrorObject[] } | undefined;
  for (const { label, validate } of shapes) {
    if (validate(body)) return [];
    const errors = validate.errors ?? [];
    if (closest === undefined || errors.length < closest.errors.length) closest = { label, errors };
  }
  // The shape the answer comes closest to says what is wrong; the others would only add noise.
  const shape = closest?.label ?? '';
  return (closest?.errors ?? []).map((error) => `${described(error)} (closest documented shape: ${shape})`);
}
