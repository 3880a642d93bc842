import { WINDOW_ROWS, type Keyset } from '../../domain/console-order-views.js';
import { html, type Html } from '../pages/html.js';
import type { OrderPage } from '../../services/console/console-orders.js';
import { COUNT_CAP } from '../../services/console/console-orders.js';
import { CONSOLE_PATH } from './console-session.js';
import { STATUS_NAMES, text, when } from './console-text.js';
import { FILTER_LABELS } from './order-filters.js';

/** Fields of the list's address that are not filters: the page's position and the form token. */
const NOT_FILTERS = new Set(['after', 'before', 'csrf', 'result']);

/** The list's filters as the address carries them, without the page's position. */
export function filterFields(fields: Readonly<Record<string, string>>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(fields).filter(([name, value]) => !NOT_FILTERS.has(name) && value.trim() !== ''),
  );
}

/** The search box of every console page: one field, read as every kind of key it could be. */
export function searchBox(typed: string | undefined): Html {
  return html`<form class="search" method="get" action="${CONSOLE_PATH}/orders" role="search">
    <label for="console-search" class="visually-hidden">${text('searchLabel')}</label>
    <input
      id="console-search"
      type="search"
      name="q"
      value="${typed ?? ''}"
      maxlength="255"
      placeholder="${text('searchLabel')}…"
      title="${text('searchHint')}"
    />
    <button type="submit">${text('search')}</button>
  </form>`;
}

/** Each filter in use as a chip: a link to the same list without it. */
export function filterChips(fields: Readonly<Record<string, string>>): Html {
  const filters = filterFields(fields);
  const chips = [...filters.entries()].flatMap(([name, value]) => {
    const label = FILTER_LABELS[name];
    if (label === undefined) return [];
    const shown = name === 'status' ? (STATUS_NAMES[Number(value)] ?? value) : value;
    const without = new URLSearchParams(filters);
    without.delete(name);
    const chip = `${label}: ${shown}`;
    return [
      html`<li>
        <a
          class="chip"
          href="${CONSOLE_PATH}/orders?${without.toString()}"
          aria-label="${text('dropFilter', { filter: chip })}"
          >${chip} <span aria-hidden="true">×</span></a
        >
      </li>`,
    ];
  });
  return chips.length === 0
    ? html``
    : html`<ul class="chips" aria-label="${text('activeFilters')}">
        ${chips}
      </ul>`;
}

/** "1,234 orders", "More than 10,000 orders", or the count in a bounded search's first window. */
export function countLine(page: OrderPage): Html {
  const count = Math.min(page.count, COUNT_CAP).toLocaleString('en-US');
  const words = page.countWindowed
    ? text('countWindow', { count, rows: WINDOW_ROWS.toLocaleString('en-US') })
    : page.count > COUNT_CAP
      ? text('countMore', { count })
      : page.count === 1
        ? text('countOne')
        : text('countMany', { count });
  return html`<p class="count">${words}</p>`;
}

const keysetText = (keyset: Keyset) => `${keyset.createdAtMs}_${keyset.id}`;

/** Links to the newer and the older page; a bounded search says where it stopped. */
export function pagingLinks(page: OrderPage, fields: Readonly<Record<string, string>>): Html {
  const at = (side: 'after' | 'before' | undefined, keyset?: Keyset) => {
    const address = filterFields(fields);
    if (side !== undefined && keyset !== undefined) address.set(side, keysetText(keyset));
    return `${CONSOLE_PATH}/orders?${address.toString()}`;
  };
  const { newer, older } = page;
  const links: Html[] = [];
  if (newer !== undefined)
    links.push(
      html`<a rel="prev" href="${newer === 'start' ? at(undefined) : at('before', newer)}"
        >${text('previousPage')}</a
      >`,
    );
  if (older !== undefined)
    links.push(
      html`<a rel="next" href="${at('after', older.keyset)}"
        >${text(older.window ? 'searchOlder' : 'nextPage')}</a
      >`,
    );
  const searched =
    older?.window === true
      ? html`<p>
          ${text('searchedTo', { when: when(older.keyset.createdAtMs), rows: WINDOW_ROWS.toLocaleString('en-US') })}
        </p>`
      : html``;
  return links.length === 0
    ? searched
    : html`${searched}
        <nav class="paging" aria-label="Pages">${links}</nav>`;
}

/** The list's downloads, for the same filters. */
export function exportLinks(fields: Readonly<Record<string, string>>): Html {
  const query = filterFields(fields).toString();
  const suffix = query === '' ? '' : `?${query}`;
  return html`<p class="exports">
    <a href="${CONSOLE_PATH}/exports/orders.csv${suffix}" download>${text('exportOrders')}</a>
    <a href="${CONSOLE_PATH}/exports/movements.csv${suffix}" download>${text('exportMovements')}</a>
  </p>`;
}

export const SEARCH_STYLE = `
  header form.search { display: flex; gap: .3rem; flex: 1 1 14rem; max-width: 26rem; }
  header form.search input { flex: 1; min-width: 0; }
  header form.search button { width: auto; }
  ul.chips { display: flex; flex-wrap: wrap; gap: .4rem; list-style: none; padding: 0; margin: 0 0 .8rem; }
  a.chip { display: inline-block; padding: .15rem .6rem; border-radius: 999px; background: #e5e7eb;
    color: #1b1f24; text-decoration: none; }
  a.chip:hover { background: #d1d5db; }
  nav.paging, p.exports { display: flex; flex-wrap: wrap; gap: 1rem; margin: .8rem 0; }
  details.filters { margin-bottom: 1rem; }
  details.filters summary { cursor: pointer; margin-bottom: .5rem; }
`;
