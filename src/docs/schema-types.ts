/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) to TypeScript type text, for the typed client
 * (src/docs/typescript-client.ts). It reads whatever the document says, so a schema made more
 * exact in the document (required members, enums, closed objects) makes the types more exact
 * without a change here.
 */

export type Schema = Readonly<Record<string, unknown>>;

/**
 * `request`: what the client sends (arrays it only reads are readonly; a member carried as JSON text
 * in a form body also takes the object itself). `answer`: what the gateway sends back.
 */
export type Direction = 'request' | 'answer';

/** Where a schema sits: the owner names a hoisted type when its member's name is taken. */
export interface Place {
  readonly owner: string;
  readonly member: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Annotations that do not change a type; left out when comparing schemas for one shared declaration. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated', '$comment']);
/** Enumerations at least this long get a declaration of their own instead of repeating inline. */
const NAMED_ENUM_SIZE = 4;

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => `${part[0]?.toUpperCase() ?? ''}${part.slice(1)}`)
    .join('');
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaList(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function literal(value: unknown): string {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? JSON.stringify(value)
    : 'unknown';
}

/** Whether a value is of the schema's `type` (any, when it names none). */
function fitsType(declared: unknown, value: unknown): boolean {
  const kinds = Array.isArray(declared) ? (declared as unknown[]) : declared === undefined ? [] : [declared];
  return (
    kinds.length === 0 ||
    kinds.some((kind) => {
      switch (kind) {
        case 'integer':
          return Number.isInteger(value);
        case 'null':
          return value === null;
        case 'array':
          return Array.isArray(value);
        case 'object':
          return isSchema(value);
        default:
          return typeof value === kind;
      }
    })
  );
}

/** A type's parts at the top level split by an operator (`A | (B & C)` by '|': A, (B & C)). */
function topLevel(type: string, operator: '|' | '&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < type.length; index += 1) {
    const char = type[index] as string;
    if (quoted) {
      if (char === '\\') index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if ('({[<'.includes(char)) depth += 1;
    else if (')}]>'.includes(char)) depth -= 1;
    else if (depth === 0 && char === operator) {
      parts.push(type.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [...parts, type.slice(start).trim()];
}

function union(types: readonly string[]): string {
  const distinct = [...new Set(types.flatMap((type) => topLevel(type, '|')))];
  if (distinct.includes('unknown')) return 'unknown';
  // A literal beside its own primitive adds nothing (and lint calls it redundant).
  const kept = distinct.filter(
    (type) =>
      type !== 'never' &&
      !(distinct.includes('string') && type.startsWith('"')) &&
      !(distinct.includes('number') && /^-?\d/.test(type)) &&
      !(distinct.includes('boolean') && (type === 'true' || type === 'false')),
  );
  if (kept.length === 0) return 'never';
  return kept.length === 1 ? (kept[0] as string) : kept.map(parenthesised).join(' | ');
}

function intersection(types: readonly string[]): string {
  const kept = [...new Set(types)].filter((type) => type !== 'unknown');
  if (kept.length === 0) return 'unknown';
  return kept.length === 1 ? (kept[0] as string) : kept.map(parenthesised).join(' & ');
}

/** Wraps a union or intersection where it binds to an operator (T[], A | B inside A & B). */
function parenthesised(type: string): string {
  return topLevel(type, '|').length > 1 || topLevel(type, '&').length > 1 ? `(${type})` : type;
}

function lengthText(min: unknown, max: unknown, unit: string): string | undefined {
  if (typeof min === 'number' && min === max) return `${min} ${min === 1 ? unit.slice(0, -1) : unit}`;
  if (typeof min === 'number' && typeof max === 'number') return `${min}..${max} ${unit}`;
  if (typeof max === 'number') return `at most ${max} ${unit}`;
  if (typeof min === 'number' && min > 0) return `at least ${min} ${unit}`;
  return undefined;
}

/**
 * A JSDoc comment from a schema's description and constraints; '' when it has none. A form's
 * integer is `anyOf: [integer, string]`, so the constraints may sit on an alternative.
 */
export function docComment(schema: Schema): string {
  const sources = [schema, ...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
  const constrained = sources.find((source) =>
    ['minLength', 'maxLength', 'format', 'pattern'].some((key) => key in source),
  );
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(schema.description);
  if (constrained !== undefined) {
    // A number's text (`anyOf: [integer, string]`): its length counts digits.
    const numeric = sources.some((source) => source.type === 'integer' || source.type === 'number');
    const unit = constrained.type === 'integer' || numeric ? 'digits' : 'characters';
    const length = lengthText(constrained.minLength, constrained.maxLength, unit);
    if (length !== undefined) parts.push(length);
    if (typeof constrained.format === 'string') parts.push(`format ${constrained.format}`);
    if (typeof constrained.pattern === 'string') parts.push(`pattern \`${constrained.pattern}\``);
  }
  return parts.length === 0 ? '' : jsDoc(parts.join('; ').split('\n'));
}

/**
 * Words of a line, in lines of at most `width` characters (a longer word stays whole); a list
 * item's continuation lines are indented under its text.
 */
function wrapped(line: string, width: number): string[] {
  const hanging = line.startsWith('- ') ? '  ' : '';
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current.trim() !== '' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = `${hanging}${word}`;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  return [...lines, current];
}

/** A JSDoc comment of these lines, wrapped to sit within the project's print width once indented. */
export function jsDoc(lines: readonly string[]): string {
  const text = lines.flatMap((line) => wrapped(line.replaceAll('*/', '*\\/'), 96));
  return text.length === 1
    ? `/** ${text[0] ?? ''} */\n`
    : `/**\n${text.map((line) => ` * ${line}`.trimEnd()).join('\n')}\n */\n`;
}

function withoutAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnnotations);
  if (!isSchema(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, member]) =>
        // Member names under `properties` are data, not keywords.
        key === 'properties' && isSchema(member)
          ? [
              key,
              Object.fromEntries(Object.entries(member).map(([name, m]) => [name, withoutAnnotations(m)])),
            ]
          : [key, withoutAnnotations(member)],
      ),
  );
}

/**
 * Writes TypeScript types for schemas of one document. Objects with members and long enumerations
 * met as members become named declarations, shared by every place with the same schema, so a block
 * the spec repeats (orderPayerData, fromCard, the language list) is one type.
 */
export class TypeWriter {
  private readonly declarations: string[] = [];
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly components = new Set<string>();

  constructor(private readonly componentSchemas: Readonly<Record<string, Schema>>) {}

  /** Names the caller declares itself, so no hoisted type takes them. */
  reserve(name: string): void {
    this.taken.add(name);
  }

  /** Every declaration written so far (components and hoisted types), in the order first met. */
  written(): readonly string[] {
    return this.declarations;
  }

  /** `export interface Name {…}` for an object schema, `export type Name = …` otherwise. */
  declare(name: string, schema: Schema, direction: Direction, doc = ''): void {
    this.taken.add(name);
    const place = { owner: name, member: '' };
    const body = this.objectBody(schema, direction, place);
    this.declarations.push(
      body === undefined
        ? `${doc}export type ${name} = ${this.typeOf(schema, direction, place)};`
        : `${doc}export interface ${name} ${body}`,
    );
  }

  /** `export type Name = Target;` for a second name of a type already declared. */
  alias(name: string, target: string, doc = ''): void {
    this.taken.add(name);
    this.declarations.push(`${doc}export type ${name} = ${target};`);
  }

  /** Declares a component of the document (#/components/schemas/Name) whether or not a type uses it. */
  declareComponent(name: string, direction: Direction): string {
    return this.reference(`#/components/schemas/${name}`, direction);
  }

  /** The type of a schema; `place` names any declaration hoisted out of it. */
  typeOf(schema: unknown, direction: Direction, place: Place): string {
    if (schema === true) return 'unknown';
    if (schema === false) return 'never';
    if (!isSchema(schema)) return 'unknown';
    const hoisted = this.hoisted(schema, direction, place);
    if (hoisted !== undefined) return hoisted;
    return this.inline(schema, direction, place);
  }

  private inline(schema: Schema, direction: Direction, place: Place): string {
    if (typeof schema.$ref === 'string') return this.reference(schema.$ref, direction);
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) {
      const literals = schema.enum.map(literal);
      if (schema.enum.every((value) => fitsType(schema.type, value))) return union(literals);
      // Values outside the declared type (a boolean listed as "true"/"false") match nothing in JSON
      // Schema; the gateway takes either, so the type does too rather than becoming `never`.
      return union([...literals, this.ownType(schema, direction, place)]);
    }
    const own = this.ownType(schema, direction, place);
    const alternatives = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
    const choice =
      alternatives.length === 0
        ? 'unknown'
        : union(alternatives.map((alternative) => this.typeOf(alternative, direction, place)));
    const all = schemaList(schema.allOf).map((part) => this.typeOf(part, direction, place));
    return intersection([own, choice, ...all]);
  }

  /** What `type` (with properties, items, contentSchema) says, or unknown when it says nothing. */
  private ownType(schema: Schema, direction: Direction, place: Place): string {
    const declared = schema.type;
    const kinds = Array.isArray(declared)
      ? (declared as unknown[])
      : declared === undefined
        ? []
        : [declared];
    if (kinds.length === 0) {
      if (isSchema(schema.properties) || 'additionalProperties' in schema)
        return this.objectType(schema, direction, place);
      if ('items' in schema || 'prefixItems' in schema) return this.arrayType(schema, direction, place);
      return 'unknown';
    }
    return union(
      kinds.map((kind) => {
        switch (kind) {
          case 'string':
            return this.stringType(schema, direction, place);
          case 'integer':
          case 'number':
            return 'number';
          case 'boolean':
            return 'boolean';
          case 'null':
            return 'null';
          case 'array':
            return this.arrayType(schema, direction, place);
          case 'object':
            return this.objectType(schema, direction, place);
          default:
            return 'unknown';
        }
      }),
    );
  }

  private stringType(schema: Schema, direction: Direction, place: Place): string {
    // JSON text in a form parameter: the client encodes an object it is given.
    if (
      direction === 'request' &&
      schema.contentMediaType === 'application/json' &&
      'contentSchema' in schema
    ) {
      return union([this.typeOf(schema.contentSchema, direction, place), 'string']);
    }
    return 'string';
  }

  private arrayType(schema: Schema, direction: Direction, place: Place): string {
    const prefix = direction === 'request' ? 'readonly ' : '';
    const itemPlace = { owner: place.owner, member: `${place.member} item` };
    const tuple = schemaList(schema.prefixItems);
    if (tuple.length > 0) {
      const rest =
        schema.items === false ? [] : [`...${this.typeOf(schema.items ?? true, direction, itemPlace)}[]`];
      return `${prefix}[${[...tuple.map((item) => this.typeOf(item, direction, itemPlace)), ...rest].join(', ')}]`;
    }
    const item = this.typeOf(schema.items ?? true, direction, itemPlace);
    return `${prefix}${parenthesised(item)}[]`;
  }

  private objectType(schema: Schema, direction: Direction, place: Place): string {
    return this.objectBody(schema, direction, place) ?? this.recordType(schema, direction, place);
  }

  /** `{ member: type; … }` for an object with members; undefined for one without. */
  private objectBody(schema: Schema, direction: Direction, place: Place): string | undefined {
    const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
    if (properties.length === 0) return undefined;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const lines = properties.map(([name, member]) => {
      const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
      const optional = required.has(name) ? '' : '?';
      const type = this.typeOf(member, direction, { owner: place.owner, member: name });
      return `${isSchema(member) ? docComment(member) : ''}${key}${optional}: ${type};`;
    });
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== false) lines.push('[member: string]: unknown;');
    return `{\n${lines.join('\n')}\n}`;
  }

  private recordType(schema: Schema, direction: Direction, place: Place): string {
    const extra = schema.additionalProperties;
    if (extra === false) return 'Record<string, never>';
    const value = isSchema(extra)
      ? this.typeOf(extra, direction, { ...place, member: `${place.member} value` })
      : 'unknown';
    return `Record<string, ${value}>`;
  }

  private reference(ref: string, direction: Direction): string {
    const match = /^#\/components\/schemas\/([A-Za-z0-9_.-]+)$/.exec(ref);
    const target = match?.[1] === undefined ? undefined : this.componentSchemas[match[1]];
    if (match?.[1] === undefined || target === undefined) throw new Error(`unresolvable $ref ${ref}`);
    const name = pascal(match[1]);
    if (!this.components.has(name)) {
      this.components.add(name);
      this.declare(name, target, direction, docComment({ description: target.description }));
    }
    return name;
  }

  /** The name of a shared declaration for a member schema worth naming; undefined to write it inline. */
  private hoisted(schema: Schema, direction: Direction, place: Place): string | undefined {
    if (place.member === '') return undefined;
    const members = isSchema(schema.properties) ? Object.keys(schema.properties).length : 0;
    const longEnum = Array.isArray(schema.enum) && schema.enum.length >= NAMED_ENUM_SIZE;
    if (members === 0 && !longEnum) return undefined;
    const key = `${direction} ${JSON.stringify(withoutAnnotations(schema))}`;
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const name = this.freeName(place);
    this.names.set(key, name);
    // Registered before declaring, so a schema that contains itself refers to its own name.
    this.declare(name, { ...schema, description: undefined }, direction);
    return name;
  }

  private freeName(place: Place): string {
    const own = pascal(place.member);
    const candidates = [own, `${pascal(place.owner)}${own}`];
    for (const candidate of candidates) if (!this.taken.has(candidate)) return candidate;
    for (let index = 2; ; index += 1) {
      const numbered = `${candidates[1] ?? own}${index}`;
      if (!this.taken.has(numbered)) return numbered;
    }
  }
}
