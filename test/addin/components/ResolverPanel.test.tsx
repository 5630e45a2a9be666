// The Crossref step's review: each reference with the proposed DOI (a link, never HTML), its status and
// flags, what needs a look first; approve, reject or a DOI typed in, reported through onChange.
import { buttons, click, control, mount, text, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useState } from 'react';
import { ResolverPanel } from '../../../addin/components/ResolverPanel.tsx';
import type { WorkChoices } from '../../../addin/review/resolver-choices.ts';
import { S } from '../../../addin/strings.ts';
import type { ReferenceCandidate, ResolvedWork, ResolverReport } from '../../../shared/contract.ts';

function ref(i: number, refText: string, status?: ReferenceCandidate['status']): ReferenceCandidate {
  return { refId: `r${i}`, index: i - 1, refText, refTextHtml: refText, author: null, year: null, title: null, existingDoi: null, existingUrl: null, ...(status ? { status } : {}) };
}

function work(doi: string, confidence: number, extra: Partial<ResolvedWork> = {}): ResolvedWork {
  return { doi, title: 'Moss growth', confidence, citationImpact: 'none', transactionPlan: null, year: '2004', ...extra };
}

const REPORT: ResolverReport = {
  scanFingerprint: 'sha256:ab',
  scanToken: 'tok',
  detectedCslId: null,
  styleDetection: null,
  resolverReport: { resolved: 1, reviewRequired: 2, unresolved: 1 },
  references: [ref(1, 'Brown AM. Moss growth. 2004.'), ref(2, 'Kowalski P. Frost. 1999.'), ref(3, 'Roe J. Unknown work.'), ref(4, 'Lee K. Retracted study. 2010.')],
  resolvedWorks: {
    r1: work('10.1000/moss', 0.97),
    r2: work('10.1000/frost', 0.62, { title: 'Frost <script>alert(1)</script>', status: 'low_confidence', reasons: ['title 0.71', 'year differs: 1999 vs 2001'] }),
    r4: work('10.1000/retracted', 0.95, { updates: [{ type: 'retraction', noticeDoi: '10.1000/notice', date: '2012-03-01' }] }),
  },
};

function Panel({ report, onChange }: { report: ResolverReport; onChange: (c: WorkChoices) => void }) {
  const [approved, setApproved] = useState<WorkChoices>({});
  return <ResolverPanel report={report} approved={approved} onChange={(c) => { onChange(c); setApproved(c); }} />;
}

const rowOf = (root: Element, refId: string) => root.querySelector<HTMLElement>(`[data-refid="${refId}"]`)!;

test('the heading counts; flagged references first, then the least sure; ready ones collapsed under their count; each proposal a doi.org link with its title as text', async () => {
  const m = await mount(<Panel report={REPORT} onChange={() => undefined} />);
  const panel = m.container.querySelector('section')!;
  assert.equal(panel.getAttribute('aria-label'), S.resolver.title);
  assert.match(text(panel), /Crossref DOIs: 1 ready, 2 to review, 1 not found/);
  assert.deepEqual([...panel.querySelectorAll('li')].map((li) => li.getAttribute('data-refid')), ['r4', 'r2', 'r3'], 'the ready one is not listed until asked for');
  await click(buttons(panel, S.resolver.showReady(1))[0]!);
  assert.deepEqual([...panel.querySelectorAll('li')].map((li) => li.getAttribute('data-refid')), ['r4', 'r2', 'r3', 'r1']);
  assert.match(text(rowOf(m.container, 'r4')), /⚠ retraction \(2012-03-01\): 10\.1000\/notice/);
  const link = rowOf(m.container, 'r2').querySelector('a')!;
  assert.equal(link.getAttribute('href'), 'https://doi.org/10.1000/frost');
  assert.equal(link.getAttribute('rel'), 'noreferrer');
  assert.equal(m.container.querySelector('script'), null);
  assert.match(text(rowOf(m.container, 'r2')), /low confidence 62%.*Frost <script>alert\(1\)<\/script> \(2004\).*year differs: 1999 vs 2001/);
  assert.match(text(rowOf(m.container, 'r3')), /no DOI found/);
  await m.unmount();
});

test('approve and reject report the choice for that reference, keeping the others', async () => {
  const seen: WorkChoices[] = [];
  const m = await mount(<Panel report={REPORT} onChange={(c) => seen.push(c)} />);
  await click(buttons(m.container, S.resolver.showReady(1))[0]!);
  await click(buttons(rowOf(m.container, 'r1'), S.resolver.approve)[0]!);
  await click(buttons(rowOf(m.container, 'r4'), S.resolver.reject)[0]!);
  assert.deepEqual(seen.at(-1), { r1: { approved: true }, r4: { approved: false } });
  await m.unmount();
});

test('a reference with no proposal cannot be approved until a DOI is typed; a half-typed DOI is said not to be one yet', async () => {
  const seen: WorkChoices[] = [];
  const m = await mount(<Panel report={REPORT} onChange={(c) => seen.push(c)} />);
  const row = () => rowOf(m.container, 'r3');
  assert.equal(buttons(row(), S.resolver.approve)[0]!.hasAttribute('disabled'), true);
  const input = control(row(), S.resolver.doiFor(3));
  await type(input, '10.10');
  assert.deepEqual(seen.at(-1), { r3: { approved: false, doi: '10.10' } });
  assert.match(text(row()), new RegExp(S.resolver.notADoiYet.replace(/[()./…]/g, '.')));
  assert.equal(control(row(), S.resolver.doiFor(3)).getAttribute('aria-invalid'), 'true');
  await type(control(row(), S.resolver.doiFor(3)), 'https://doi.org/10.1000/roe.2020');
  assert.deepEqual(seen.at(-1), { r3: { approved: true, doi: 'https://doi.org/10.1000/roe.2020' } });
  assert.equal(buttons(row(), S.resolver.approve)[0]!.hasAttribute('disabled'), false);
  await type(control(row(), S.resolver.doiFor(3)), '');
  assert.deepEqual(seen.at(-1), { r3: { approved: false } });
  await m.unmount();
});

test('no references: said in words', async () => {
  const m = await mount(<Panel report={{ ...REPORT, references: [], resolvedWorks: {} }} onChange={() => undefined} />);
  assert.equal(text(m.container), S.resolver.none);
  await m.unmount();
});

test('"approve all ready" approves every ready, unflagged proposal in one step, keeping the other choices', async () => {
  const seen: WorkChoices[] = [];
  const many: ResolverReport = {
    ...REPORT,
    references: [...REPORT.references, ref(5, 'Kim S. Ice. 2011.'), ref(6, 'Ng T. Snow. 2012.')],
    resolvedWorks: { ...REPORT.resolvedWorks, r5: work('10.1000/ice', 0.96), r6: work('10.1000/snow', 0.99) },
  };
  const m = await mount(<Panel report={many} onChange={(c) => seen.push(c)} />);
  await click(buttons(rowOf(m.container, 'r4'), S.resolver.reject)[0]!);
  await click(buttons(m.container, S.resolver.approveAllReady(3))[0]!);
  assert.deepEqual(seen.at(-1), { r4: { approved: false }, r1: { approved: true }, r5: { approved: true }, r6: { approved: true } });
  assert.equal(buttons(m.container, S.resolver.approveAllReady(0))[0]!.hasAttribute('disabled'), true);
  assert.equal(m.container.querySelectorAll('li').length, 3, 'still collapsed');
  await m.unmount();
});
