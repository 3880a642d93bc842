/**
 * A minimal browser for the 3-D Secure hand-overs in HTTP-level tests: reads the one form of a
 * gateway or ACS page (action, method, hidden fields) and submits it as a browser would, without
 * following redirects so tests can see where the customer is sent.
 */
export interface PageForm {
  readonly action: string;
  readonly method: string;
  readonly fields: Record<string, string>;
}

export interface BrowserResponse {
  readonly status: number;
  readonly text: string;
  readonly location: string | undefined;
  readonly headers: Headers;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** The forms of a page, in document order, with their hidden inputs. */
export function formsOf(page: string, base: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const tag = match[1] ?? '';
    const inner = match[2] ?? '';
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b[^>]*>/g)) {
      if (attribute(input[0], 'type') !== 'hidden') continue;
      const name = attribute(input[0], 'name');
      if (name !== undefined) fields[name] = attribute(input[0], 'value') ?? '';
    }
    forms.push({
      action: new URL(attribute(tag, 'action') ?? '', base).toString(),
      method: (attribute(tag, 'method') ?? 'get').toUpperCase(),
      fields,
    });
  }
  return forms;
}

export function onlyForm(page: string, base: string): PageForm {
  const forms = formsOf(page, base);
  if (forms.length !== 1) throw new Error(`expected one form, found ${forms.length}: ${page.slice(0, 400)}`);
  return forms[0] as PageForm;
}

/** As the API client (gatehouse-harness.ts): a page that fails with a 5xx fails the test unless it opts in. */
export interface BrowserOptions {
  readonly allowServerError?: boolean;
}

async function read(what: string, response: Response, options: BrowserOptions): Promise<BrowserResponse> {
  const text = await response.text();
  if (response.status >= 500 && options.allowServerError !== true) {
    throw new Error(
      `${what} answered HTTP ${response.status} (opt in with allowServerError): ${text.slice(0, 500)}`,
    );
  }
  return {
    status: response.status,
    text,
    location: response.headers.get('location') ?? undefined,
    headers: response.headers,
  };
}

export async function browserGet(url: string, options: BrowserOptions = {}): Promise<BrowserResponse> {
  return read(`GET ${url}`, await fetch(url, { redirect: 'manual' }), options);
}

export async function submit(
  form: PageForm,
  extra: Record<string, string> = {},
  options: BrowserOptions = {},
): Promise<BrowserResponse> {
  const response = await fetch(form.action, {
    method: form.method,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...extra }).toString(),
  });
  return read(`${form.method} ${form.action}`, response, options);
}

/** A packed EMV message (base64url JSON) as an object. */
export function unpack(packed: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(packed, 'base64url').toString('utf8')) as Record<string, unknown>;
}
