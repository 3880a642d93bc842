import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.js';

export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * JSON lines on stdout (or `file`: a path, or a descriptor such as 2), buffered: a busy server writes 4 KiB at a time instead of a
 * syscall per line, and a quiet one flushes every 250 ms, so a line never waits longer than that.
 */
export function createLogger(config: Config, file?: string | number): Logger {
  const destination = pino.destination({ dest: file ?? 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  return pino(
    {
      level: config.logLevel,
      base: { service: 'gatehouse' },
      // Bodies are never logged; these paths are a second line of defence for card data and secrets.
      redact: {
        paths: ['pan', 'cvc', 'password', 'token', '*.pan', '*.cvc', '*.password', '*.token', 'req.body'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
