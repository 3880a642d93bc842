import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Operation, OperationContext } from '../api/operation.js';
import { screenRawParams } from '../api/params/input-screen.js';
import {
  gatedParamsPresent,
  RepeatedField,
  validateParams,
  type RawParams,
} from '../api/params/param-table.js';
import type { Clock } from '../domain/clock.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages.js';
import { invalidParam, Refusal } from '../domain/refusals.js';
import { translate } from '../i18n/translate.js';
import type { Authenticator } from '../services/authenticator.js';
import type { MerchantContext } from '../services/merchant-context.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import type { CertificateSource } from '../services/merchant-certificates.js';
import { FORM_TYPE, JSON_TYPE, parseForm, parseJson } from './body-parsers.js';
import { answerSerializer } from './answer-serializer.js';
import { refusalBody } from './envelope.js';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf, type Idempotency } from './idempotency.js';
import type { RateLimiter } from './rate-limiter.js';
import { setRetryAfter } from './retry-after.js';
import { checkRequestSignature } from './request-signature.js';
import { certificateKey } from '../security/certificate-keys.js';

const JSON_UTF8 = 'application/json; charset=utf-8';

export interface OperationDeps {
  readonly authenticator: Authenticator;
  readonly directory: MerchantDirectory;
  readonly merchants: CertificateSource;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  readonly idempotency: Idempotency;
}

/** A credential parameter: absent, or one text value; a repeated one is refused like any other. */
function credential(raw: RawParams, name: string): string | undefined {
  const value = raw[name];
  if (value instanceof RepeatedField) throw invalidParam(name, 'reason.single');
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function languageOf(raw: RawParams | undefined, fallback: Language): Language {
  const requested = raw === undefined ? undefined : raw.language;
  return isLanguage(requested) ? requested : fallback;
}

function decodeBody(operation: Operation, request: FastifyRequest): RawParams {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const expected = operation.encoding === 'form' ? FORM_TYPE : JSON_TYPE;
  const body = request.rawBody ?? Buffer.alloc(0);
  if (contentType === '' && body.length === 0) return {};
  if (contentType !== expected) {
    throw new Refusal('CONTENT_TYPE_UNSUPPORTED', { type: contentType || '(none)', expected });
  }
  return operation.encoding === 'form' ? parseForm(body) : parseJson(body);
}

/** The caller's certificates that are valid now; an expired certificate no longer verifies anything. */
async function verificationKeys(
  merchants: CertificateSource,
  merchantId: string,
  nowMs: number,
): Promise<KeyObject[]> {
  const certificates = await merchants.certificatesOf(merchantId);
  return certificates
    .map((certificate) => certificateKey(certificate.pem))
    .filter((key) => key.validFromMs <= nowMs && nowMs <= key.validToMs)
    .map((key) => key.publicKey);
}

/**
 * The fixed path of every API call: address and method, body, authentication, limits, signature,
 * parameters, permissions, acting merchant, then the operation, once per Idempotency-Key when
 * the operation mutates. Each step refuses with the spec's envelope in the request's language.
 */
export function registerOperation(app: FastifyInstance, operation: Operation, deps: OperationDeps): void {
  const gatedParams = operation.params.filter((def) => def.permission !== undefined);
  const serialize = operation.fastAnswer === true ? answerSerializer(operation.answer) : undefined;

  async function run(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let raw: RawParams | undefined;
    let language: Language = DEFAULT_LANGUAGE;
    let release: (() => void) | undefined;
    try {
      if (request.url.includes('?') && request.url.slice(request.url.indexOf('?') + 1) !== '') {
        throw new Refusal('PARAMS_IN_URL');
      }
      if (request.method !== 'POST') throw new Refusal('METHOD_NOT_ALLOWED');
      raw = decodeBody(operation, request);
      language = languageOf(raw, DEFAULT_LANGUAGE);
      screenRawParams(operation.params, raw);
      const idempotencyKey = operation.mutates === true ? idempotencyKeyOf(request) : undefined;
      const { merchant: caller, principal } =
        operation.identifiedBy === 'merchant'
          ? await deps.authenticator.identify(credential(raw, 'merchant'))
          : await deps.authenticator.authenticate({
              userName: credential(
                raw,
                operation.encoding === 'json' && raw.username !== undefined ? 'username' : 'userName',
              ),
              password: credential(raw, 'password'),
              token: credential(raw, 'token'),
            });
      language = languageOf(raw, caller.defaultLanguage);
      release = deps.rateLimiter.acquire(principal, caller.rateLimitPerSecond, caller.concurrentLimit);
      const checkSignature = async () =>
        checkRequestSignature(
          request.rawBody ?? Buffer.alloc(0),
          request.headers['x-hash'] as string | undefined,
          request.headers['x-signature'] as string | undefined,
          await verificationKeys(deps.merchants, caller.id, deps.clock.nowMs()),
        );
      if (caller.requireSignature || operation.alwaysSigned === true) await checkSignature();
      const params = validateParams(operation.params, raw);
      const merchant: MerchantContext =
        operation.onBehalfParam === undefined
          ? caller
          : await deps.directory.actingFor(caller, params[operation.onBehalfParam] as string | undefined);
      // A merchant that requires signed requests cannot be acted for by an unsigned one either.
      if (merchant.requireSignature && !caller.requireSignature && operation.alwaysSigned !== true) {
        await checkSignature();
      }
      for (const def of gatedParamsPresent(gatedParams, params)) {
        if (def.permission !== undefined && !merchant.permissions.has(def.permission)) {
          throw new Refusal('PERMISSION_REQUIRED', { feature: def.name });
        }
      }
      if (
        operation.requiredPermission !== undefined &&
        !merchant.permissions.has(operation.requiredPermission)
      ) {
        throw new Refusal('PERMISSION_REQUIRED', {
          feature: operation.path.slice(operation.path.lastIndexOf('/') + 1),
        });
      }
      const context: OperationContext = {
        merchant,
        caller,
        language,
        nowMs: deps.clock.nowMs(),
        clientIp: request.ip,
        requestId: request.id,
        message: (key, vars) => translate(language, vars === undefined ? { key } : { key, vars }),
      };
      if (idempotencyKey === undefined) {
        const answer = await operation.handle(params, context);
        request.errorCode = errorCodeOf(answer);
        await (serialize === undefined
          ? reply.code(200).send(answer)
          : reply.code(200).type(JSON_UTF8).send(serialize(answer)));
      } else {
        const answer = await deps.idempotency.execute(
          {
            merchantId: caller.id,
            key: idempotencyKey,
            path: operation.path,
            rawBody: request.rawBody ?? Buffer.alloc(0),
          },
          request.log,
          () => operation.handle(params, context),
          (refusal) => refusalBody(refusal, language, operation.envelope),
        );
        if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        await reply.code(answer.status).type(JSON_UTF8).send(answer.text);
      }
    } catch (error) {
      let refusal: Refusal;
      if (error instanceof Refusal) {
        refusal = error;
        request.log.info({ refusal: error.key, errorCode: error.errorCode }, 'request refused');
      } else {
        refusal = new Refusal('SYSTEM_ERROR');
        request.log.error({ err: error, operation: operation.path }, 'operation failed');
      }
      request.errorCode = refusal.errorCode;
      setRetryAfter(reply, refusal, error);
      await reply.code(refusal.httpStatus).send(refusalBody(refusal, language, operation.envelope));
    } finally {
      release?.();
    }
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: operation.path,
    handler: run,
  });
}

/**
 * The errorCode an answer carries, for the metrics: its member, or 0 for an answer that has none
 * (register.do's success, a wallet's `success`); refusals are counted with their own code.
 */
function errorCodeOf(answer: unknown): string {
  const errorCode = (answer as { errorCode?: unknown }).errorCode;
  return typeof errorCode === 'string' ? errorCode : '0';
}
