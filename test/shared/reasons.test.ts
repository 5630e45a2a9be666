// Reasons as codes: each code's English sentence filled from its values (a count choosing its form), a match
// given both, a report's reasons and warnings as sentences with their codes beside them, and the pane's
// locales saying every code: the English one exactly as the service's sentence, the others with the same
// placeholders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explain, isMatchReason, REASON_CODES, reasonFields, reasonOf, reasonText, warningFields } from '../../shared/reasons.ts';
import { MESSAGES } from '../../addin/i18n/messages.ts';
import { placeholdersOf } from '../helpers/placeholders.ts';
import { componentViolations } from '../helpers/openapi-check.ts';
import { causeOf } from '../../shared/causes.ts';

/** Every code: the match reasons, the resolver's, apply's warnings, why apply left a match unlinked and the causes inside them. */
const ALL_CODES = [...REASON_CODES.match, ...REASON_CODES.resolver, ...REASON_CODES.apply, ...REASON_CODES.unlinked, ...REASON_CODES.cause];

type Explained = { reason?: string; reasonCode?: { code: string; values?: Record<string, string> } };

test('explain sets the code (values only when there are some) and the English sentence, valid for the contract', () => {
  const m: Explained = {};
  explain(m, 'noSuffix', { suffix: 'c' });
  assert.deepEqual(m, { reasonCode: { code: 'noSuffix', values: { suffix: 'c' } }, reason: 'no reference with year suffix c' });
  assert.deepEqual(componentViolations('ReasonCode', m.reasonCode), []);
  explain(m, 'noTarget', { kind: 'figure', key: '7' });
  assert.equal(m.reason, 'no figure 7 in the document');
  explain(m, 'meaningChanged', { label: '[2]', now: '[3]' });
  assert.equal(m.reason, 'the link points at [2] but the text now means [3]');
  explain(m, 'math');
  assert.deepEqual(m, { reasonCode: { code: 'math' }, reason: 'inside an equation' });
  explain(m, 'numberedMissing');
  assert.equal(m.reason, 'no reference numbered {n}', 'a placeholder without a value is left as written');
});

test('a count picks the sentence of one or of more; numbers become strings; an unknown code is said as its name', () => {
  assert.deepEqual(reasonOf('unexplained', { n: 1 }), { code: 'unexplained', values: { n: '1' } });
  assert.equal(reasonText(reasonOf('unexplained', { n: 1 })), '1 number in the reference not in the record');
  assert.equal(reasonText(reasonOf('unexplained', { n: 3 })), '3 numbers in the reference not in the record');
  assert.equal(reasonText(reasonOf('fieldAgreesScore', { field: 'title', score: '0.93' })), 'title agrees (0.93)');
  assert.equal(reasonText({ code: 'toString' }), 'toString');
});

test('a report carries the sentences and, beside them in the same order, the codes', () => {
  const rs = [reasonOf('writtenMissing', { doi: '10.1/x' }), reasonOf('betterCandidate', { doi: '10.1/y' })];
  assert.deepEqual(reasonFields(rs), { reasons: ['written DOI 10.1/x does not exist in Crossref', 'better candidate 10.1/y'], reasonCodes: rs });
  const ws = [reasonOf('doiNotWritten', { label: '[3]', why: 'overlaps another link' }), reasonOf('notConsecutive')];
  const out = warningFields(ws);
  assert.deepEqual(out.warnings, ['[3]: DOI link not written (overlaps another link)', 'Bibliography rewrite: the entries are not consecutive paragraphs of one part, so the list keeps its order']);
  assert.deepEqual(out.warningCodes, ws);
  for (const c of out.warningCodes) assert.deepEqual(componentViolations('ReasonCode', c), []);
});

test('a warning whose placeholders causes fill carries them as parts, their English in its values', () => {
  const label = causeOf('referenceLabel', { number: '[4]' });
  const lacks = causeOf('unreadWords', { words: 'reprinted, moss' });
  const w = reasonOf('keptPartial', {}, { label: [label], why: [lacks] });
  assert.deepEqual(w, { code: 'keptPartial', values: { label: 'Reference [4]', why: 'the reading does not account for: reprinted, moss' }, parts: { label: [label], why: [lacks] } });
  assert.equal(reasonText(w), 'Reference [4]: the reading does not account for: reprinted, moss (kept as written: partial rewrite)');
  assert.deepEqual(componentViolations('ReasonCode', w), [], 'parts are codes too (the schema is recursive)');
  assert.notDeepEqual(componentViolations('ReasonCode', { code: 'keptPartial', parts: { why: ['a sentence'] } }), [], 'a part is a code, never a sentence');
});

test('the match codes are told apart from the resolver\'s and apply\'s', () => {
  assert.equal(isMatchReason('noTarget'), true);
  assert.equal(isMatchReason('fieldAgrees'), false, 'a resolver code, not a match code');
  assert.equal(isMatchReason('toString'), false);
  assert.equal(REASON_CODES.match.length, 29);
  assert.equal(new Set(ALL_CODES).size, ALL_CODES.length, 'no code in two tables');
});

/** Values that fill every placeholder a code's sentence may have. */
const SAMPLE: Record<string, string> = {
  n: '2', kind: 'figure', key: '7', suffix: 'a', name: 'Smith', label: '[2]', now: '[3]', doi: '10.1/x', why: 'w', title: 't', field: 'year', score: '0.5', type: 'retraction', date: '2020-01-01', text: '[1]', style: 'apa', total: '9', rewritten: '5', unchanged: '4', kept: '1', labels: 'Reference 4', entries: 'e',
  // why apply left a match unlinked: the reviewer's own words
  reason: 'wrong paper',
  // the causes' (shared/causes.ts)
  number: '4', words: 'reprinted', fields: 'journal', mark: ': :', element: 'w:ins', family: 'label', list: 'numeric', cited: 'author-date', form: 'numeric', citations: 'c', numbers: '9', hold: 'math', seconds: '20', error: 'ENOTFOUND', status: '503', body: 'b', path: '/works', bytes: '1000',
};

test('the pane\'s English says every code exactly as the service\'s sentence (a count\'s form of one too)', () => {
  const english = MESSAGES.en.reasons as Record<string, string>;
  for (const code of ALL_CODES) {
    const template = english[code];
    assert.ok(template !== undefined, `en.json has no reason ${code}`);
    assert.equal(template.replace(/\{(\w+)\}/g, (_, k: string) => SAMPLE[k] ?? `{${k}}`), reasonText({ code, values: SAMPLE }), code);
    // Where the service has a sentence of its own for one (not just the count changed), the pane's form of one is it.
    const one = english[`${code}One`];
    const serviceOne = reasonText({ code, values: { ...SAMPLE, n: '1' } });
    if (one !== undefined && serviceOne !== reasonText({ code, values: SAMPLE }).replace(/^2/, '1')) {
      assert.equal(one.replace(/\{(\w+)\}/g, (_, k: string) => (k === 'n' ? '1' : SAMPLE[k]!)), serviceOne, `${code}One`);
    }
  }
});

test('every locale says every code, with the placeholders of the English sentence, and nothing else', () => {
  const english = MESSAGES.en.reasons as Record<string, string>;
  const codes = ALL_CODES;
  const plurals = Object.keys(english).filter((k) => k.endsWith('One') && codes.includes(k.slice(0, -3) as never));
  assert.deepEqual(Object.keys(english).sort(), [...codes, ...plurals].sort(), 'en.json reasons are the codes and their forms of one');
  for (const [locale, messages] of Object.entries(MESSAGES)) {
    const said = messages.reasons as Record<string, string>;
    for (const key of Object.keys(english)) assert.deepEqual(placeholdersOf(said[key] ?? ''), placeholdersOf(english[key]!), `${locale}: ${key}`);
  }
});
