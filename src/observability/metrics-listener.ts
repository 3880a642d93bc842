import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * GET /metrics in the Prometheus text format, on a listener of its own (GATEHOUSE_METRICS_PORT),
 * so the API's port never exposes it and a scrape never waits behind the API's requests.
 */
export async function listenForScrapes(
  host: string,
  port: number,
  text: () => Promise<string>,
): Promise<{ readonly server: Server; readonly url: string }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
      return;
    }
    text().then(
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
