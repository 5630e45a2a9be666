// After apply: the links added, where the output went, what Word kept, per-category counts, warnings, the
// matches left unlinked with why (said from their codes in the display language), and Restore original (not when the output went to a new document), then the restore's outcome.
import { button, buttons, click, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResultPanel } from '../../../addin/components/ResultPanel.tsx';
import { S, setDisplayLanguage } from '../../../addin/strings.ts';
import { reasonOf, reasonText } from '../../../shared/reasons.ts';
import { causeOf } from '../../../shared/causes.ts';
import type { UnmatchedItem } from '../../../shared/contract.ts';
import type { ApplySession } from '../../../addin/workflow/pipeline.ts';

function applied(extra: Partial<ApplySession> = {}): ApplySession {
  return {
    result: { docx: '', linkCount: 15, statCounts: { citations: 12, figures: 3, tables: 0 }, warnings: ['Reference [9] has no entry: left unlinked.'] },
    outcome: { mode: 'replaced', message: S.apply.replaced },
    original: new Uint8Array([1]),
    verification: { ok: true, problems: [] },
    after: null,
    carried: null,
    ...extra,
  };
}

test('replaced and checked: counts in words, the check, warnings, and Restore original calling onRestore', async () => {
  let restores = 0;
  const m = await mount(<ResultPanel applied={applied()} restored={null} busy={false} onRestore={() => restores++} />);
  const t = text(m.container);
  assert.match(t, /15 links added/);
  assert.match(t, /The document now carries the links\./);
  assert.match(t, /Checked: Word kept the text and every link\./);
  assert.match(t, /citations: 12 · figures: 3/);
  assert.ok(!t.includes('tables: 0'), 'empty categories are left out');
  assert.match(t, /Reference \[9\] has no entry: left unlinked\./);
  await click(button(m.container, S.apply.restore));
  assert.equal(restores, 1);
  await m.rerender(<ResultPanel applied={applied()} restored={null} busy={true} onRestore={() => restores++} />);
  assert.equal(button(m.container, S.apply.restore).disabled, true, 'no restore while a step runs');
  await m.unmount();
});

test('what Word did not keep is listed, with Restore original offered', async () => {
  const m = await mount(<ResultPanel applied={applied({ verification: { ok: false, problems: ['Links: apply wrote 15, Word kept 12.'] } })} restored={null} busy={false} onRestore={() => undefined} />);
  const problems = m.container.querySelector('[data-testid="verify-problems"]')!;
  assert.match(text(problems), /Word did not keep everything:.*Links: apply wrote 15, Word kept 12\./);
  assert.equal(m.container.querySelector('[data-testid="verified"]'), null);
  assert.equal(button(m.container, S.apply.restore).disabled, false);
  await m.unmount();
});

test('opened as a new document: the reason, and no restore (the original was never replaced)', async () => {
  const m = await mount(<ResultPanel applied={applied({ outcome: { mode: 'opened-new', message: S.apply.openedNew('InvalidArgument') }, verification: null })} restored={null} busy={false} onRestore={() => undefined} />);
  assert.match(text(m.container), /Word could not replace this document \(InvalidArgument\)/);
  assert.equal(buttons(m.container, S.apply.restore).length, 0);
  await m.unmount();
});

test('after restore: said when it is back as it was, or what Word did not keep; Restore is not offered again', async () => {
  const m = await mount(<ResultPanel applied={applied()} restored={{ ok: true, problems: [] }} busy={false} onRestore={() => undefined} />);
  assert.match(text(m.container), /The original document is back/);
  assert.equal(buttons(m.container, S.apply.restore).length, 0);
  await m.rerender(<ResultPanel applied={applied()} restored={{ ok: false, problems: ['Text inside text boxes was lost or changed.'] }} busy={false} onRestore={() => undefined} />);
  assert.match(text(m.container.querySelector('[data-testid="restore-problems"]')!), /put back, but Word did not keep everything:.*text boxes/);
  await m.unmount();
});

test('the document changed since apply: the edits are named, "Restore and lose these edits" restores anyway, "Keep" keeps', async () => {
  const calls: Array<boolean | undefined> = [];
  let kept = 0;
  const edits = [S.apply.editAdded('A line written after apply.')];
  const m = await mount(<ResultPanel applied={applied()} restored={null} busy={false} onRestore={(anyway) => calls.push(anyway)} restoreEdits={edits} onKeep={() => kept++} />);
  const q = m.container.querySelector('[data-testid="restore-question"]')!;
  assert.match(text(q), /changed since apply.*Added or changed: “A line written after apply\.”/);
  assert.equal(buttons(m.container, S.apply.restore).length, 0, 'the plain button gives way to the question');
  await click(button(m.container, S.apply.restoreAnyway));
  await click(button(m.container, S.apply.keepDocument));
  assert.deepEqual(calls, [true]);
  assert.equal(kept, 1);
  await m.unmount();
});

/** A match left unlinked as the service sends it: the English sentence and its code. */
function unlinked(refId: string, kind: UnmatchedItem['kind'], sourceText: string, status: UnmatchedItem['status'], code: ReturnType<typeof reasonOf>): UnmatchedItem {
  return { refId, kind, sourceText, status, reason: reasonText(code), reasonCode: code };
}

test('the matches left unlinked are listed under their count, each with why, in the display language; the reviewer’s skips last', async () => {
  const unmatched = [
    unlinked('cit-1', 'citation', '5', 'skipped', reasonOf('skippedWithReason', { reason: 'wrong paper' })),
    unlinked('fig-2', 'figure', '2', 'ready', reasonOf('relinkNotFound')),
    unlinked('cit-3', 'citation', '7', 'ready', causeOf('insideHold', { hold: 'math' })),
    unlinked('fig-9', 'figure', '9', 'unmatched', reasonOf('noDecisionStatus', { status: 'unmatched' })),
    { refId: 'doi-1', kind: 'doi' as const, sourceText: '10.1/x', status: 'ready' as const, reason: 'a reason from a newer service', reasonCode: { code: 'notYetKnown' } },
  ];
  const result = { ...applied().result, unmatched };
  const m = await mount(<ResultPanel applied={applied({ result })} restored={null} busy={false} onRestore={() => undefined} />);
  const list = m.container.querySelector('[data-testid="unlinked"]')!;
  assert.equal(list.tagName, 'DETAILS', 'folded under its count');
  assert.match(text(list.querySelector('summary')!), /^5 matches not linked$/);
  const items = [...list.querySelectorAll('[data-testid="unlinked-item"]')].map((li) => text(li));
  assert.deepEqual(items, [
    'figure “2”: could not find the existing link to re-point',
    'citation “7”: inside math',
    'figure “9”: no decision (unmatched)',
    'DOI “10.1/x”: a reason from a newer service',
    'citation “5”: skipped: wrong paper',
  ]);
  await m.unmount();
  try {
    setDisplayLanguage('de-DE');
    const de = await mount(<ResultPanel applied={applied({ result })} restored={null} busy={false} onRestore={() => undefined} />);
    const said = [...de.container.querySelectorAll('[data-testid="unlinked-item"]')].map((li) => text(li));
    assert.match(text(de.container.querySelector('summary')!), /^Nicht verlinkt: 5 Treffer$/);
    assert.deepEqual(said, [
      'Abbildung „2“: der vorhandene Link, der umgeleitet werden sollte, wurde nicht gefunden',
      'Zitat „7“: innerhalb von einer Formel',
      'Abbildung „9“: keine Entscheidung (ohne Ziel)',
      'DOI „10.1/x“: a reason from a newer service',
      'Zitat „5“: übersprungen: wrong paper',
    ]);
    await de.unmount();
  } finally {
    setDisplayLanguage('en');
  }
  const none = await mount(<ResultPanel applied={applied()} restored={null} busy={false} onRestore={() => undefined} />);
  assert.equal(none.container.querySelector('[data-testid="unlinked"]'), null, 'nothing left unlinked: no list');
  await none.unmount();
});
