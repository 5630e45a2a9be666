// Every sentence the pane shows, in one place: `S`, built from the display locale's data file
// (addin/i18n/locales/<locale>.json, one per language, the same keys and placeholders in each) with
// small functions for the ones that carry values. Numbers, percentages, dates and lists go through
// Intl in the display locale. Components and workflow code import `S` only; `setDisplayLanguage`
// (called once at start, before the pane renders) refills `S` in place, so a table read from it at
// module load (kind titles, settings labels) follows too.
import { LocaleFormat, resolveLocale, type Locale } from './i18n/locale.ts';
import { MESSAGES, type Messages } from './i18n/messages.ts';
import type { ReasonCode } from '../shared/reasons.ts';

type Vars = Readonly<Record<string, string | number>>;

/** Placeholders of the service's reasons that hold counts (said through Intl and choosing a plural form) and scores. */
const COUNT_PLACEHOLDERS = ['n', 'total', 'rewritten', 'unchanged', 'kept'];

function build(messages: Messages, f: LocaleFormat) {
  const m = structuredClone(messages);
  const t = (template: string, vars: Vars) => f.fill(template, vars);
  const reasons = m.reasons as Record<string, string>;
  /**
   * A reason the service gave (why a match is held or unsure, how a reference resolved, an apply warning) in the
   * display language, from its code (shared/reasons.ts); the service's sentence as written when it sent no code
   * or one the pane does not know.
   */
  const words = (table: Record<string, string>, v: string): string => (Object.hasOwn(table, v) ? table[v]! : v);
  /** A code and its parts in the display language; null when the pane does not know the code or one of its parts. */
  const say = (code: ReasonCode): string | null => {
    if (!Object.hasOwn(reasons, code.code)) return null;
    const v = code.values ?? {};
    const vars: Record<string, string | number> = { ...v };
    if (v.kind !== undefined) vars.kind = words(m.review.kindSingular as Record<string, string>, v.kind);
    if (v.field !== undefined) vars.field = words(m.reasonField as Record<string, string>, v.field);
    if (v.type !== undefined) vars.type = words(m.resolver.updateType as Record<string, string>, v.type.replace(/ /g, '_'));
    for (const name of ['form', 'list', 'cited']) if (v[name] !== undefined) vars[name] = words(m.reasonForm, v[name]);
    if (v.hold !== undefined) vars.hold = words(m.reasonHold as Record<string, string>, v.hold);
    // A match status (why apply left a match unlinked); a registry's HTTP status is no word and stays as it is.
    if (v.status !== undefined) vars.status = words(m.review.statusLabel as Record<string, string>, v.status);
    for (const name of COUNT_PLACEHOLDERS) if (v[name] !== undefined) vars[name] = Number(v[name]);
    if (v.score !== undefined) vars.score = Number(v.score);
    // A placeholder other codes fill (a cause, an entry's label, a list of entries or citations): each said in turn.
    for (const [name, parts] of Object.entries(code.parts ?? {})) {
      const said = parts.map(say);
      if (said.some((x) => x === null)) return null;
      vars[name] = said.join(name === 'labels' ? ', ' : '; ');
    }
    const one = reasons[`${code.code}One`];
    const template = one !== undefined && typeof vars.n === 'number' ? f.count(vars.n, one, reasons[code.code]!) : reasons[code.code]!;
    return t(template, vars);
  };
  /**
   * A reason the service gave (why a match is held or unsure, how a reference resolved, an apply warning, what an
   * entry lacks) in the display language, from its code (shared/reasons.ts, shared/causes.ts) and its parts; the
   * service's sentence as written when it sent no code or one the pane does not know.
   */
  const translateReason = (text: string, code?: ReasonCode): string => (code ? say(code) ?? text : text);
  return {
    locale: f.locale as Locale,
    /** The locale's formatters (dates, numbers, lists). */
    format: f,
    app: {
      ...m.app,
      steps: { ...m.app.steps, links: (n: number) => t(m.app.steps.links, { n }), checks: (n: number) => t(m.app.steps.checks, { n }), references: (n: number) => t(m.app.steps.references, { n }) },
      startFailed: (why: string) => t(m.app.startFailed, { why }),
    },
    host: {
      ...m.host,
      demo: (name: string) => t(m.host.demo, { name }),
      document: (name: string) => t(m.host.document, { name }),
      download: (kb: number) => t(m.host.download, { kb }),
      selected: (text: string, occurrence: number) => t(m.host.selected, { text, occurrence }),
    },
    phase: { ...m.phase },
    errors: {
      ...m.errors,
      unreachable: (url: string) => t(m.errors.unreachable, { url }),
      gateway: (status: number) => t(m.errors.gateway, { status: String(status) }),
      /** A gateway in front of the service answered that the service itself is down (502/503 without the service's own answer). */
      down: (url: string, status: number) => t(m.errors.down, { url, status: String(status) }),
      server: (status: number) => t(m.errors.server, { status: String(status) }),
      generic: (text: string) => text,
      answeredHttp: (status: number) => t(m.errors.answeredHttp, { status: String(status) }),
      notReached: (url: string, why: string) => t(m.errors.notReached, { url, why }),
      readDocument: (why: string) => t(m.errors.readDocument, { why }),
      readSlice: (n: number, why: string) => t(m.errors.readSlice, { n, why }),
      sizeMismatch: (read: number, expected: number) => t(m.errors.sizeMismatch, { read, expected }),
      wordOnly: (host: string) => t(m.errors.wordOnly, { host }),
      loadFailed: (url: string, status: number) => t(m.errors.loadFailed, { url, status: String(status) }),
      sliceMissing: (n: number) => t(m.errors.sliceMissing, { n }),
      /** A `400 DOCX rejected` answer's reason code in words, with the fix; null for a code the pane does not know. */
      docxRejected: (reason: string) => (reason in m.errors.docxReason ? t(m.errors.docxRejected, { problem: (m.errors.docxReason as Record<string, string>)[reason]! }) : null),
      /** A refused CSL file's reason code in words; null for a code the pane does not know. */
      cslRejected: (reason: string) => (reason in m.errors.cslReason ? t(m.errors.cslRejected, { problem: (m.errors.cslReason as Record<string, string>)[reason]! }) : null),
    },
    /** The Checks step: the manuscript's findings per severity. */
    checks: {
      ...m.checks,
      /** "2 errors · 1 warning · 0 notes": each count with the locale's singular or plural. */
      counts: (errors: number, warnings: number, notes: number) =>
        t(m.checks.counts, {
          errors: t(f.count(errors, m.checks.errorCountOne, m.checks.errorCount), { n: errors }),
          warnings: t(f.count(warnings, m.checks.warningCountOne, m.checks.warningCount), { n: warnings }),
          notes: t(f.count(notes, m.checks.noteCountOne, m.checks.noteCount), { n: notes }),
        }),
    },
    scan: { ...m.scan },
    apply: {
      ...m.apply,
      openedNew: (why: string | null) => (why ? t(m.apply.openedNewWhy, { why }) : m.apply.openedNewOld),
      linksAdded: (n: number) => t(f.count(n, m.apply.linksAddedOne, m.apply.linksAdded), { n }),
      /** Links per category after apply ("citations: 12 · figures: 3"); the category is the service's key. */
      statCount: (category: string, n: number) => t(m.apply.statCount, { category: (m.apply.category as Record<string, string>)[category] ?? category, n }),
      /** How many matches apply left unlinked, and each: its kind, its text and why (from its code when sent). */
      unlinked: (n: number) => t(f.count(n, m.apply.unlinkedOne, m.apply.unlinked), { n }),
      unlinkedItem: (u: { kind: string; sourceText: string; reason: string; reasonCode?: ReasonCode }) =>
        t(m.apply.unlinkedItem, { kind: words(m.review.kindSingular as Record<string, string>, u.kind), text: u.sourceText, reason: translateReason(u.reason, u.reasonCode) }),
      /** One decision that could not be carried: the sentence it was in (review/sentence.ts), its kind and decision. */
      notCarriedItem: (sentence: string, kind: string, choice: string) => t(m.apply.notCarriedItem, { sentence, kind, choice }),
      /** Mentions found in text added or changed since the scan: shown for review before anything is written. */
      added: (n: number) => t(f.count(n, m.apply.addedOne, m.apply.addedMany), { n }),
      addedItem: (kind: string, sentence: string) => t(m.apply.addedItem, { kind, sentence }),
      editAdded: (text: string) => t(m.apply.editAdded, { text }),
      editRemoved: (text: string) => t(m.apply.editRemoved, { text }),
      moreEdits: (n: number) => t(m.apply.moreEdits, { n }),
      carried: (n: number) => t(f.count(n, m.apply.carriedOne, m.apply.carried), { n }),
      notCarried: (n: number) => t(f.count(n, m.apply.notCarriedOne, m.apply.notCarried), { n }),
    },
    resume: {
      ...m.resume,
      offer: (n: number, when: Date) => t(f.count(n, m.resume.offerOne, m.resume.offer), { n, when: f.formatDate(when) }),
      same: (n: number) => t(f.count(n, m.resume.sameOne, m.resume.same), { n }),
      changed: (n: number) => t(f.count(n, m.resume.changedOne, m.resume.changed), { n }),
      notCarried: (n: number) => t(f.count(n, m.resume.notCarriedOne, m.resume.notCarried), { n }),
    },
    trackChanges: {
      ...m.trackChanges,
      /** Why this apply cannot be made as tracked links: it changes text, or links outside the body's paragraphs. */
      notOnlyLinks: (changed: number, elsewhere: number) => {
        const why = [
          ...(changed > 0 ? [t(f.count(changed, m.trackChanges.changesTextOne, m.trackChanges.changesText), { n: changed })] : []),
          ...(elsewhere > 0 ? [t(f.count(elsewhere, m.trackChanges.linksElsewhereOne, m.trackChanges.linksElsewhere), { n: elsewhere })] : []),
        ];
        return t(m.trackChanges.notOnlyLinks, { why: f.formatList(why) });
      },
    },
    /** Apply as tracked revisions: each link made in Word as its own tracked change. */
    revisions: {
      made: (n: number) => t(f.count(n, m.revisions.madeOne, m.revisions.made), { n }),
      linkMissed: (text: string) => t(m.revisions.linkMissed, { text }),
      targetMissed: (text: string) => t(m.revisions.targetMissed, { text: text.length > 60 ? `${text.slice(0, 57)}…` : text }),
    },
    verify: {
      ...m.verify,
      textChanged: (n: number, expected: string, actual: string) => t(m.verify.textChanged, { n, expected, actual }),
      links: (expected: number, actual: number) => t(m.verify.links, { expected, actual }),
      numbering: (expected: number, actual: number) => t(m.verify.numbering, { expected: t(f.count(expected, m.verify.numberedCountOne, m.verify.numberedCount), { n: expected }), actual }),
      couldNotCheck: (why: string) => t(m.verify.couldNotCheck, { why }),
    },
    review: {
      ...m.review,
      /** "325 matches · 1 needs attention · 0 reviewed · 12 to link": each count with the locale's singular or plural. */
      summary: (total: number, attention: number, decided: number, toLink: number) => {
        const c = (n: number, one: string, other: string) => t(f.count(n, one, other), { n });
        return t(m.review.summary, {
          total: c(total, m.review.matchCountOne, m.review.matchCount),
          attention: c(attention, m.review.attentionCountOne, m.review.attentionCount),
          decided: c(decided, m.review.decidedCountOne, m.review.decidedCount),
          toLink: c(toLink, m.review.toLinkCountOne, m.review.toLinkCount),
        });
      },
      /** The languages the scan read the manuscript in (ScanPacket.languages), by their names in the display language. */
      languages: (read: readonly string[], basis: 'detected' | 'pinned' | 'undetermined') =>
        basis === 'undetermined' ? m.review.languages.undetermined : t(m.review.languages[basis], { languages: f.formatList(read.map((code) => f.languageName(code))) }),
      approveAllReady: (n: number) => t(m.review.approveAllReady, { n }),
      approveShownReady: (n: number) => t(m.review.approveShownReady, { n }),
      apply: (n: number) => t(f.count(n, m.review.applyOne, m.review.apply), { n }),
      status: m.review.status as Record<string, string>,
      shown: (n: number, total: number) => (n === total ? t(m.review.shownAll, { n }) : t(m.review.shownSome, { n, total })),
      kindSingular: m.review.kindSingular as Record<string, string>,
      rowLabel: (action: string, kind: string, n: number, text: string, target: string) => t(m.review.rowLabel, { action, kind, n, text, target }),
      statusLabel: m.review.statusLabel as Record<string, string>,
      choiceLabel: m.review.choiceLabel as Record<string, string>,
      rowName: (kind: string, n: number, text: string, target: string) => t(m.review.rowName, { kind, n, text, target }),
      /** Said to screen readers (aria-live) as the list changes. */
      announce: {
        ...m.review.announce,
        decided: (choice: string, kind: string, n: number, text: string) => t(m.review.announce.decided, { choice, kind, n, text }),
        undone: (kind: string, n: number, text: string) => t(m.review.announce.undone, { kind, n, text }),
        many: (n: number) => t(f.count(n, m.review.announce.manyOne, m.review.announce.many), { n }),
        next: (kind: string, n: number, text: string, status: string) => t(m.review.announce.next, { kind, n, text, status }),
      },
      /** Plural names of the match kinds (filters, headings). */
      kindTitle: m.review.kindTitle as Record<string, string>,
      /** Why an action was refused (shown under the row). */
      problems: {
        ...m.review.problems,
        unknownTarget: (id: string) => t(m.review.problems.unknownTarget, { id }),
        wrongTargetType: (kind: string, wanted: string, got: string) => t(m.review.problems.wrongTargetType, { kind, wanted, got }),
        unknownMatch: (id: string) => t(m.review.problems.unknownMatch, { id }),
        notADoi: (text: string) => t(m.review.problems.notADoi, { text }),
      },
    },
    resolver: {
      ...m.resolver,
      heading: (counts: { resolved: number; reviewRequired: number; unresolved: number } | null | undefined) =>
        counts ? t(m.resolver.heading, { resolved: counts.resolved, review: counts.reviewRequired, unresolved: counts.unresolved }) : m.resolver.title,
      status: m.resolver.status as Record<string, string>,
      number: (n: number) => t(m.resolver.number, { n }),
      confidence: (percent: number) => t(m.resolver.confidence, { percent: f.formatPercent(percent) }),
      doiFor: (n: number) => t(m.resolver.doiFor, { n }),
      flag: (text: string) => t(m.resolver.flag, { text }),
      update: (type: string, date: string | null | undefined, notice: string) => {
        const kind = (m.resolver.updateType as Record<string, string>)[type] ?? type.replace(/_/g, ' ');
        return date ? t(m.resolver.update, { type: kind, date, notice }) : t(m.resolver.updateUndated, { type: kind, notice });
      },
      writtenDoiMissing: (doi: string) => t(m.resolver.writtenDoiMissing, { doi }),
      writtenDoiOther: (doi: string, title: string | null | undefined) => (title ? t(m.resolver.writtenDoiOther, { doi, title }) : t(m.resolver.writtenDoiOtherUntitled, { doi })),
      attentionList: (n: number) => t(f.count(n, m.resolver.attentionListOne, m.resolver.attentionList), { n }),
      showReady: (n: number) => t(m.resolver.showReady, { n }),
      hideReady: (n: number) => t(m.resolver.hideReady, { n }),
      approveAllReady: (n: number) => t(m.resolver.approveAllReady, { n }),
      unavailable: (why: string) => t(m.resolver.unavailable, { why }),
    },
    /** A reason the service gave, in the display language (as written when the pane does not know it). */
    reason: translateReason,
    style: {
      ...m.style,
      /** The calibrated probability of the detected style (a percentage, never a raw score). */
      probability: (percent: number) => t(m.style.probability, { percent: f.formatPercent(percent) }),
      runnerUp: (title: string, percent: number) => t(m.style.runnerUp, { title, percent: f.formatPercent(percent) }),
      noClearMatch: (closest: string[], percent: number | null = null) =>
        closest.length
          ? percent === null
            ? t(m.style.noClearMatchClosest, { closest: f.formatList(closest) })
            : t(m.style.noClearMatchLikely, { closest: f.formatList(closest), percent: f.formatPercent(percent) })
          : m.style.noClearMatch,
      /** The list's citation form in words. */
      form: { numeric: m.style.formNumeric, 'author-date': m.style.formAuthorDate, note: m.style.formNote },
      rewrite: (title: string | null) => (title ? t(m.style.rewrite, { title }) : m.style.rewriteChoose),
      previewLoading: (title: string) => t(m.style.previewLoading, { title }),
      previewFailed: (why: string) => t(m.style.previewFailed, { why }),
      previewHeading: (shown: number, total: number) => t(f.count(total, m.style.previewHeadingOne, m.style.previewHeading), { shown, total }),
      before: (text: string) => t(m.style.before, { text }),
      kept: (warning: string | null | undefined) => (warning ? t(m.style.keptWhy, { warning }) : m.style.kept),
      /** An entry that blocks the rewrite: its label and what it lacks, said from their codes when the service sent them. */
      blocking: (e: { label: string; lacks: string; labelCode?: ReasonCode; lacksCode?: ReasonCode }) =>
        translateReason(`${e.label}: ${e.lacks}`, e.labelCode && e.lacksCode ? { code: 'entryLacks', parts: { label: [e.labelCode], why: [e.lacksCode] } } : undefined),
    },
    account: {
      ...m.account,
      signedIn: (email: string) => t(m.account.signedIn, { email }),
      ownKey: (name: string, where: string) => t(m.account.ownKey, { name, where }),
      pastedKey: (where: string) => t(m.account.pastedKey, { where }),
      signOutProblem: (why: string) => t(m.account.signOutProblem, { why }),
      where: m.account.where as Record<string, string>,
    },
    settings: {
      ...m.settings,
      /** Words for the allowed values of the settings' choice fields. */
      options: m.settings.options as Record<string, Record<string, string>>,
      /** Each field's label, its group and an optional help line, by HyperlinkSettings field name. */
      fields: m.settings.fields as unknown as Record<string, [label: string, group: string, help?: string]>,
      /** Group names in display order; a field without an entry in `fields` goes to the last one. */
      groups: m.settings.groups,
      colorPicker: (label: string) => t(m.settings.colorPicker, { label }),
      allowed: (values: string[]) => t(m.settings.allowed, { values: values.join(', ') }),
      needsDoi: (field: string) => t(m.settings.needsDoi, { field }),
    },
    select: {
      ...m.select,
      otherPart: (part: string) => t(m.select.otherPart, { part: part.replace(/^word\//, '').replace(/\.xml$/, '') }),
      notFound: (text: string) => t(m.select.notFound, { text }),
    },
  };
}

export type Strings = ReturnType<typeof build>;

export const S: Strings = build(MESSAGES.en, new LocaleFormat('en'));

/** Replaces the contents of `target` with those of `source`, keeping every nested object and array's identity. */
function refill(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  for (const [key, value] of Object.entries(source)) {
    const old = target[key];
    if (Array.isArray(old) && Array.isArray(value)) old.splice(0, old.length, ...(value as unknown[]));
    else if (isPlainObject(old) && isPlainObject(value)) refill(old, value);
    else target[key] = value;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** Switches every string to the bundled locale for Office's display language; returns that locale (also `S.locale`). */
export function setDisplayLanguage(tag: string | null | undefined): Locale {
  const locale = resolveLocale(tag);
  refill(S as unknown as Record<string, unknown>, build(MESSAGES[locale], new LocaleFormat(locale)) as unknown as Record<string, unknown>);
  return locale;
}
