import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { signatureHeaders } from '../security/request-signing.js';
import { AdminError } from '../services/admin-error.js';

function readOrRefuse(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    throw new AdminError(`cannot read the ${what} file ${path}`);
  }
}

/**
 * `gatehouse sign --key FILE --body FILE`: the X-Hash and X-Signature headers of a request body,
 * as curl -H arguments take them, for trying signed calls (every P2P call) by hand. The body is
 * signed byte for byte: send exactly that file (curl --data-binary @FILE).
 */
export function addSignCommand(program: Command): void {
  program
    .command('sign')
    .description('print the X-Hash and X-Signature headers of a request body (curl -H lines)')
    .requiredOption('--key <file>', "the merchant's RSA private key (PEM)")
    .requiredOption('--body <file>', 'the request body, exactly as it will be sent')
    .option('--json', 'print the headers as JSON')
    .action((flags: { key: string; body: string; json?: boolean }) => {
      let key: KeyObject;
      try {
        key = createPrivateKey(readOrRefuse(flags.key, 'key'));
      } catch (error) {
        if (error instanceof AdminError) throw error;
        throw new AdminError(`${flags.key} holds no private key in PEM`);
      }
      if (key.asymmetricKeyType !== 'rsa') throw new AdminError(`${flags.key} is not an RSA key`);
      const headers = signatureHeaders(readOrRefuse(flags.body, 'body'), key);
      if (flags.json === true) {
        process.stdout.write(`${JSON.stringify(headers)}\n`);
        return;
      }
      for (const [name, value] of Object.entries(headers)) process.stdout.write(`${name}: ${value}\n`);
    });
}
