// The pane's words in the display language (setDisplayLanguage): `S` is refilled in place so tables read
// from it at load follow; numbers, percentages, dates and counts go through the locale's Intl formats; the
// service's reason sentences and refusal codes come out in the display language. (Which locale a tag
// resolves to: test/addin/i18n/locale.test.ts; the tag at start: test/addin/boot/language.test.ts.)
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { S, setDisplayLanguage } from '../../addin/strings.ts';
import { reasonOf, reasonText } from '../../shared/reasons.ts';
import { causeOf } from '../../shared/causes.ts';
import { KIND_TITLES } from '../../addin/review/kinds.ts';
import { groupedSettingsFields } from '../../addin/settings/settings-fields.ts';

const settingsFields = () => groupedSettingsFields().flatMap((g) => g.fields);

afterEach(() => setDisplayLanguage('en-US'));

test('German: every word of the pane changes, and tables read at module load follow', () => {
  const titles = KIND_TITLES;
  assert.equal(S.app.tabs.settings, 'Settings');
  assert.equal(titles.figure, 'Figures');
  assert.equal(setDisplayLanguage('de-AT'), 'de');
  assert.equal(S.locale, 'de');
  assert.equal(S.app.tabs.review, 'Prüfen');
  assert.equal(S.app.tabs.settings, 'Einstellungen');
  assert.equal(titles.figure, 'Abbildungen', 'the same object, refilled');
  assert.equal(S.review.kindSingular.table, 'Tabelle');
  assert.equal(S.review.statusLabel.low_confidence, 'unsicher');
  assert.equal(S.review.status.attention, 'Zu beachten');
  assert.deepEqual(groupedSettingsFields().slice(0, 2).map((g) => g.group), ['Zitate', 'Querverweise']);
  const figures = settingsFields().find((f) => f.name === 'figures')!;
  assert.equal(figures.label, 'Abbildungen');
  assert.equal(figures.group, 'Querverweise');
  assert.equal(S.review.summary(1234, 5, 6, 7), '1.234 Treffer · 5 zu beachten · 6 geprüft · 7 zu verlinken');
  setDisplayLanguage('en');
  assert.equal(titles.figure, 'Figures');
  assert.equal(S.review.summary(1234, 5, 6, 7), '1,234 matches · 5 need attention · 6 reviewed · 7 to link');
});

test('the pane’s numbers, percentages, dates and lists follow the display locale’s conventions', () => {
  const when = new Date(Date.UTC(2026, 10, 27, 9, 5));
  setDisplayLanguage('de');
  assert.equal(S.resolver.confidence(92), '92\u00a0%');
  assert.equal(S.style.probability(97), '97\u00a0% wahrscheinlich');
  assert.equal(S.style.runnerUp('APA', 30), 'Oder vielleicht APA (30\u00a0% wahrscheinlich).');
  assert.match(S.resume.offer(50, when), /^Ihre Prüfung dieses Dokuments vom 27\.11\.2026.* ist gespeichert \(50 Entscheidungen\)\.$/);
  assert.equal(S.style.noClearMatch(['APA', 'Nature']), 'Stil unbekannt; am nächsten: APA, Nature.');
  assert.equal(S.style.noClearMatch(['APA'], 40), 'Stil unbekannt; am nächsten: APA (40\u00a0% wahrscheinlich).');
  assert.equal(S.style.form['author-date'], 'Zitierform: Autor–Jahr.');
  assert.equal(S.apply.statCount('figures', 3), 'Abbildungen: 3');
  assert.equal(S.resolver.update('expression_of_concern', null, '10.1/x'), 'Expression of Concern (Bedenken): 10.1/x');
});

test('counts pick the locale’s singular or plural: 1 link, 2 links; French 0 and 1 singular', () => {
  assert.equal(S.review.apply(1), 'Apply 1 link');
  assert.equal(S.review.apply(2), 'Apply 2 links');
  assert.equal(S.apply.linksAdded(1), '1 link added');
  assert.equal(S.resume.same(0), 'Review resumed: your 0 decisions are back.');
  setDisplayLanguage('fr');
  assert.equal(S.review.apply(0), 'Appliquer le lien (0)');
  assert.equal(S.review.apply(1), 'Appliquer le lien (1)');
  assert.equal(S.review.apply(2), 'Appliquer les liens (2)');
  setDisplayLanguage('de');
  assert.equal(S.resume.offer(1, new Date(0)).endsWith('(1 Entscheidung).'), true);
  assert.equal(S.resume.offer(2, new Date(0)).endsWith('(2 Entscheidungen).'), true);
});

test('the service’s reasons are said in the display language from their codes; a sentence without a known code, as written', () => {
  const say = (code: Parameters<typeof reasonOf>[0], values: Record<string, string | number> = {}) => {
    const r = reasonOf(code, values);
    return S.reason(reasonText(r), r);
  };
  assert.equal(S.reason('something the pane never heard of'), 'something the pane never heard of');
  assert.equal(S.reason('a sentence from a newer service', { code: 'notYetKnown' }), 'a sentence from a newer service');
  assert.equal(say('existingHyperlink'), 'inside an existing hyperlink');
  assert.equal(say('unexplained', { n: 1 }), '1 number in the reference not in the record');
  assert.equal(say('referencesHeld', { n: 1 }), '1 reference held: the registry did not answer; resolve it later.', 'the pane’s own plural form');
  setDisplayLanguage('de-DE');
  assert.equal(S.reason('no figure 7 in the document'), 'no figure 7 in the document', 'no code: as written');
  assert.equal(say('noTarget', { kind: 'figure', key: '7' }), 'kein Ziel „Abbildung 7“ im Dokument');
  assert.equal(say('severalAuthorYear', { n: 3 }), '3 Literaturangaben passen zu diesem Autor und Jahr');
  assert.equal(say('fieldPartly', { field: 'title', score: '0.62' }), 'Titel stimmt teilweise überein (0,62)');
  assert.equal(say('runnerUp', { doi: '10.1000/abc' }), 'der Zweitplatzierte 10.1000/abc schneidet fast genauso gut ab');
  assert.equal(say('citationManager'), 'innerhalb eines von Zotero, Mendeley oder EndNote verwalteten Zitats');
  assert.equal(say('rewriteNoList'), 'Umschreiben des Literaturverzeichnisses abgelehnt: es wurde keine Literaturliste gefunden.');
  assert.equal(say('rewriteDone', { style: 'apa', total: 1200, rewritten: 1180, unchanged: 20 }), 'Literaturverzeichnis umgeschrieben (apa): 1.200 Einträge, 1.180 umgeschrieben, 20 bereits im Stil.');
  assert.equal(say('unexplained', { n: 1 }), '1 Zahl in der Literaturangabe fehlt im Datensatz');
  assert.equal(say('unexplained', { n: 2 }), '2 Zahlen in der Literaturangabe fehlen im Datensatz');
  assert.equal(say('updateDated', { type: 'expression of concern', doi: '10.1/n', date: '2021-02-03' }), 'Expression of Concern (Bedenken): Mitteilung 10.1/n (2021-02-03)');
  assert.equal(say('doiNotWritten', { label: '[4]', why: 'overlaps another link' }), '[4]: DOI-Link nicht geschrieben (overlaps another link)', 'a cause sent as English only stays as written');
  // Why apply left a match unlinked: a match status in words, the reviewer's own words as written.
  assert.equal(say('noDecisionStatus', { status: 'low_confidence' }), 'keine Entscheidung (unsicher)');
  assert.equal(say('skippedWithReason', { reason: 'wrong paper' }), 'übersprungen: wrong paper');
  assert.equal(say('referenceDoiHere', { doi: '10.1/x' }), 'hier wird stattdessen der DOI-Link der Literaturangabe (10.1/x) geschrieben');
  assert.match(say('registryStatus', { status: '503' }), /503/, 'an HTTP status is no match status: as sent');
  const label = causeOf('referenceLabel', { number: '4' });
  const noText = reasonOf('doiNoText', {}, { label: [label] });
  assert.equal(S.reason(reasonText(noText), noText), 'Literaturangabe 4: kein Text, der mit seiner DOI verlinkt werden könnte', 'the entry\'s label said from its code');
  setDisplayLanguage('fr');
  assert.equal(say('unexplained', { n: 0 }), '0 nombre de la référence absent de la notice', 'French says one for 0 too');
  setDisplayLanguage('ja');
  assert.equal(say('referenceList'), '参考文献リスト内にあります');
});

test('the causes inside a warning are said from their codes: what an entry lacks, a refusal, a label, a registry failure', () => {
  const label = causeOf('referenceLabel', { number: '4' });
  const lacks = causeOf('abbreviatedAuthors', {});
  const kept = reasonOf('keptPartial', {}, { label: [label], why: [lacks] });
  assert.equal(S.reason(reasonText(kept), kept), 'Reference 4: the author list is abbreviated ("et al."), and the style would print names it leaves out (kept as written: partial rewrite)', 'English as the service says it');
  const blocked = causeOf('renumberBlocked', { style: 'vancouver', n: 1 }, { citations: [causeOf('citationPageLocator', { text: '[6, p. 4]' })] });
  const refused = reasonOf('previewRefused', {}, { why: [blocked] });
  setDisplayLanguage('de');
  assert.equal(S.reason(reasonText(kept), kept), 'Literaturangabe 4: die Autorenliste ist abgekürzt („et al.“), und der Stil würde Namen ausgeben, die sie weglässt (wie geschrieben belassen: teilweises Umschreiben)');
  assert.equal(S.style.blocking({ label: 'Reference 4', lacks: 'x', labelCode: label, lacksCode: causeOf('unreadWords', { words: 'reprinted' }) }), 'Literaturangabe 4: die Auslesung erklärt nicht: reprinted');
  assert.equal(S.style.blocking({ label: 'Reference 4', lacks: 'the reading does not account for: reprinted' }), 'Reference 4: the reading does not account for: reprinted', 'no codes: as the service wrote it');
  assert.match(S.reason(reasonText(refused), refused), /^Das Umschreiben würde abgelehnt: vancouver nummeriert die Liste anders, und 1 Zitat im Text kann nicht folgen: das Zitat „\[6, p\. 4\]“ kann nicht umnummeriert werden: es enthält eine Seitenangabe/);
  const form = causeOf('formsDisagree', { list: 'numeric', cited: 'author-date' });
  assert.equal(S.reason(reasonText(form), form), 'die Literaturliste ist numerisch, der Text zitiert aber Autor–Jahr: das Umschreiben kann nicht erkennen, aus welcher Form es umwandeln soll');
  const held = reasonOf('registryUnavailable', {}, { why: [causeOf('registryTimeout', { seconds: 20 })] });
  assert.match(S.reason(reasonText(held), held), /keine Antwort innerhalb von 20 s/);
  const unknownPart = reasonOf('keptEntry', { label: '[4]' }, { why: [{ code: 'fromANewerService' }] });
  assert.equal(S.reason('the service’s sentence', unknownPart), 'the service’s sentence', 'a part the pane does not know: the sentence as written');
  setDisplayLanguage('ja');
  assert.match(S.reason(reasonText(kept), kept), /^参考文献 4: /);
});

test('a refused file’s reason code in words with its fix, in the display language; unknown codes give null', () => {
  assert.match(S.errors.docxRejected('legacy-doc')!, /Word 97–2003 \(\.doc\).*Save it as a Word Document \(\.docx\)/);
  assert.equal(S.errors.docxRejected('no-such-reason'), null);
  setDisplayLanguage('fr-FR');
  assert.match(S.errors.docxRejected('encrypted')!, /^Le service ne peut pas lire ce fichier comme un document Word : il est protégé par un mot de passe/);
  assert.match(S.errors.cslRejected('csl_not_a_style')!, /ce n’est pas un style CSL/);
});

