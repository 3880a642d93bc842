import { html, type Html } from '../pages/html.js';
import type { ConsolePageScript } from './console-layout.js';
import { SECTIONS_STYLE } from './merchant-sections.js';

/**
 * The one dialog of the merchant page. The script fills it with the `#change` element of the page
 * a change button's form asks for (the change's form, then its confirmation), so that the server
 * alone says what a change does, and the confirmation posts with its own form token and key, as
 * on the page without JavaScript.
 */
export function changeDialog(): Html {
  return html`<dialog id="change-dialog" aria-labelledby="change-dialog-title">
    <h2 id="change-dialog-title"></h2>
    <div id="change-dialog-body"></div>
  </dialog>`;
}

/**
 * Opens the dialog from a change button (Enter and Space press it as any button), moves the
 * focus into it, and gives the focus back to the button when it closes (Escape, Cancel). A GET
 * form in the dialog (the change's form) replaces the dialog's content with its answer; the
 * confirmation's POST leaves the page, as without the script. If the answer cannot be fetched or
 * holds no `#change`, the browser goes to the address itself, which says why.
 */
const SCRIPT = `(function () {
  var dialog = document.getElementById('change-dialog');
  if (!dialog || typeof dialog.showModal !== 'function' || typeof DOMParser === 'undefined') return;
  var title = document.getElementById('change-dialog-title');
  var body = document.getElementById('change-dialog-body');
  var opener = null;
  var loading = false;
  function show(url, trigger) {
    if (loading) return;
    loading = true;
    fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (response) { return response.text(); })
      .then(function (markup) {
        var page = new DOMParser().parseFromString(markup, 'text/html');
        var change = page.getElementById('change');
        var heading = change && change.querySelector('h1');
        if (!heading) { window.location.assign(url); return; }
        title.textContent = heading.textContent;
        heading.remove();
        body.replaceChildren.apply(body, Array.prototype.map.call(change.childNodes, function (node) {
          return document.importNode(node, true);
        }));
        if (!dialog.open) { opener = trigger; dialog.showModal(); }
        var first = body.querySelector('input:not([type=hidden]), select, textarea, button, a[href]');
        if (first) first.focus();
      })
      .catch(function () { window.location.assign(url); })
      .then(function () { loading = false; });
  }
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.getAttribute('method') || '').toLowerCase() !== 'get') return;
    if (!form.classList.contains('change') && !dialog.contains(form)) return;
    event.preventDefault();
    var query = new URLSearchParams(new FormData(form)).toString();
    show(form.getAttribute('action') + '?' + query, event.submitter || form.querySelector('button'));
  });
  dialog.addEventListener('click', function (event) {
    var close = event.target instanceof Element && event.target.closest('[data-close]');
    if (!close) return;
    event.preventDefault();
    dialog.close();
  });
  dialog.addEventListener('close', function () {
    body.replaceChildren();
    title.textContent = '';
    if (opener) opener.focus();
    opener = null;
  });
})();`;

const STYLE = `
  dialog#change-dialog { box-sizing: border-box; width: 40rem; max-width: calc(100vw - 1rem);
    max-height: calc(100dvh - 2rem); overflow: auto; border: 0; border-radius: 6px; padding: 1rem 1.2rem;
    background: #f6f7f9; }
  dialog#change-dialog::backdrop { background: rgba(16, 24, 32, .55); }
  dialog#change-dialog h2 { margin-top: 0; }
  /* The hidden words that say which row a button acts on stay inside it (and inside a table that
     scrolls on a phone), so they never widen the page. */
  form.change button { position: relative; }
  .actions form.change { padding: 0; background: none; }
  form.edit { display: flex; flex-direction: column; gap: .6rem; background: #fff; padding: .8rem; border-radius: 4px; }
  form.edit .buttons, #change form .buttons { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
`;

export function changeDialogScript(): ConsolePageScript {
  return { files: [], script: SCRIPT, data: '{}', style: STYLE + SECTIONS_STYLE };
}
