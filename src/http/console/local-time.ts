import { html, type Html } from '../pages/html.js';
import { when } from './console-text.js';

/**
 * A moment as the console shows it: UTC in the page (what a browser without script keeps, and what
 * the title always says on hover), rewritten by LOCAL_TIME_SCRIPT into the browser's time zone.
 * Operators have no time zone setting of their own, and the browser's is the one they live in.
 */
export function timeHtml(atMs: number): Html {
  const utc = `${when(atMs)} UTC`;
  return html`<time datetime="${new Date(atMs).toISOString()}" title="${utc}">${utc}</time>`;
}

/**
 * Rewrites every `<time datetime>` of the page into the browser's time zone, as
 * `2026-11-29 13:30:40 CET`: the same order of fields as the UTC text, so both read alike. Runs
 * as the page's nonce'd inline script (the console's policy allows no other inline script).
 */
export const LOCAL_TIME_SCRIPT = `(function () {
  var format;
  try {
    format = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  } catch (error) { return; }
  document.querySelectorAll('main time[datetime]').forEach(function (element) {
    var at = new Date(element.getAttribute('datetime'));
    if (isNaN(at.getTime())) return;
    var part = {};
    format.formatToParts(at).forEach(function (piece) { part[piece.type] = piece.value; });
    element.textContent = part.year + '-' + part.month + '-' + part.day + ' ' + part.hour + ':' +
      part.minute + ':' + part.second + ' ' + part.timeZoneName;
    element.setAttribute('data-local', '');
  });
})();`;
