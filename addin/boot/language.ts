// The pane's language at start: Office's display language (Office.context.displayLanguage) inside
// Office; outside it (demo page, browser tests) ?lang=, else the browser's language. The strings
// (addin/strings.ts) and <html lang> follow the bundled locale it resolves to.
import { setDisplayLanguage } from '../strings.ts';
import type { Locale } from '../i18n/locale.ts';

/** The display language tag to follow: Office's when it gives one, else ?lang=, else the browser's. */
export function displayLanguageTag(officeLanguage: string | undefined, search: string, browserLanguage: string | undefined): string | undefined {
  return officeLanguage || new URLSearchParams(search).get('lang') || browserLanguage || undefined;
}

/** Switches the strings and the document's `lang` to the locale for `tag`; returns that locale. */
export function applyDisplayLanguage(tag: string | undefined, doc: Pick<Document, 'documentElement'> | undefined = globalThis.document): Locale {
  const locale = setDisplayLanguage(tag);
  if (doc) doc.documentElement.lang = locale;
  return locale;
}
