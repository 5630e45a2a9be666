// The Checks step (issue 21): the findings' counts per severity, grouped by severity with their sentences,
// and selecting a finding goes to its text in the document through the same path as a match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { button, click, mount, settle, text } from '../../helpers/dom.ts';
import { App } from '../../../addin/components/App.tsx';
import { ChecksPanel } from '../../../addin/components/ChecksPanel.tsx';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { findingPlace, severityCounts } from '../../../addin/review/findings.ts';
import type { Account } from '../../../addin/settings/account.ts';
import { S } from '../../../addin/strings.ts';
import type { CheckFinding, ScanPacket } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { fakeService } from '../../helpers/fake-service-client.ts';
import { packet } from '../fixtures.ts';

const at = (paragraph: number, start: number, end: number) => ({ part: 'word/document.xml', paragraph, start, end });
const FINDINGS: CheckFinding[] = [
  { code: 'citation-without-entry', severity: 'error', message: '“[45]” cites no entry: the list ends at 44', location: at(0, 20, 22), context: { before: 'As Figure 1 shows [', after: '].' }, text: '45', related: [] },
  { code: 'entry-not-cited', severity: 'warning', message: 'Reference [2] is never cited', location: at(2, 0, 40), context: { before: '', after: '2. Roe A. Deep nets and their training…' }, related: ['ref2'] },
  { code: 'undecided', severity: 'note', message: 'Entry 3 could not be read', location: at(3, 0, 10), context: { before: '', after: '3. ???' }, related: [] },
  { code: 'mention-without-target', severity: 'error', message: '“Figure 7” is mentioned but there are 6 figures', location: at(1, 4, 5), context: { before: 'See Figure ', after: ' for this.' }, text: '7', related: [] },
];

test('counts per severity, a group per severity with each finding and its sentence', () => {
  assert.deepEqual(severityCounts(FINDINGS), { error: 2, warning: 1, note: 1 });
  const html = renderToStaticMarkup(<ChecksPanel findings={FINDINGS} onSelect={() => undefined} />);
  assert.ok(html.includes(S.checks.counts(2, 1, 1)), html);
  const order = ['data-severity="error"', 'data-severity="warning"', 'data-severity="note"'].map((s) => html.indexOf(s));
  assert.ok(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!)), 'errors, then warnings, then notes');
  assert.ok(html.includes('See Figure 7 for this.'), 'a mention is quoted with its sentence');
  assert.ok(html.includes('2. Roe A. Deep nets and their training…'), 'an entry by its first words');
  assert.equal(renderToStaticMarkup(<ChecksPanel findings={[]} onSelect={() => undefined} />).includes(S.checks.none), true);
});

test('a finding becomes a place to select: the mention, or the first words of the entry, at its location', () => {
  const mention = findingPlace(FINDINGS[0]!, 0);
  assert.equal(mention.sourceText, '45');
  assert.deepEqual(mention.location, FINDINGS[0]!.location);
  const entry = findingPlace(FINDINGS[1]!, 1);
  assert.equal(entry.sourceText, '2. Roe A. Deep nets and');
  assert.deepEqual(entry.location, FINDINGS[1]!.location);
});

test('in the pane: a Checks step with the count, and selecting a finding selects its text in the document', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: p('As Figure 1 shows [45].') + p('See Figure 7 for this.') }), 'paper.docx');
  const svc = fakeService((): ScanPacket => ({ ...packet(), scanFingerprint: 'sha256:ab', scanToken: 'tok', detectedCslId: null, checks: FINDINGS }));
  const store = { kind: 'memory' as const, get: () => null, set: async () => undefined };
  const account: Account = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_x', keyId: null, keyName: null, email: null, sessionToken: null };
  const m = await mount(<App host={host} store={store} initialAccount={account} initialSettings={{ ...DEFAULT_SETTINGS }} clientFor={svc.clientFor} />);
  await click(button(m.container, S.scan.scan));
  await settle();
  const steps = m.container.querySelector('[data-testid="review-steps"]')!;
  const checksTab = [...steps.querySelectorAll('[role="tab"]')].find((x) => text(x.querySelector('.fui-Tab__content')!) === S.app.steps.checks(4));
  assert.ok(checksTab, 'a Checks step with the number of findings');
  await click(checksTab);
  const panel = m.container.querySelector('[data-testid="checks-panel"]')!;
  assert.ok(text(panel).includes(S.checks.counts(2, 1, 1)));
  await click(panel.querySelector('button[data-code="mention-without-target"]')!);
  await settle();
  assert.deepEqual(host.selections.map((s) => s.sourceText), ['7']);
  await m.unmount();
});
