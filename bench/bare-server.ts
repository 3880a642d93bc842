import { createServer } from 'node:http';
import { parse } from 'node:querystring';

/**
 * The baseline: node:http reading the same form bodies and answering a JSON body of the size
 * Gatehouse answers for that path (BARE_RESPONSE_SIZES, as JSON {path: bytes}).
 */
const sizes = JSON.parse(process.env.BARE_RESPONSE_SIZES ?? '{}') as Record<string, number>;
const bodies = new Map(
  Object.entries(sizes).map(([path, size]) => {
    const shell = JSON.stringify({ errorCode: '0', padding: '' });
    return [path, JSON.stringify({ errorCode: '0', padding: 'x'.repeat(Math.max(0, size - shell.length)) })];
  }),
);

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const params = parse(Buffer.concat(chunks).toString('utf8'));
    const body =
      bodies.get(request.url ?? '') ?? JSON.stringify({ errorCode: '5', seen: Object.keys(params).length });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
