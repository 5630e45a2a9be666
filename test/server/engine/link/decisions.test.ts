// Review decisions turned into link plans on a real detection: each decision checked against the
// analysis (one row per refusal, each a DecisionError with its reason), and what each accepted decision
// plans: an internal link, an external DOI link, a reference-title link, or an unlinked item with a reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DecisionError } from '../../../../server/engine/errors.ts';
import { doiUrl, planDecisions } from '../../../../server/engine/link/decisions.ts';
import { detect } from '../../../../server/engine/scan.ts';
import type { ReviewDecision } from '../../../../shared/contract.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { unmatchedItemSchema } from '../../../../shared/schemas/documents.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const body = [
  p('Growth is fast [1] and slow [2], see Figure 1 and Figure 7; doi:10.1000/abc.9 too.'),
  p('Figure 1. Growth.', 'Caption'),
  p('References', 'Heading1'),
  p('1. Smith J. Moss on walls. J Bot. 2004;12:1–9. doi:10.1000/moss.1'),
  p('2. Lee K. Light. Ecol. 2020;3:7.'),
].join('');
const detection = detect(await buildDocx({ body }), parseSettings({ doi: true }));
const ids = [...detection.matchById.keys()];
const idOf = (kind: string, text: string) => ids.find((id) => {
  const m = detection.matchById.get(id)!;
  return m.kind === kind && m.paragraph.text.slice(m.start, m.end) === text;
})!;
const plan = (decisions: ReviewDecision[]) => planDecisions(detection.matchById, detection.targetById, decisions);
const cite1 = idOf('citation', '1');
const cite2 = idOf('citation', '2');
const fig1 = idOf('figure', '1');
const fig7 = idOf('figure', '7');
const doi = idOf('doi', '10.1000/abc.9');

const refusals: Array<[string, unknown, string]> = [
  ['not an array', {}, 'invalid-decision'],
  ['no refId', [{ status: 'approved' }], 'invalid-decision'],
  ['an unknown status', [{ refId: cite1, status: 'maybe' }], 'invalid-decision'],
  ['two decisions for one match', [{ refId: cite1, status: 'approved' }, { refId: cite1, status: 'skipped' }], 'duplicate-decision'],
  ['an unknown target', [{ refId: cite1, status: 'retargeted', targetId: 'bib-99' }], 'unknown-target-id'],
  ['a retarget without a target', [{ refId: cite1, status: 'retargeted' }], 'invalid-decision'],
  ['an unknown refId', [{ refId: 'nope', status: 'approved' }], 'unknown-ref-id'],
  ['link_only without any DOI', [{ refId: cite2, status: 'link_only' }], 'missing-doi'],
];
for (const [name, decisions, reason] of refusals) {
  test(`refused: ${name}`, () => {
    assert.throws(() => plan(decisions as ReviewDecision[]), (err: unknown) => err instanceof DecisionError && err.reason === reason);
  });
}

test('approved and retargeted matches become internal links; an approved DOI an external one', () => {
  const out = plan([
    { refId: cite1, status: 'approved' },
    { refId: cite2, status: 'retargeted', targetId: 'bib-1' },
    { refId: doi, status: 'approved' },
  ]);
  assert.deepEqual(out.internal.map((i) => [i.refId, i.target.key, i.relink]), [[cite1, 'bib-1', false], [cite2, 'bib-1', false]]);
  assert.deepEqual(out.external.map((e) => [e.refId, e.doi]), [[doi, '10.1000/abc.9']]);
  assert.equal(out.applied, 3);
});

test('link_only: a citation links to its reference\'s DOI; a decision on a reference links its title', () => {
  const out = plan([{ refId: cite1, status: 'link_only' }, { refId: 'bib-2', status: 'link_only', doi: 'https://doi.org/10.1000/LIGHT.2' }]);
  assert.deepEqual(out.external.map((e) => [e.refId, e.doi]), [[cite1, '10.1000/moss.1']]);
  assert.deepEqual(out.references.map((r) => [r.target.key, r.doi, r.source]), [['bib-2', '10.1000/LIGHT.2', 'link_only']]);
});

test('what stays unlinked says why, as a code and its English: skipped (with the reviewer\'s reason), no target, no decision', () => {
  const out = plan([{ refId: cite1, status: 'skipped', reason: 'wrong reference' }, { refId: cite2, status: 'skipped' }, { refId: fig7, status: 'approved' }]);
  const why = Object.fromEntries(out.unmatched.map((u) => [u.refId, [u.status, u.reason, u.reasonCode]]));
  assert.deepEqual(why[cite1], ['skipped', 'skipped: wrong reference', { code: 'skippedWithReason', values: { reason: 'wrong reference' } }], 'the reviewer\'s words are a value');
  assert.deepEqual(why[cite2], ['skipped', 'skipped by the reviewer', { code: 'skippedByReviewer' }]);
  assert.deepEqual(why[fig7], ['unmatched', 'no figure 7 in the document', { code: 'noTarget', values: { kind: 'figure', key: '7' } }], 'the match\'s own reason');
  assert.deepEqual(why[fig1], ['ready', 'no decision', { code: 'noDecision' }]);
  assert.equal(out.internal.length, 0);
  for (const u of out.unmatched) assert.equal(unmatchedItemSchema.safeParse(u).success, true, u.refId);
});

test('a match left without a decision and without a reason of its own: "no decision" and its status, as a value', () => {
  const m = detection.matchById.get(fig7)!;
  const { reason, reasonCode } = m;
  try {
    delete m.reason;
    delete m.reasonCode;
    const u = plan([]).unmatched.find((x) => x.refId === fig7)!;
    assert.deepEqual([u.reason, u.reasonCode], ['no decision (unmatched)', { code: 'noDecisionStatus', values: { status: 'unmatched' } }]);
  } finally {
    Object.assign(m, { reason, reasonCode });
  }
});

test('an approved DOI match without a DOI, a link_only decision on a match already in a link: why, as codes', () => {
  const m = detection.matchById.get(doi)!;
  const kept = m.doi;
  try {
    m.doi = 'not a doi';
    assert.deepEqual(plan([{ refId: doi, status: 'approved' }]).unmatched.find((u) => u.refId === doi)!.reasonCode, { code: 'noDoi' });
  } finally {
    m.doi = kept;
  }
  const c = detection.matchById.get(cite1)!;
  const status = c.status;
  try {
    c.status = 'identity_change';
    const u = plan([{ refId: cite1, status: 'link_only' }]).unmatched.find((x) => x.refId === cite1)!;
    assert.deepEqual([u.status, u.reason, u.reasonCode], ['identity_change', 'already inside a link; link_only cannot re-point it', { code: 'linkOnlyInLink' }]);
  } finally {
    c.status = status;
  }
});

test('doiUrl escapes what a URL cannot carry', () => {
  assert.equal(doiUrl('10.1000/abc'), 'https://doi.org/10.1000/abc');
  assert.equal(doiUrl('10.1002/(SICI)1097<12:3>#x?y'), 'https://doi.org/10.1002/(SICI)1097%3C12:3%3E%23x%3Fy');
});
