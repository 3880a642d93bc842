import { answerProblems } from './answer-validation.js';
import { isSystemError } from './system-error.js';

/**
 * A fetch for clients under test (the typed client) that holds their answers to what the suite's
 * own client holds its answers to: docs/openapi.json describes every JSON answer, and no 5xx or
 * system error passes unnoticed. The answer is handed on unchanged.
 */
export const checkedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const text = await response.text();
  const url = new URL(input instanceof Request ? input.url : String(input));
  const what = `${init?.method ?? 'GET'} ${url.pathname} answered HTTP ${response.status}`;
  if (response.status >= 500) throw new Error(`${what}, a server error: ${text.slice(0, 500)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what} with no JSON: ${text.slice(0, 200)}`);
  }
  if (isSystemError(body)) throw new Error(`${what} with a system error: ${text.slice(0, 500)}`);
  const problems = answerProblems(url.pathname, response.status, body);
  if (problems.length > 0) {
    throw new Error(`${what}, not as docs/openapi.json says: ${problems.join('; ')}: ${text.slice(0, 500)}`);
  }
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};
