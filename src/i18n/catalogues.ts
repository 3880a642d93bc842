import type { Language } from './languages.js';
import type { MessageCatalogue } from './messages-en.js';
import { messages as bg } from './locales/bg.js';
import { messages as cn } from './locales/cn.js';
import { messages as da } from './locales/da.js';
import { messages as de } from './locales/de.js';
import { messages as el } from './locales/el.js';
import { messages as en } from './locales/en.js';
import { messages as es } from './locales/es.js';
import { messages as et } from './locales/et.js';
import { messages as fi } from './locales/fi.js';
import { messages as fr } from './locales/fr.js';
import { messages as hu } from './locales/hu.js';
import { messages as it } from './locales/it.js';
import { messages as ka } from './locales/ka.js';
import { messages as kh } from './locales/kh.js';
import { messages as lt } from './locales/lt.js';
import { messages as lv } from './locales/lv.js';
import { messages as nl } from './locales/nl.js';
import { messages as pl } from './locales/pl.js';
import { messages as pt } from './locales/pt.js';
import { messages as ro } from './locales/ro.js';
import { messages as sv } from './locales/sv.js';
import { messages as sw } from './locales/sw.js';

/** One catalogue per language of the spec's list; the Record type makes a missing language a compile error. */
export const CATALOGUES: Readonly<Record<Language, MessageCatalogue>> = {
  en,
  el,
  ro,
  bg,
  pt,
  sw,
  hu,
  it,
  pl,
  de,
  fr,
  kh,
  cn,
  es,
  ka,
  da,
  et,
  fi,
  lt,
  lv,
  nl,
  sv,
};
