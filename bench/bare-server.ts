import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { parse } from 'node:querystring';

/**
 * The baseline: node:http reading the same form bodies and answering a JSON body of the size
 * Gatehouse answers for that path (BARE_RESPONSE_SIZES, as JSON {path: bytes}). Paths listed in
 * BARE_ORDER_ID_PATHS (JSON array) answer a fresh `orderId` too, so a two-request cycle (hold, then
 * capture with the hold's orderId) runs the same shape against the bare server as against Gatehouse.
 */
const sizes = JSON.parse(process.env.BARE_RESPONSE_SIZES ?? '{}') as Record<string, number>;
const orderIdPaths = new Set(JSON.parse(process.env.BARE_ORDER_ID_PATHS ?? '[]') as string[]);
const UUID_LENGTH = 36;

/** Builds the answer for a path: a JSON object of the given size, with a fresh orderId if asked. */
function answerFor(path: string, size: number): () => string {
  if (!orderIdPaths.has(path)) {
    const shell = JSON.stringify({ errorCode: '0', padding: '' });
    const body = JSON.stringify({ errorCode: '0', padding: 'x'.repeat(Math.max(0, size - shell.length)) });
    return () => body;
  }
  const shell = JSON.stringify({ errorCode: '0', orderId: 'x'.repeat(UUID_LENGTH), padding: '' });
  const head = '{"errorCode":"0","orderId":"';
  const tail = `","padding":"${'x'.repeat(Math.max(0, size - shell.length))}"}`;
  return () => `${head}${randomUUID()}${tail}`;
}

const answers = new Map(Object.entries(sizes).map(([path, size]) => [path, answerFor(path, size)]));

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const params = parse(Buffer.concat(chunks).toString('utf8'));
    const answer = answers.get(request.url ?? '');
    const body = answer ? answer() : JSON.stringify({ errorCode: '5', seen: Object.keys(params).length });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
