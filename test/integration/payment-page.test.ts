import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { formsOf, submit } from '../support/browser-forms.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REGISTER = '/payment/rest/register.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const DECLINE = '/payment/rest/decline.do';
const SHOP = 'https://shop.example';

/** The English texts of the page (src/i18n/messages-en.ts), as the customer reads them. */
const ERROR_TEXT = {
  pan: 'Enter a card number of 15 to 19 digits that is valid',
  expiry: 'Enter the expiry date as MM/YY; it must not be in the past',
  cvc: 'Enter the 3-digit security code',
  cardholderName: "Enter the name as on the card: 2 to 45 Latin letters, spaces and . - '",
} as const;
type Field = keyof typeof ERROR_TEXT;
const FIELDS = Object.keys(ERROR_TEXT) as Field[];

interface PageResponse {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function getPage(url: string): Promise<PageResponse> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function postPage(url: string, fields: Record<string, string>): Promise<PageResponse> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Text with its runs of white space made one space, as a browser shows it. */
const squeeze = (value: string) => value.replace(/[ \t\r\n]+/g, ' ').trim();

/** The text of the element with this id (decoded), or undefined when the page has none. */
function textOf(page: string, id: string): string | undefined {
  const match = new RegExp(`<(\\w+)\\b[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(page);
  return match?.[2] === undefined ? undefined : squeeze(decode(match[2].replace(/<[^>]*>/g, '')));
}

/** The opening tag of the input with this id. */
function inputTag(page: string, id: string): string {
  const match = new RegExp(`<input\\b[^>]*\\sid="${id}"[^>]*>`).exec(page);
  assert.ok(match, `the page has an input #${id}`);
  return match[0];
}

function noticeOf(page: string): string | undefined {
  return /<main\b[^>]*\sid="notice"[^>]*\sdata-notice="([a-zA-Z]+)"/.exec(page)?.[1];
}

function titleOf(page: string): string {
  const match = /<title>([\s\S]*?)<\/title>/.exec(page);
  assert.ok(match?.[1] !== undefined, 'the page has a title');
  return squeeze(decode(match[1]));
}

const VALID_CARD = {
  step: 'pay',
  pan: '4444 5555 1111 3333',
  expiry: '12/34',
  cvc: '123',
  cardholderName: 'Jane Doe',
  javascriptEnabled: 'false',
};

for (const engine of ENGINES) {
  describe(`${engine}: the hosted payment page over HTTP`, () => {
    let gh: TestGatehouse;
    let login: string;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      // The default test merchant: SSL-only, so a valid card is paid in one post.
      const merchant = await gh.createMerchant();
      auth = merchant.auth;
      login = merchant.merchantLogin;
    });
    after(() => gh.close());

    const register = async (extra: Record<string, string | number> = {}) => {
      const orderNumber = `page-${randomBytes(5).toString('hex')}`;
      const answer = await gh.post(REGISTER, {
        ...auth,
        amount: 123456,
        currency: '978',
        orderNumber,
        returnUrl: `${SHOP}/ok`,
        failUrl: `${SHOP}/fail`,
        description: 'Two books',
        ...extra,
      });
      assert.equal(answer.body.errorCode, undefined, answer.text);
      return { orderId: String(answer.body.orderId), formUrl: String(answer.body.formUrl), orderNumber };
    };
    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;

    test('formUrl answers 200 with the card form under a strict policy, never cached or framed', async () => {
      const { formUrl, orderId } = await register();
      assert.equal(
        formUrl,
        `${gh.baseUrl}/payment/merchants/${login}/payment_en.html?mdOrder=${encodeURIComponent(orderId)}`,
      );
      const page = await getPage(formUrl);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html\b/);
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.ok(csp.includes("default-src 'none'"), csp);
      assert.ok(csp.includes("frame-ancestors 'none'"), csp);
      const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      assert.ok(nonce !== undefined && nonce.length >= 16, `a script nonce in ${csp}`);
      assert.ok(page.text.includes(`<script nonce="${nonce}">`), 'the page script carries the nonce');
      assert.ok(page.text.includes(`<style nonce="${nonce}">`), 'the page style carries the nonce');
      assert.match(csp, /form-action 'self' https:\/\/shop\.example(;|$)/);
      assert.equal(page.headers.get('x-frame-options'), 'DENY');
      assert.match(page.headers.get('cache-control') ?? '', /no-store/);
      assert.match(page.text, /<html lang="en">/);
      assert.match(page.text, /<form\b[^>]*\sid="card-form"[^>]*\smethod="post"/);
      for (const field of FIELDS) assert.ok(page.text.includes(`id="${field}"`), `the form has #${field}`);
      assert.equal(noticeOf(page.text), undefined);
    });

    test('the page shows the merchant, the order number, the description and the amount in the order currency', async () => {
      const euro = await register({ description: 'Two books & <one pen>' });
      const page = (await getPage(euro.formUrl)).text;
      const summary = squeeze(/<dl class="summary">([\s\S]*?)<\/dl>/.exec(page)?.[1] ?? '').replace(
        /> </g,
        '><',
      );
      assert.ok(summary.includes(`<dd>${login}</dd>`), summary);
      assert.ok(summary.includes(`<dd>${euro.orderNumber}</dd>`), summary);
      // Escaped, never markup of the merchant's making.
      assert.ok(summary.includes('<dd>Two books &amp; &lt;one pen&gt;</dd>'), summary);
      assert.ok(!page.includes('<one pen>'));
      assert.equal(textOf(page, 'amount'), '€1,234.56');
      assert.equal(textOf(page, 'pay-button'), 'Pay €1,234.56');

      const yen = await register({ amount: 1234, currency: '392' });
      assert.equal(textOf((await getPage(yen.formUrl)).text, 'amount'), '¥1,234');
      const dinar = await register({ amount: 1234, currency: '048' });
      assert.equal(textOf((await getPage(dinar.formUrl)).text, 'amount'), 'BHD\u00a01.234');

      const german = await getPage(euro.formUrl.replace('payment_en.html', 'payment_de.html'));
      assert.equal(textOf(german.text, 'amount'), '1.234,56\u00a0€');
    });

    test('an unknown order or merchant answers 404 with the not-found notice', async () => {
      const { orderId, formUrl } = await register();
      const unknownOrder = await getPage(formUrl.replace(orderId, '00000000-0000-4000-8000-000000000000'));
      assert.equal(unknownOrder.status, 404);
      assert.equal(noticeOf(unknownOrder.text), 'unknown');
      assert.ok(!unknownOrder.text.includes('id="card-form"'));
      assert.match(unknownOrder.headers.get('cache-control') ?? '', /no-store/);

      const unknownMerchant = await getPage(
        formUrl.replace(`/merchants/${login}/`, '/merchants/nobody-here/'),
      );
      assert.equal(unknownMerchant.status, 404);
      assert.equal(noticeOf(unknownMerchant.text), 'unknown');

      // Another merchant's page never shows this merchant's order.
      const other = await gh.createMerchant();
      const foreign = await getPage(
        formUrl.replace(`/merchants/${login}/`, `/merchants/${other.merchantLogin}/`),
      );
      assert.equal(foreign.status, 404);
      assert.equal(noticeOf(foreign.text), 'unknown');

      const noOrder = await getPage(formUrl.split('?')[0] ?? '');
      assert.equal(noOrder.status, 404);
      assert.equal(noticeOf(noOrder.text), 'unknown');

      const posted = await postPage(
        formUrl.replace(orderId, '00000000-0000-4000-8000-000000000000'),
        VALID_CARD,
      );
      assert.equal(posted.status, 404);
      assert.equal(noticeOf(posted.text), 'unknown');
    });

    test('a paid order shows the paid notice with a way back to the shop', async () => {
      const { orderId, formUrl } = await register();
      const paid = await postPage(formUrl, VALID_CARD);
      assert.equal(paid.status, 303);
      assert.equal((await status(orderId)).orderStatus, 2);
      const page = await getPage(formUrl);
      assert.equal(page.status, 200);
      assert.equal(noticeOf(page.text), 'paid');
      assert.ok(!page.text.includes('id="card-form"'));
      assert.ok(page.text.includes(`<a href="${SHOP}/ok">`), 'links back to returnUrl');
      // Posting the form again pays nothing more.
      const again = await postPage(formUrl, VALID_CARD);
      assert.equal(again.status, 200);
      assert.equal(noticeOf(again.text), 'paid');
      const current = await status(orderId);
      assert.equal((current.paymentAmountInfo as Record<string, unknown>).depositedAmount, 123456);
    });

    test('an order cancelled with decline.do shows the declined notice', async () => {
      const { orderId, orderNumber, formUrl } = await register();
      const declined = await gh.post(DECLINE, { ...auth, orderId, orderNumber });
      assert.equal(declined.body.errorCode, '0', declined.text);
      const page = await getPage(formUrl);
      assert.equal(page.status, 200);
      assert.equal(noticeOf(page.text), 'declined');
      assert.ok(!page.text.includes('id="card-form"'));
      assert.ok(page.text.includes(`<a href="${SHOP}/fail">`), 'links back to failUrl');
      const posted = await postPage(formUrl, VALID_CARD);
      assert.equal(noticeOf(posted.text), 'declined');
      assert.equal((await status(orderId)).orderStatus, 6);
    });

    test('an order past its session timeout shows the expired notice and takes no card', async () => {
      const { orderId, formUrl } = await register({ sessionTimeoutSecs: 60 });
      assert.equal(noticeOf((await getPage(formUrl)).text), undefined);
      gh.clock.advance(61_000);
      const page = await getPage(formUrl);
      assert.equal(page.status, 200);
      assert.equal(noticeOf(page.text), 'expired');
      assert.ok(!page.text.includes('id="card-form"'));
      const posted = await postPage(formUrl, VALID_CARD);
      assert.equal(noticeOf(posted.text), 'expired');
      const current = await status(orderId);
      assert.notEqual(current.orderStatus, 2);
      assert.deepEqual(current.cardAuthInfo, {});
    });

    test('server-side checks: each bad field answers 422 with its error, aria-invalid and no PAN echoed', async () => {
      const { orderId, formUrl } = await register();
      const badPan = '4111 1111 1111 1112';
      const cases: { field: Field; fields: Record<string, string> }[] = [
        { field: 'pan', fields: { pan: badPan } },
        { field: 'pan', fields: { pan: '4111 1111 111' } },
        { field: 'expiry', fields: { expiry: '01/20' } },
        { field: 'expiry', fields: { expiry: '13/34' } },
        { field: 'expiry', fields: { expiry: '1234' } },
        { field: 'cvc', fields: { cvc: '12' } },
        { field: 'cvc', fields: { cvc: '12a' } },
        { field: 'cardholderName', fields: { cardholderName: 'J4ne D0e' } },
        { field: 'cardholderName', fields: { cardholderName: 'J' } },
      ];
      for (const { field, fields } of cases) {
        const page = await postPage(formUrl, { ...VALID_CARD, ...fields });
        const label = `${field} ${JSON.stringify(fields)}`;
        assert.equal(page.status, 422, label);
        assert.match(page.headers.get('content-type') ?? '', /^text\/html\b/);
        assert.ok((page.headers.get('content-security-policy') ?? '').includes("default-src 'none'"));
        for (const other of FIELDS) {
          const invalid = other === field;
          assert.equal(
            textOf(page.text, `${other}-error`),
            invalid ? ERROR_TEXT[other] : '',
            `${label}: ${other}`,
          );
          assert.ok(
            inputTag(page.text, other).includes(`aria-invalid="${invalid ? 'true' : 'false'}"`),
            `${label}: ${other} aria-invalid`,
          );
        }
        assert.equal(textOf(page.text, 'form-error'), 'Please correct the fields marked below', label);
      }

      // Everything wrong at once: every field marked, and neither the PAN nor the CVC in the page.
      const page = await postPage(formUrl, {
        step: 'pay',
        pan: badPan,
        expiry: '99/99',
        cvc: '98',
        cardholderName: '<b>1</b>',
      });
      assert.equal(page.status, 422);
      for (const field of FIELDS) {
        assert.equal(textOf(page.text, `${field}-error`), ERROR_TEXT[field], field);
        assert.ok(inputTag(page.text, field).includes('aria-invalid="true"'), field);
      }
      assert.ok(!page.text.includes(badPan), 'the PAN is not echoed');
      assert.ok(!page.text.includes(badPan.replace(/ /g, '')), 'the PAN digits are not echoed');
      assert.ok(!inputTag(page.text, 'pan').includes('value='), 'the PAN input is empty');
      assert.ok(!inputTag(page.text, 'cvc').includes('value='), 'the CVC input is empty');
      // What the customer typed elsewhere comes back, escaped.
      assert.ok(inputTag(page.text, 'expiry').includes('value="99/99"'));
      assert.ok(inputTag(page.text, 'cardholderName').includes('value="&lt;b&gt;1&lt;/b&gt;"'));
      assert.ok(!page.text.includes('<b>1</b>'));

      const current = await status(orderId);
      assert.equal(current.orderStatus, 0);
      assert.deepEqual(current.cardAuthInfo, {});
    });

    test('a valid post for an SSL-only merchant pays and sends the customer to returnUrl with 303', async () => {
      const { orderId, formUrl } = await register();
      const answer = await postPage(formUrl, VALID_CARD);
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.get('location'), `${SHOP}/ok?orderId=${orderId}&lang=en`);
      assert.match(answer.headers.get('cache-control') ?? '', /no-store/);
      const current = await status(orderId);
      assert.equal(current.orderStatus, 2);
      assert.equal(current.actionCode, 0);
      const card = current.cardAuthInfo as Record<string, unknown>;
      assert.equal(card.maskedPan, '444455**3333');
      assert.equal(card.cardholderName, 'JANE DOE');
      assert.equal(card.expiration, '203412');
    });

    test('a declined card on an SSL-only merchant sends the customer to failUrl with 303', async () => {
      const { orderId, formUrl } = await register({ language: 'de' });
      const answer = await postPage(formUrl, { ...VALID_CARD, pan: '4000000000009995' });
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.get('location'), `${SHOP}/fail?orderId=${orderId}&lang=de`);
      const current = await status(orderId);
      assert.equal(current.orderStatus, 6);
      assert.equal(current.actionCode, 116);
    });

    test('two concurrent posts of the same form pay once; the other answer is a notice or a redirect', async () => {
      for (let round = 0; round < 3; round++) {
        const { orderId, formUrl } = await register();
        const answers = await Promise.all([postPage(formUrl, VALID_CARD), postPage(formUrl, VALID_CARD)]);
        for (const answer of answers) {
          assert.ok(
            answer.status === 303 ||
              (answer.status === 200 && ['inProgress', 'paid'].includes(noticeOf(answer.text) ?? '')),
            `an answer ${answer.status}: ${answer.text.slice(0, 300)}`,
          );
          if (answer.status === 303) {
            assert.equal(answer.headers.get('location'), `${SHOP}/ok?orderId=${orderId}&lang=en`);
          }
        }
        assert.ok(
          answers.some((answer) => answer.status === 303),
          'the submit that paid sends the customer on',
        );
        const current = await status(orderId);
        assert.equal(current.orderStatus, 2);
        const amounts = current.paymentAmountInfo as Record<string, unknown>;
        assert.equal(amounts.depositedAmount, 123456);
        assert.equal(amounts.approvedAmount, 123456);
        const authorizations = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select(['id', 'state'])
          .where('order_id', '=', orderId)
          .where('kind', '=', 'authorization')
          .execute();
        assert.equal(authorizations.length, 1, JSON.stringify(authorizations));
      }
    });

    /**
     * Two concurrent posts of the card form on a 3-D Secure merchant, each carried through its 3DS
     * Method (to the ACS and its notification) and then both continue steps at once, as two tabs
     * or a double click without the page script would.
     */
    const doubleSubmitWithThreeDs = async () => {
      const secure = (await gh.createMerchant({ authenticates: true })).auth;
      const registered = await gh.post(REGISTER, {
        ...secure,
        amount: 2500,
        currency: '978',
        orderNumber: `page-${randomBytes(5).toString('hex')}`,
        returnUrl: `${SHOP}/ok`,
        failUrl: `${SHOP}/fail`,
      });
      const orderId = String(registered.body.orderId);
      const formUrl = String(registered.body.formUrl);
      const card = { ...VALID_CARD, pan: '4111111111111111' };
      const pages = await Promise.all([postPage(formUrl, card), postPage(formUrl, card)]);
      const continues = await Promise.all(
        pages.map(async (page) => {
          assert.equal(page.status, 200);
          const forms = formsOf(page.text, gh.baseUrl);
          const method = forms.find((form) => form.action === `${gh.baseUrl}/acs/method`);
          const next = forms.find((form) => form.fields.step === 'continue');
          assert.ok(method && next, `a 3DS Method page: ${page.text.slice(0, 300)}`);
          const notification = formsOf((await submit(method)).text, gh.baseUrl)[0];
          assert.ok(notification);
          assert.equal((await submit(notification)).status, 200);
          return next;
        }),
      );
      const answers = await Promise.all(continues.map((form) => submit(form)));
      const order = (await gh.post(STATUS, { ...secure, orderId })).body;
      const authorizations = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'authorization')
        .execute();
      return { orderId, answers, order, authorizations: authorizations.length };
    };

    test('two concurrent posts on a 3-D Secure merchant: two method pages, both continue, one payment', async () => {
      for (let round = 0; round < 3; round++) {
        const { orderId, answers, order, authorizations } = await doubleSubmitWithThreeDs();
        for (const answer of answers) {
          assert.ok(
            answer.status === 303 || ['inProgress', 'paid'].includes(noticeOf(answer.text) ?? ''),
            `an answer ${answer.status}: ${answer.text.slice(0, 300)}`,
          );
          if (answer.status === 303) {
            assert.match(
              answer.location ?? '',
              new RegExp(`^${SHOP}/(ok|fail)\\?orderId=${orderId}&lang=en$`),
            );
          }
        }
        assert.ok(
          answers.some((answer) => answer.location === `${SHOP}/ok?orderId=${orderId}&lang=en`),
          'the continue that paid sends the customer to returnUrl',
        );
        assert.equal(order.orderStatus, 2);
        assert.equal((order.paymentAmountInfo as Record<string, unknown>).depositedAmount, 2500);
        assert.equal(authorizations, 1);
      }
    });

    test('two concurrent continues on a 3-D Secure merchant never send the customer of a paid order to failUrl', async () => {
      for (let round = 0; round < 3; round++) {
        const { orderId, answers, order } = await doubleSubmitWithThreeDs();
        assert.equal(order.orderStatus, 2);
        for (const answer of answers) {
          assert.notEqual(answer.location, `${SHOP}/fail?orderId=${orderId}&lang=en`, `round ${round}`);
        }
      }
    });

    test('every language of the spec renders payment_<lang>.html in that language', async () => {
      const { formUrl } = await register();
      const english = titleOf((await getPage(formUrl)).text);
      assert.equal(english, 'Payment');
      const titles = new Map<string, string>();
      for (const language of LANGUAGES) {
        const page = await getPage(formUrl.replace('payment_en.html', `payment_${language}.html`));
        assert.equal(page.status, 200, language);
        assert.ok(page.text.includes(`<html lang="${language}">`), `${language}: <html lang>`);
        assert.ok(page.text.includes('id="card-form"'), `${language}: the card form`);
        const title = titleOf(page.text);
        titles.set(language, title);
        if (language !== 'en') assert.notEqual(title, english, `${language}: a title of its own`);
      }
      assert.equal(titles.get('de'), 'Zahlung');
      assert.equal(titles.get('fr'), 'Paiement');
    });

    test('a page name outside the spec is not a payment page', async () => {
      const { formUrl } = await register();
      const page = await getPage(formUrl.replace('payment_en.html', 'pay.html'));
      assert.equal(page.status, 404);
      assert.equal(noticeOf(page.text), 'unknown');
    });
  });
}
