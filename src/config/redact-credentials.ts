const REDACTED = '[redacted]';

/** `scheme://user:password@`: the password is whatever lies between the user's colon and the last `@`. */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@"']*):\S*@/gi;
/** libpq's `password=…`, a query string's `password=…`, and their kin (sslpassword, passwd, pwd). */
const KEY_VALUE_PASSWORD = /\b(\w*pass(?:word|wd)?|pwd)(\s*=\s*)('[^']*'|"[^"]*"|[^\s&;"']*)/gi;

/**
 * `text` with every credential it may carry blanked out: an operator pastes configuration
 * messages into tickets and chats, and a refused value is echoed so the operator sees the typo.
 */
export function redactCredentials(text: string): string {
  return text.replace(URL_PASSWORD, `$1:${REDACTED}@`).replace(KEY_VALUE_PASSWORD, `$1$2${REDACTED}`);
}
