import { createServer, type Server } from 'node:http';

/**
 * A merchant's callback endpoint: records every form it receives and answers 200. `requestIds`
 * holds, at the same index, the X-Request-Id header each callback came with.
 */
export async function listenForCallbacks(): Promise<{
  url: string;
  received: Record<string, string>[];
  requestIds: (string | undefined)[];
  server: Server;
}> {
  const received: Record<string, string>[] = [];
  const requestIds: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      const requestId = request.headers['x-request-id'];
      requestIds.push(typeof requestId === 'string' ? requestId : undefined);
      response.writeHead(200).end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/callback`, received, requestIds, server };
}
