import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { EnvelopeStyle, Operation } from '../api/operation.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { maskCardNumbersIn } from '../domain/pan.js';
import { Refusal } from '../domain/refusals.js';
import { registerBodyParsers } from './body-parsers.js';
import { requestIdFrom } from './request-id.js';
import { setRetryAfter, UNAVAILABLE_RETRY_AFTER_S } from './retry-after.js';
import type { Readiness } from '../services/serving-availability.js';
import type { GatehouseMetrics } from '../observability/metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The errorCode of the answer (the spec's), for the metrics; empty when it has none. */
    errorCode: string;
  }
}

import { refusalBody } from './envelope.js';
import { merchantApi } from './merchant-api.js';
import { paramsInUrl, type OperationDeps } from './operation-route.js';

export interface HttpAppOptions {
  readonly logger: NonNullable<FastifyServerOptions['loggerInstance']>;
  readonly bodyLimitBytes: number;
  readonly operations: readonly Operation[];
  readonly deps: OperationDeps;
  /** Counts and times every request (GET /metrics on its own listener). */
  readonly metrics: GatehouseMetrics;
  /** GET /ready: whether the node can serve (its database answers, its migrations are applied). */
  readonly readiness: () => Promise<Readiness>;
  /**
   * Registers the browser-facing surfaces (3-D Secure, the ACS, the pages, the console, the API
   * docs), each a plugin of its own on the root app, beside the merchant API's.
   */
  readonly pages?: (app: FastifyInstance) => void;
}

/** Fastify error codes that mean the request itself could not be read. */
function refusalForFrameworkError(
  error: { code?: string; statusCode?: number },
  bodyLimitBytes: number,
): Refusal | undefined {
  switch (error.code ?? '') {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Refusal('BODY_TOO_LARGE', { limit: bodyLimitBytes });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Refusal('BODY_MALFORMED', { encoding: 'the declared content type' });
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? new Refusal('BODY_MALFORMED', { encoding: 'the declared content type' })
        : undefined;
  }
}

/** The path of an address no route takes, as logged and echoed: a card number in it is masked. */
/** The route a request counts under: its own, or the operation whose address it called. */
type RouteOf = (request: FastifyRequest) => string | undefined;

function unknownAddress(url: string): string {
  return maskCardNumbersIn(url.split('?')[0] ?? '');
}

/** The Fastify instance with the options every route shares (ids, routing, malformed requests). */
function fastifyFor(options: HttpAppOptions): FastifyInstance {
  return Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // X-Request-Id: the caller's when it is a plain token, else a new one; request.log binds it.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    // An address that is not valid percent-encoding never reaches routing; answer it with the envelope.
    frameworkErrors: (_error, request, reply) => {
      const plainReply = reply as unknown as FastifyReply;
      void plainReply
        .code(400)
        .header('x-request-id', request.id)
        .send(refusalBody(new Refusal('BODY_MALFORMED', { encoding: 'a URL' }), DEFAULT_LANGUAGE, 'rest'));
    },
    // A request Node's HTTP parser cannot read has no route at all: write the envelope on the socket.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return;
      const body = JSON.stringify(
        refusalBody(new Refusal('BODY_MALFORMED', { encoding: 'HTTP/1.1' }), DEFAULT_LANGUAGE, 'rest'),
      );
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestIdFrom(undefined)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
}

/** Request ids on every answer (each names its request), and a line in the access log and the metrics for every request. */
function observeRequests(app: FastifyInstance, options: HttpAppOptions, routeOf: RouteOf): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  // One line per request, after the response: method, path (never the body), status and time. Its
  // members are these fixed ones, never card data, so its logger skips the redaction pass that pino
  // otherwise runs on every member of every line (docs/history/performance-journal.md, change 18).
  const accessLog = options.logger.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    options.metrics.http(
      routeOf(request) ?? 'unmatched',
      request.method,
      reply.statusCode,
      request.errorCode,
      reply.elapsedTime / 1000,
    );
    accessLog.info(
      {
        reqId: request.id,
        method: request.method,
        path: request.routeOptions.url ?? unknownAddress(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    done();
  });
}

/**
 * An address no route takes answers with the envelope; an operation's address with a method no
 * route takes (PROPFIND, TRACE...) exists: a wrong method.
 */
function answerUnknownAddresses(app: FastifyInstance, envelopes: ReadonlyMap<string, EnvelopeStyle>): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = unknownAddress(request.url);
    const style = envelopes.get(path);
    if (style !== undefined) {
      // Operations are routed for POST only (operation-route.ts): any other method, and a call
      // carrying its parameters in the URL, is refused here in the order the operation would.
      const refusal = new Refusal(paramsInUrl(request.url) ? 'PARAMS_IN_URL' : 'METHOD_NOT_ALLOWED');
      request.errorCode = refusal.errorCode;
      await reply.code(refusal.httpStatus).send(refusalBody(refusal, DEFAULT_LANGUAGE, style));
      return;
    }
    const refusal = new Refusal('UNKNOWN_ADDRESS', { path });
    request.errorCode = refusal.errorCode;
    await reply.code(404).send(refusalBody(refusal, DEFAULT_LANGUAGE, 'rest'));
  });
}

/**
 * The fallback: whatever escapes an operation becomes its envelope (REST, or the wallets'
 * {success, error}), never a framework body.
 */
function answerErrors(
  app: FastifyInstance,
  options: HttpAppOptions,
  envelopeOf: (request: FastifyRequest) => EnvelopeStyle,
): void {
  app.setErrorHandler(async (error, request, reply) => {
    const known =
      error instanceof Refusal
        ? error
        : refusalForFrameworkError(error as { code?: string; statusCode?: number }, options.bodyLimitBytes);
    if (known !== undefined) {
      request.errorCode = known.errorCode;
      request.log.info({ refusal: known.key }, 'request refused');
      await reply.code(known.httpStatus).send(refusalBody(known, DEFAULT_LANGUAGE, envelopeOf(request)));
      return;
    }
    const refusal = new Refusal('SYSTEM_ERROR');
    request.errorCode = refusal.errorCode;
    request.log.error({ err: error }, 'unhandled error');
    setRetryAfter(reply, refusal, error);
    await reply.code(500).send(refusalBody(refusal, DEFAULT_LANGUAGE, envelopeOf(request)));
  });
}

/** GET /health (the process answers) and GET /ready (it can serve). */
function probes(app: FastifyInstance, options: HttpAppOptions): void {
  app.get('/health', () => Promise.resolve({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const state = await options.readiness();
    void reply.header('cache-control', 'no-store');
    if (state.ready) return { status: 'ready' };
    await reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      .send({ status: 'not ready', reason: state.reason });
    return reply;
  });
}

/**
 * The app: what every route shares is set on the root instance (ids, body parsers, the access
 * log and metrics, the 404 and error envelopes), so that each surface, a plugin of its own
 * registered below it, inherits it through Fastify's encapsulation.
 */
export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  // A refusal made before an operation runs (body limit, content type, method) still has the
  // operation's envelope: getOrderStatus.do's capitalised members, instantPayment.do's `error`.
  const envelopes = new Map<string, EnvelopeStyle>(options.operations.map((op) => [op.path, op.envelope]));
  // The route a request took; a wrong method on an operation's address has no route of its own
  // (only POST is routed) but still counts, and is refused, as that operation's.
  const routeOf: RouteOf = (request) => {
    if (request.routeOptions.url !== undefined) return request.routeOptions.url;
    const path = unknownAddress(request.url);
    return envelopes.has(path) ? path : undefined;
  };
  const envelopeOf = (request: FastifyRequest): EnvelopeStyle => {
    const route = routeOf(request);
    return (route === undefined ? undefined : envelopes.get(route)) ?? 'rest';
  };
  const app = fastifyFor(options);
  registerBodyParsers(app);
  app.decorateRequest('errorCode', '');
  observeRequests(app, options, routeOf);
  answerUnknownAddresses(app, envelopes);
  answerErrors(app, options, envelopeOf);
  probes(app, options);
  await app.register(merchantApi, { operations: options.operations, deps: options.deps });
  options.pages?.(app);
  await app.ready();
  return app;
}
