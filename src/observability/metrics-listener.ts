import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from '../store-engine/index.js';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface ScrapeSources {
  readonly text: () => Promise<string>;
  /**
   * GET /ready with the failure's detail (the database's host and port, the missing migrations),
   * which the API port keeps to itself; absent (404) where no store is open (a cluster primary).
   */
  readonly readiness?: () => Promise<Readiness>;
}

function answerReadiness(readiness: () => Promise<Readiness>, response: ServerResponse): void {
  readiness().then(
    (state) => {
      const body = state.ready
        ? { status: 'ready' }
        : { status: 'not ready', reason: state.reason, detail: state.detail };
      response
        .writeHead(state.ready ? 200 : 503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        })
        .end(JSON.stringify(body));
    },
    (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
  );
}

/**
 * GET /metrics in the Prometheus text format, on a listener of its own (GATEHOUSE_METRICS_PORT),
 * so the API's port never exposes it and a scrape never waits behind the API's requests.
 */
export async function listenForScrapes(
  host: string,
  port: number,
  sources: ScrapeSources,
): Promise<{ readonly server: Server; readonly url: string }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/ready' && sources.readiness !== undefined) {
      answerReadiness(sources.readiness, response);
      return;
    }
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
      return;
    }
    sources.text().then(
      (body) => response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(body),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics unavailable: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}/metrics` };
}
