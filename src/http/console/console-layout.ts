import type { FastifyReply } from 'fastify';
import type { ActionResult } from '../../services/console/audited-once.js';
import type { Operator } from '../../services/console/operator.js';
import { html, sendPage, type Html } from '../pages/html.js';
import { CONSOLE_PATH } from './console-session.js';
import { CONSOLE_LANGUAGE, text } from './console-text.js';
import { BADGE_STYLE } from './order-badge.js';
import { SEARCH_STYLE, searchBox } from './order-search.js';

const STYLE = `
  body { margin: 0; padding: 0; font: 15px/1.45 system-ui, sans-serif; color: #1b1f24; background: #f6f7f9; }
  header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .6rem 1rem;
    background: #1d2733; color: #fff; }
  header a { color: #fff; }
  /* The links keep one line where they can: the bar wraps whole items before it wraps the links. */
  header nav { display: flex; flex-wrap: wrap; gap: 1rem; flex: 1 1 auto; }
  header .who { font-size: .85rem; }
  header form { margin: 0; }
  main { padding: 1rem; max-width: 72rem; margin: 0 auto; overflow-wrap: anywhere; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #d8dde3; vertical-align: top; }
  th { background: #eef1f4; }
  form.filters { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: .5rem;
    margin-bottom: 1rem; }
  label { display: flex; flex-direction: column; font-size: .85rem; gap: .15rem; min-width: 0; max-width: 100%; }
  select { width: 100%; }
  input, select, textarea, button { font: inherit; padding: .3rem .4rem; max-width: 100%; }
  /* As wide as its words: the payment pages' full-width button (BASE_STYLE) squeezed the bar's search field to nothing. */
  button { background: #1d4ed8; color: #fff; border: 0; border-radius: 4px; padding: .4rem .9rem; cursor: pointer;
    width: auto; }
  /* The payment pages' light secondary button (BASE_STYLE) would leave dark words on this grey. */
  button.secondary { background: #4b5563; color: #fff; margin-top: 0; }
  /* Every focus shows, on the dark bar and on white alike: an amber ring with a dark rim inside it.
     A field shows it on any focus, a date field also while its calendar button has the focus (a
     part of the field that neither :focus nor :focus-visible sees). */
  :focus-visible, input:focus-within, select:focus, textarea:focus { outline: 3px solid #f59e0b; outline-offset: 2px;
    box-shadow: 0 0 0 2px #1b1f24; }
  a.skip { position: absolute; left: .5rem; top: -10rem; z-index: 1; padding: .4rem .8rem; background: #fff;
    color: #1b1f24; border-radius: 4px; }
  a.skip:focus { top: .5rem; }
  .notice { padding: .6rem .8rem; border-radius: 4px; background: #e0ecff; margin-bottom: 1rem; }
  .error { background: #fde2e1; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
  .actions form { display: flex; flex-wrap: wrap; max-width: 100%; gap: .4rem; align-items: end; background: #fff; padding: .5rem; border-radius: 4px; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .2rem 1rem; background: #fff;
    padding: .8rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  /* A value breaks inside an id or a card number only when the whole line cannot hold it, and a
     table keeps its columns as wide as their values; on a phone it scrolls inside its own box (a
     data table needs both directions), the page itself never sideways. */
  dd, th, td { overflow-wrap: break-word; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
    overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
  pre, .long { white-space: pre-wrap; word-break: break-all; }
  form.change { display: inline-flex; flex-wrap: wrap; gap: .4rem; align-items: end; margin: 0; }
  form.change button { width: auto; }
  pre { background: #fff; padding: .6rem; font-size: .8rem; }
  section { margin-bottom: 1.5rem; }
  .login { max-width: 22rem; margin: 4rem auto; background: #fff; padding: 1.5rem; border-radius: 6px;
    display: flex; flex-direction: column; gap: .8rem; }
  @media (max-width: 40rem) {
    table { font-size: .85rem; }
    th, td { padding: .25rem; }
    table { display: block; overflow-x: auto; }
    /* A date, an amount, an id or a card number is read whole: its cell never breaks it (not even
       at a hyphen); free text wraps, in a column wide enough for an id within it. */
    th, td { white-space: nowrap; }
    td.prose { white-space: normal; min-width: 18rem; }
    /* On a phone each name sits above its value: both get the whole width. */
    dl { grid-template-columns: minmax(0, 1fr); gap: 0; }
    dd { margin-bottom: .5rem; }
  }
`;

/** What a page with a script adds: served files run first, then the inline script, which reads `data`. */
export interface ConsolePageScript {
  readonly style?: string;
  /** Paths of script files Gatehouse serves itself (the policy allows 'self' for them only). */
  readonly files: readonly string[];
  readonly script: string;
  /** JSON the script reads, if it reads any. */
  readonly data?: string;
}

/** What an operator's action did, as the page after it says: done, done before, or refused and why. */
export function actionNotice(result: ActionResult): Html {
  if (result.outcome === 'done') return html`<p class="notice" role="status">${text('done')}</p>`;
  if (result.outcome === 'duplicate') return html`<p class="notice" role="status">${text('duplicate')}</p>`;
  return html`<p class="notice error" role="alert">${text('refused', { message: result.message ?? '' })}</p>`;
}

/** A console page: the operator's bar and navigation above `body`. */
export async function consolePage(
  reply: FastifyReply,
  title: string,
  body: Html,
  session?: {
    operator: Operator;
    csrf: string;
    sandbox?: boolean;
    fields?: Readonly<Record<string, string>>;
  },
  status = 200,
  scripted?: ConsolePageScript,
): Promise<void> {
  const bar =
    session === undefined
      ? html``
      : html`<a class="skip" href="#main">${text('skipToContent')}</a>
          <header>
            <strong>${text('title')}</strong>
            <nav aria-label="Console">
              <a href="${CONSOLE_PATH}/overview">${text('overview')}</a>
              <a href="${CONSOLE_PATH}/orders">${text('orders')}</a>
              <a href="${CONSOLE_PATH}/merchants">${text('merchants')}</a>
              <a href="${CONSOLE_PATH}/audit">${text('audit')}</a>
              ${session.sandbox ? html`<a href="${CONSOLE_PATH}/sandbox">Sandbox</a>` : ''}
            </nav>
            ${searchBox(session.fields?.q)}
            <span class="who">${session.operator.email} (${session.operator.role})</span>
            <form method="post" action="${CONSOLE_PATH}/logout">
              <input type="hidden" name="csrf" value="${session.csrf}" />
              <button class="secondary" type="submit">${text('logout')}</button>
            </form>
          </header>`;
  await sendPage(
    reply,
    {
      lang: CONSOLE_LANGUAGE,
      title: `${title} · ${text('title')}`,
      body: html`${bar}
        <main id="main">${body}</main>
        ${(scripted?.files ?? []).map((file) => html`<script src="${file}"></script>`)}`,
      style: STYLE + BADGE_STYLE + SEARCH_STYLE + (scripted?.style ?? ''),
      ...(scripted === undefined ? {} : { script: scripted.script }),
      ...(scripted?.data === undefined ? {} : { data: scripted.data }),
    },
    {
      formAction: [],
      frameAncestors: 'none',
      ...(scripted === undefined ? {} : { scriptSources: ["'self'"] }),
    },
    status,
  );
}
