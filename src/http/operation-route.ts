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
import type { Clock, MerchantScope } from '../domain/clock.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages.js';
import { invalidParam, Refusal } from '../domain/refusals.js';
import { translate } from '../i18n/translate.js';
import type { Authenticator } from '../services/authenticator.js';
import type { MerchantContext } from '../services/merchant-context.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import type { CertificateSource } from '../services/merchant-certificates.js';
import { FORM_TYPE, JSON_TYPE, parseForm, parseJson } from './body-parsers.js';
import { answerSerializer, type AnswerSerializer } from './answer-serializer.js';
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
  /** The operation runs on the acting merchant's clock (its sandbox test clock, issue 45). */
  readonly scope: MerchantScope;
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

/** The query string of a call, when it has one: the spec's calls carry their parameters in the body. */
export function paramsInUrl(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && query < url.length - 1;
}

/** Who calls and in which language, once the body is read and the caller authenticated. */
interface Admitted {
  readonly raw: RawParams;
  readonly language: Language;
  readonly caller: MerchantContext;
  readonly principal: string;
  readonly idempotencyKey: string | undefined;
}

/** An operation with what its calls share: the parameters a permission gates and its serializer. */
interface OperationRoute {
  readonly operation: Operation;
  readonly deps: OperationDeps;
  readonly gatedParams: Operation['params'];
  readonly serialize: AnswerSerializer | undefined;
}

/** The request's body and caller; the language follows the caller's default once it is known. */
async function admit(
  route: OperationRoute,
  request: FastifyRequest,
  onLanguage: (language: Language) => void,
): Promise<Admitted> {
  if (paramsInUrl(request.url)) throw new Refusal('PARAMS_IN_URL');
  const raw = decodeBody(route.operation, request);
  onLanguage(languageOf(raw, DEFAULT_LANGUAGE));
  screenRawParams(route.operation.params, raw);
  const idempotencyKey = route.operation.mutates === true ? idempotencyKeyOf(request) : undefined;
  const { merchant: caller, principal } =
    route.operation.identifiedBy === 'merchant'
      ? await route.deps.authenticator.identify(credential(raw, 'merchant'))
      : await route.deps.authenticator.authenticate({
          userName: credential(
            raw,
            route.operation.encoding === 'json' && raw.username !== undefined ? 'username' : 'userName',
          ),
          password: credential(raw, 'password'),
          token: credential(raw, 'token'),
        });
  const language = languageOf(raw, caller.defaultLanguage);
  onLanguage(language);
  return { raw, language, caller, principal, idempotencyKey };
}

/** The merchant the call acts for, its signature checked and its permissions held. */
async function actingMerchant(
  route: OperationRoute,

  request: FastifyRequest,
  { caller }: Admitted,
  params: Record<string, unknown>,
): Promise<MerchantContext> {
  const checkSignature = async () =>
    checkRequestSignature(
      request.rawBody ?? Buffer.alloc(0),
      request.headers['x-hash'] as string | undefined,
      request.headers['x-signature'] as string | undefined,
      await verificationKeys(route.deps.merchants, caller.id, route.deps.clock.nowMs()),
    );
  if (caller.requireSignature || route.operation.alwaysSigned === true) await checkSignature();
  const merchant: MerchantContext =
    route.operation.onBehalfParam === undefined
      ? caller
      : await route.deps.directory.actingFor(
          caller,
          params[route.operation.onBehalfParam] as string | undefined,
        );
  // A merchant that requires signed requests cannot be acted for by an unsigned one either.
  if (merchant.requireSignature && !caller.requireSignature && route.operation.alwaysSigned !== true) {
    await checkSignature();
  }
  for (const def of gatedParamsPresent(route.gatedParams, params)) {
    if (def.permission !== undefined && !merchant.permissions.has(def.permission)) {
      throw new Refusal('PERMISSION_REQUIRED', { feature: def.name });
    }
  }
  if (
    route.operation.requiredPermission !== undefined &&
    !merchant.permissions.has(route.operation.requiredPermission)
  ) {
    throw new Refusal('PERMISSION_REQUIRED', {
      feature: route.operation.path.slice(route.operation.path.lastIndexOf('/') + 1),
    });
  }
  return merchant;
}

/** The operation's answer, run once per Idempotency-Key when the operation mutates. */
async function answer(
  route: OperationRoute,

  request: FastifyRequest,
  reply: FastifyReply,
  admitted: Admitted,
  params: Record<string, unknown>,
  context: OperationContext,
): Promise<void> {
  const { idempotencyKey } = admitted;
  if (idempotencyKey === undefined) {
    const answer = await route.operation.handle(params, context);
    request.errorCode = errorCodeOf(answer);
    await (route.serialize === undefined
      ? reply.code(200).send(answer)
      : reply.code(200).type(JSON_UTF8).send(route.serialize(answer)));
    return;
  }
  const stored = await route.deps.idempotency.execute(
    {
      merchantId: admitted.caller.id,
      key: idempotencyKey,
      path: route.operation.path,
      rawBody: request.rawBody ?? Buffer.alloc(0),
    },
    request.log,
    () => route.operation.handle(params, context),
    (refusal) => refusalBody(refusal, admitted.language, route.operation.envelope),
  );
  if (stored.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  await reply.code(stored.status).type(JSON_UTF8).send(stored.text);
}

async function refuse(
  route: OperationRoute,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  language: Language,
) {
  let refusal: Refusal;
  if (error instanceof Refusal) {
    refusal = error;
    request.log.info({ refusal: error.key, errorCode: error.errorCode }, 'request refused');
  } else {
    refusal = new Refusal('SYSTEM_ERROR');
    request.log.error({ err: error, operation: route.operation.path }, 'operation failed');
  }
  request.errorCode = refusal.errorCode;
  setRetryAfter(reply, refusal, error);
  await reply.code(refusal.httpStatus).send(refusalBody(refusal, language, route.operation.envelope));
}

async function run(route: OperationRoute, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let language: Language = DEFAULT_LANGUAGE;
  let release: (() => void) | undefined;
  try {
    const admitted = await admit(route, request, (known) => (language = known));
    release = route.deps.rateLimiter.acquire(
      admitted.principal,
      admitted.caller.rateLimitPerSecond,
      admitted.caller.concurrentLimit,
    );
    const params = validateParams(route.operation.params, admitted.raw);
    const merchant = await actingMerchant(route, request, admitted, params);
    await route.deps.scope.within(merchant.id, () => {
      const context: OperationContext = {
        merchant,
        caller: admitted.caller,
        language,
        nowMs: route.deps.clock.nowMs(),
        clientIp: request.ip,
        requestId: request.id,
        message: (key, vars) => translate(language, vars === undefined ? { key } : { key, vars }),
      };
      return answer(route, request, reply, admitted, params, context);
    });
  } catch (error) {
    await refuse(route, request, reply, error, language);
  } finally {
    release?.();
  }
}

/**
 * The fixed path of every API call: address, body, authentication, limits, signature,
 * parameters, permissions, acting merchant, then the operation, once per Idempotency-Key when
 * the operation mutates. Each step refuses with the spec's envelope in the request's language.
 * Only POST is routed: an operation's address called with another method is answered by the
 * not-found handler (http/app.ts), which saves six router entries per operation at every start.
 */
export function registerOperation(app: FastifyInstance, operation: Operation, deps: OperationDeps): void {
  const route: OperationRoute = {
    operation,
    deps,
    gatedParams: operation.params.filter((def) => def.permission !== undefined),
    serialize: operation.fastAnswer === true ? answerSerializer(operation.answer) : undefined,
  };
  app.route({ method: 'POST', url: operation.path, handler: (request, reply) => run(route, request, reply) });
}

/**
 * The errorCode an answer carries, for the metrics: its member, or 0 for an answer that has none
 * (register.do's success, a wallet's `success`); refusals are counted with their own code.
 */
function errorCodeOf(answer: unknown): string {
  const errorCode = (answer as { errorCode?: unknown }).errorCode;
  return typeof errorCode === 'string' ? errorCode : '0';
}
