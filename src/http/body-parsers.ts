import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { RepeatedField, type RawParams } from '../api/params/param-table.js';
import { Refusal } from '../domain/refusals.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for X-Hash and X-Signature. */
    rawBody: Buffer | undefined;
  }
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const JSON_TYPE = 'application/json';

export function parseForm(body: Buffer): RawParams {
  const decoded = parseQueryString(body.toString('utf8'));
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(decoded)) {
    params[name] = Array.isArray(value) ? new RepeatedField(value) : value;
  }
  return params;
}

export function parseJson(body: Buffer): RawParams {
  let value: unknown;
  try {
    value = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    throw new Refusal('BODY_MALFORMED', { encoding: 'JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refusal('BODY_MALFORMED', { encoding: 'JSON' });
  }
  return value as RawParams;
}

/**
 * Both encodings are read as raw bytes first, kept on the request, then decoded. Any other content
 * type is accepted as bytes here and refused by the operation with the envelope, never by a
 * framework default body.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.decorateRequest('rawBody', undefined);
  app.removeAllContentTypeParsers();
  for (const type of [FORM_TYPE, JSON_TYPE]) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      done(null, body);
    });
  }
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, body);
  });
}
