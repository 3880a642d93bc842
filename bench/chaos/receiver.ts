import { createServer, type Server } from 'node:http';
import { callbackSigningString, hmacChecksum } from '../../src/domain/callback-checksum.js';

/**
 * The chaos run's merchant endpoint: like test/support/callback-listener.ts, but it can be told to
 * answer 500 for a while (a merchant's outage), and it keeps, per signed text, whether a copy with
 * a checksum that verifies under the merchant's key was answered 200.
 */
export interface ChaosReceiver {
  readonly url: string;
  /** While true every callback is answered 500 and does not count as received. */
  failing: boolean;
  /** Signed texts (callback-checksum.ts) of callbacks answered 200 with a verifying checksum. */
  readonly verified: Set<string>;
  /** Callbacks answered 200 whose checksum did not verify. */
  readonly badChecksums: string[];
  /** All callbacks that arrived, and those answered 500. */
  readonly counts: { arrived: number; refused: number };
  close(): Promise<void>;
}

export async function startChaosReceiver(key: string): Promise<ChaosReceiver> {
  const receiver: ChaosReceiver = {
    url: '',
    failing: false,
    verified: new Set(),
    badChecksums: [],
    counts: { arrived: 0, refused: 0 },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.counts.arrived += 1;
      if (receiver.failing) {
        receiver.counts.refused += 1;
        response.writeHead(500).end('down for a while');
        return;
      }
      // GET callbacks carry the parameters in the query, POST ones in the body.
      const query = new URL(request.url ?? '/', 'http://receiver').searchParams;
      const params: Record<string, string> = Object.fromEntries(
        body === '' ? query : new URLSearchParams(body),
      );
      const { checksum, ...signed } = params;
      if (checksum !== undefined && checksum === hmacChecksum(signed, key)) {
        receiver.verified.add(callbackSigningString(signed));
      } else {
        receiver.badChecksums.push(JSON.stringify(params));
      }
      response.writeHead(200).end('OK');
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return Object.assign(receiver, { url: `http://127.0.0.1:${port}/callback` });
}
