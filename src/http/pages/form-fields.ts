import type { FastifyRequest } from 'fastify';
import { hasControlCharacter } from '../../api/params/input-screen.js';
import { RepeatedField } from '../../api/params/param-table.js';
import { parseForm } from '../body-parsers.js';

/**
 * A browser form post (and the query string) as plain fields: the first value of each name. A value
 * with a control character is no value a browser form sends: it counts as absent, so a page answers
 * as it would without it (PostgreSQL refuses NUL in text, so it must never reach a lookup).
 */
export function formFields(request: FastifyRequest): Record<string, string> {
  const fields = rawFormFields(request);
  for (const [name, value] of Object.entries(fields)) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) delete fields[name];
  }
  return fields;
}

function rawFormFields(request: FastifyRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  const query = request.query as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') fields[name] = value[0];
  }
  if (request.method === 'POST' && request.rawBody !== undefined) {
    for (const [name, value] of Object.entries(parseForm(request.rawBody))) {
      if (typeof value === 'string') fields[name] = value;
      else if (value instanceof RepeatedField && typeof value.values[0] === 'string')
        fields[name] = value.values[0];
    }
  }
  return fields;
}
