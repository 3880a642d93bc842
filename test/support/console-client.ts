import assert from 'node:assert/strict';

/** A browser-less console user: keeps the session cookie, reads forms' hidden fields from pages. */
export class ConsoleClient {
  cookie: string | undefined;

  constructor(private readonly baseUrl: string) {}

  async get(path: string): Promise<{ status: number; html: string; location: string | null }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: 'manual',
      headers: this.cookie === undefined ? {} : { cookie: this.cookie },
    });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get('location'),
    };
  }

  async post(
    path: string,
    fields: Record<string, string>,
    cookie = this.cookie,
  ): Promise<{ status: number; html: string; location: string | null; setCookie: string | null }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie === undefined || cookie === '' ? {} : { cookie }),
      },
      body: new URLSearchParams(fields).toString(),
    });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get('location'),
      setCookie: response.headers.get('set-cookie'),
    };
  }

  /** The login form's token and the cookie it is a digest of, as a browser opening the page gets them. */
  async loginForm(): Promise<{ csrf: string; cookie: string }> {
    const response = await fetch(`${this.baseUrl}/console/login`, { redirect: 'manual' });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { csrf: hiddenFields(await response.text()).csrf ?? '', cookie };
  }

  async login(email: string, password: string, code?: string): Promise<{ status: number; html: string }> {
    const form = await this.loginForm();
    const answer = await this.post(
      '/console/login',
      { csrf: form.csrf, email, password, ...(code === undefined ? {} : { code }) },
      form.cookie,
    );
    if (answer.status === 303) {
      const cookie = answer.setCookie ?? '';
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Strict/);
      this.cookie = cookie.split(';')[0];
    }
    return answer;
  }

  /** Opens the confirmation of `query` on the order and submits it as shown. */
  async confirmAndAct(
    orderId: string,
    query: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; html: string; location: string | null; form: Record<string, string> }> {
    const page = await this.get(
      `/console/orders/${orderId}/confirm?${new URLSearchParams(query).toString()}`,
    );
    assert.equal(page.status, 200, page.html);
    const form = hiddenFields(page.html);
    const answer = await this.post(`/console/orders/${orderId}/act`, { ...form, ...extra });
    return { ...answer, form };
  }
}

export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}
