import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Marks markup that is already safe, so templates can nest without escaping twice. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** A tagged template that escapes every interpolated value unless it is Html (or an array of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error('html templates take text, numbers and Html only');
}

export interface PagePolicy {
  /** Where forms on the page may post, and where those posts may redirect. */
  readonly formAction: readonly string[];
  /** Who may show the page in a frame: 'none' for the payment page, '*' for 3DS Method pages. */
  readonly frameAncestors: 'none' | '*';
  /** Frames the page may show (the ACS's). */
  readonly frameSources?: readonly string[];
  /** Addresses the page's script may fetch. */
  readonly connectSources?: readonly string[];
  /** Where script files may come from besides the nonce'd inline script ("'self'" for the console's charts). */
  readonly scriptSources?: readonly string[];
}

export interface Page {
  readonly lang: string;
  readonly title: string;
  readonly body: Html;
  readonly style?: string;
  readonly script?: string;
  /** JSON for the page's script (messages), in a non-executed script element. */
  readonly data?: string;
}

/** Origin of an absolute URL, for CSP source lists. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * Sends a page with a policy that allows nothing it does not name: inline style and script only
 * with this response's nonce, no caching (card pages), no framing unless the policy allows it.
 */
export async function sendPage(
  reply: FastifyReply,
  page: Page,
  policy: PagePolicy,
  status = 200,
): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  const unique = (values: readonly string[]) => [...new Set(values)].join(' ');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src ${unique([`'nonce-${nonce}'`, ...(policy.scriptSources ?? [])])}`,
    "img-src 'self' data:",
    `form-action ${unique(["'self'", ...policy.formAction])}`,
    `frame-src ${policy.frameSources === undefined ? "'none'" : unique(["'self'", ...policy.frameSources])}`,
    `connect-src ${unique(["'self'", ...(policy.connectSources ?? [])])}`,
    `frame-ancestors ${policy.frameAncestors === 'none' ? "'none'" : '*'}`,
    "base-uri 'none'",
  ].join('; ');
  const document = html`<!doctype html>
    <html lang="${page.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${page.title}</title>
        <style nonce="${nonce}">
          ${new Html(BASE_STYLE + (page.style ?? ''))}
        </style>
      </head>
      <body>
        ${page.body}
        ${page.data === undefined ? '' : new Html(`<script type="application/json" id="page-data">${page.data.replace(/</g, '\\u003c')}</script>`)}
        ${page.script === undefined ? '' : new Html(`<script nonce="${nonce}">${page.script}</script>`)}
      </body>
    </html> `;
  void reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
  if (policy.frameAncestors === 'none') void reply.header('x-frame-options', 'DENY');
  await reply.send(document.markup);
}

/**
 * A page that posts `fields` to `action` by itself (the 3-D Secure hand-overs), with a button
 * for a browser without JavaScript.
 */
export function autoPostBody(
  action: string,
  fields: Readonly<Record<string, string>>,
  message: string,
  button: string,
  target?: string,
): { body: Html; script: string } {
  const inputs = Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  return {
    body: html`<main class="handover">
      <p>${message}</p>
      <form
        id="handover"
        method="post"
        action="${action}"
        ${target === undefined ? '' : new Html(` target="${escapeHtml(target)}"`)}
      >
        ${inputs} <noscript><button type="submit">${button}</button></noscript>
      </form>
    </main>`,
    script: "document.getElementById('handover').submit();",
  };
}

const BASE_STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f3f5f8}
body{margin:0;padding:24px 12px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.3rem;margin:0 0 16px}
p{line-height:1.45}
button{font:inherit;border:0;border-radius:8px;padding:12px 16px;background:#1f5fd1;color:#fff;cursor:pointer;width:100%}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f0a400;outline-offset:2px}
button.secondary{background:#e6e9ef;color:#1d2330;margin-top:8px}
.handover{text-align:center}
`;
