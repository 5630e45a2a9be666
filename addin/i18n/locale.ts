// The pane's display language: which of the bundled locales answers Office's display language
// (Office.context.displayLanguage, a BCP 47 tag such as "de-AT"), and the Intl formatters of that locale.
// Fallback chain: the exact locale, then the bundled locale of the same language (de-AT → de,
// pt-PT → pt-BR, zh-TW → zh-CN), then English.

/** The bundled locales: one data file each under addin/i18n/locales/. */
const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** The bundled locale that speaks this language. */
const BY_LANGUAGE: Record<string, Locale> = { en: 'en', de: 'de', fr: 'fr', es: 'es', pt: 'pt-BR', ja: 'ja', zh: 'zh-CN' };

/** The bundled locale for a display language tag; English when none speaks its language. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const clean = (tag ?? '').trim().replace(/_/g, '-');
  if (!clean) return 'en';
  const exact = LOCALES.find((l) => l.toLowerCase() === clean.toLowerCase());
  if (exact) return exact;
  return BY_LANGUAGE[clean.split('-')[0]!.toLowerCase()] ?? 'en';
}

/** Numbers, percentages, dates and lists in one locale's conventions (Intl). */
export class LocaleFormat {
  private readonly number: Intl.NumberFormat;
  private readonly percent: Intl.NumberFormat;
  private readonly date: Intl.DateTimeFormat;
  private readonly list: Intl.ListFormat;
  private readonly plural: Intl.PluralRules;
  private languages: Intl.DisplayNames | null | undefined;

  constructor(readonly locale: Locale) {
    this.number = new Intl.NumberFormat(locale);
    this.percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    this.date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    this.list = new Intl.ListFormat(locale, { style: 'short', type: 'unit' });
    this.plural = new Intl.PluralRules(locale);
  }

  /** The message for a count: `one` where the locale says "one" of it (1 in English, 0 and 1 in French), else `other`. */
  count(n: number, one: string, other: string): string {
    return this.plural.select(n) === 'one' ? one : other;
  }

  formatNumber(n: number): string {
    return this.number.format(n);
  }

  /** A percentage given as 0..100 ("85 %" in German, "85%" in English). */
  formatPercent(percent: number): string {
    return this.percent.format(percent / 100);
  }

  formatDate(d: Date): string {
    return this.date.format(d);
  }

  formatList(items: readonly string[]): string {
    return this.list.format(items);
  }

  /** A language's name in this locale ("pt": "Portuguese", "Portugiesisch", "ポルトガル語"); the code when Intl has none. */
  languageName(code: string): string {
    try {
      // Made on first use: a host without Intl.DisplayNames still shows the pane, with the codes.
      if (this.languages === undefined) this.languages = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(this.locale, { type: 'language', fallback: 'code' }) : null;
      return this.languages?.of(code) ?? code;
    } catch {
      return code;
    }
  }

  /** A message template with `{name}` placeholders filled: numbers through Intl, strings as they are. */
  fill(template: string, vars: Readonly<Record<string, string | number>>): string {
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = vars[name];
      if (v === undefined) return whole;
      return typeof v === 'number' ? this.formatNumber(v) : v;
    });
  }
}
