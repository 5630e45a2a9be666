// The match reasons as codes: each code's English sentence filled from its values, a match given both,
// and the pane's English locale saying every code exactly as the service's sentence does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explain, isMatchReason } from '../../shared/reasons.ts';
import { MESSAGES } from '../../addin/i18n/messages.ts';
import { reasonCodeSchema } from '../../shared/schemas/documents.ts';

type Explained = { reason?: string; reasonCode?: { code: string; values?: Record<string, string> } };

test('explain sets the code (values only when there are some) and the English sentence, valid for the contract', () => {
  const m: Explained = {};
  explain(m, 'noSuffix', { suffix: 'c' });
  assert.deepEqual(m, { reasonCode: { code: 'noSuffix', values: { suffix: 'c' } }, reason: 'no reference with year suffix c' });
  assert.equal(reasonCodeSchema.safeParse(m.reasonCode).success, true);
  explain(m, 'noTarget', { kind: 'figure', key: '7' });
  assert.equal(m.reason, 'no figure 7 in the document');
  explain(m, 'meaningChanged', { label: '[2]', now: '[3]' });
  assert.equal(m.reason, 'the link points at [2] but the text now means [3]');
  explain(m, 'math');
  assert.deepEqual(m, { reasonCode: { code: 'math' }, reason: 'inside an equation' });
  explain(m, 'numberedMissing');
  assert.equal(m.reason, 'no reference numbered {n}', 'a placeholder without a value is left as written');
});

test('the match codes, and the pane\'s English saying each exactly as the service\'s sentence', () => {
  assert.equal(isMatchReason('noTarget'), true);
  assert.equal(isMatchReason('fieldAgrees'), false, 'a resolver sentence, not a match code');
  assert.equal(isMatchReason('toString'), false);
  const english = MESSAGES.en.reasons as Record<string, string>;
  const codes = Object.keys(english).filter(isMatchReason);
  assert.equal(codes.length, 29);
  for (const code of codes) {
    const m: Explained = {};
    explain(m, code);
    assert.equal(m.reason, english[code], code);
  }
});
