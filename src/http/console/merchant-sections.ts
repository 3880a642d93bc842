import { html, type Html } from '../pages/html.js';
import { text } from './console-text.js';

/**
 * The merchant page's sections, in page order: each an anchor (`#id`) the navigation at the top
 * links to, a heading, and the shorter name the navigation shows.
 */
export const MERCHANT_SECTIONS = [
  { id: 'settings', title: 'Settings', short: 'Settings' },
  { id: 'permissions', title: 'Permissions', short: 'Permissions' },
  { id: 'users-tokens', title: 'API users and tokens', short: 'Users and tokens' },
  { id: 'certificates', title: 'Signing certificates', short: 'Certificates' },
  { id: 'callbacks', title: 'Callbacks', short: 'Callbacks' },
  { id: 'wallet-keys', title: 'Wallet keys', short: 'Wallet keys' },
  { id: 'p2p', title: 'P2P fee plan', short: 'P2P fees' },
  { id: 'limits', title: 'Rate and concurrency limits', short: 'Limits' },
  { id: 'children', title: 'Child merchants', short: 'Children' },
  { id: 'actions', title: 'Console actions', short: 'Recent actions' },
] as const;

export type MerchantSectionId = (typeof MERCHANT_SECTIONS)[number]['id'];

function sectionOf(id: MerchantSectionId): (typeof MERCHANT_SECTIONS)[number] {
  const found = MERCHANT_SECTIONS.find((section) => section.id === id);
  if (found === undefined) throw new Error(`no merchant section ${id}`);
  return found;
}

/** One section: its heading names it for assistive technology, its id is the navigation's anchor. */
export function merchantSection(id: MerchantSectionId, body: Html): Html {
  return html`<section id="${id}" aria-labelledby="${id}-title">
    <h2 id="${id}-title">${sectionOf(id).title}</h2>
    ${body}
  </section>`;
}

/** The links to the sections shown (`shown`), in page order; they wrap on a narrow screen. */
export function sectionNavigation(shown: readonly MerchantSectionId[]): Html {
  return html`<nav class="sections" aria-label="${text('merchantSections')}">
    <ul>
      ${MERCHANT_SECTIONS.filter((section) => shown.includes(section.id)).map(
        (section) => html`<li><a href="#${section.id}">${section.short}</a></li>`,
      )}
    </ul>
  </nav>`;
}

export const SECTIONS_STYLE = `
  nav.sections { position: sticky; top: 0; z-index: 1; background: #f6f7f9; padding: .4rem 0;
    border-bottom: 1px solid #d8dde3; margin-bottom: 1rem; }
  nav.sections ul { display: flex; flex-wrap: wrap; gap: .3rem .9rem; list-style: none; margin: 0; padding: 0; }
  nav.sections a { display: inline-block; padding: .15rem 0; }
  section[id] { scroll-margin-top: 4.5rem; }
  /* On a phone the wrapped links take several lines: they stay at the top instead of over the page. */
  @media (max-width: 40rem) {
    nav.sections { position: static; }
    section[id] { scroll-margin-top: 0; }
  }
`;
