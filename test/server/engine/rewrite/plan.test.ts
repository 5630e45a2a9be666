// The restyle plan (server/engine/rewrite/plan.ts) with a renderer written here, so that what the style returns
// is known: the verdict (every entry in the style, partial only when asked, or refused with the blocking entries
// named), each entry's action, the list's new order, and what is refused before anything is rendered.
// The renumbering of a numbered list with real styles is plan.renumber.test.ts.

import { causeOf, causeText } from '../../../../shared/causes.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../../../shared/settings.ts';
import { detect } from '../../../../server/engine/scan.ts';
import { citationContext, planRewrite, rewriteEntriesIn, textFamilyOf, type RewriteContext } from '../../../../server/engine/rewrite/plan.ts';
import type { BibliographyRenderer, RewriteEntryInput } from '../../../../server/engine/citation-style-hooks.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const LIST = [
  'Brown, A. (2001). Moss in the city. Journal of Urban Ecology, 10(2), 1–9.',
  'Kowalski, B. (2002). Frost in the city. Journal of Urban Ecology, 11(2), 11–19.',
  'Nakamura, C. (2003). Pigeons in the city. Journal of Urban Ecology, 12(2), 21–29.',
];

async function scanned(body = 'Moss (Brown, 2001), frost (Kowalski, 2002) and pigeons (Nakamura, 2003).') {
  const bytes = await buildDocx({ body: [p(body), p('References', 'Heading1'), ...LIST.map((e) => p(e))].join('') });
  const d = detect(bytes, parseSettings({ doi: true }));
  const entries = rewriteEntriesIn(d.targetById);
  const ctx = (partial = false): RewriteContext => ({ textFamily: textFamilyOf(d.citeStyle), partial, ...citationContext(d.model, d.matchById.values()) });
  return { entries, ctx, citeStyle: d.citeStyle };
}

/**
 * A renderer that writes each entry as `write` says, in list order or reversed (`reverse`), and skips
 * the entries whose word is in `skip`; it counts its calls.
 */
function renderer(family: string, write: (text: string) => string, opts: { skip?: string[]; reverse?: boolean } = {}) {
  const calls: RewriteEntryInput[][] = [];
  const r: BibliographyRenderer = {
    styleId: `test-${family}`, family,
    render(entries) {
      calls.push(entries);
      const kept = entries.filter((e) => !(opts.skip ?? []).some((w) => e.text.includes(w)));
      const ordered = opts.reverse ? [...kept].reverse() : kept;
      return {
        rendered: new Map(ordered.map((e) => [e.key, { segments: [{ text: write(e.text) }], label: '' }])),
        skipped: entries.filter((e) => !kept.includes(e)).map((e) => ({ key: e.key, reason: causeOf('recordLacks', { fields: 'journal' }) })),
      };
    },
  };
  return { r, calls };
}

const abbreviated = (t: string) => t.replace('Journal of Urban Ecology', 'J. Urban Ecol.');

test('the entries a rewrite works on are the bibliography targets in list order; the citation family read from the scan', async () => {
  const { entries, citeStyle } = await scanned();
  assert.deepEqual(entries.map((e) => e.text), LIST);
  assert.equal(citeStyle, 'author-year');
  assert.deepEqual(['author-year', 'number', 'superscript', 'off', undefined].map(textFamilyOf), ['author-date', 'numeric', 'numeric', null, null]);
});

test('every entry rendered: rewritten, an entry already as the style writes it is unchanged, the new order is given', async () => {
  const { entries, ctx } = await scanned();
  const { r } = renderer('author-date', (t) => (t.includes('Frost') ? ` ${t.replace(/ /g, '  ')}` : abbreviated(t)), { reverse: true });
  const plan = planRewrite(entries, r, ctx());
  assert.equal(plan.result.outcome, 'rewritten');
  assert.deepEqual([plan.result.rewritten, plan.result.unchanged], [2, 1]);
  assert.deepEqual(plan.entries.map((e) => e.action), ['rewrite', 'unchanged', 'rewrite']);
  assert.equal(plan.entries[0]!.newText, abbreviated(LIST[0]!));
  assert.equal(plan.entries[1]!.newText, LIST[1], 'an unchanged entry keeps its text as written');
  assert.deepEqual(plan.order, [...entries].reverse().map((e) => e.key));
  assert.deepEqual(plan.citations, [], 'an author-date list has no numbers to follow');
  // In the list's own order, no order is given (nothing to move).
  assert.equal(planRewrite(entries, renderer('author-date', abbreviated).r, ctx()).order, null);
});

test('an entry the style cannot render refuses the whole rewrite, naming it; a partial rewrite keeps it as written', async () => {
  const { entries, ctx } = await scanned();
  const { r } = renderer('author-date', abbreviated, { skip: ['Pigeons'] });
  const refused = planRewrite(entries, r, ctx());
  assert.equal(refused.result.outcome, 'refused');
  assert.match(refused.result.reason ?? '', /^1 of 3 entries cannot be rendered in test-author-date/);
  assert.deepEqual(refused.result.entries.map((e) => [e.refId, e.label, e.lacks]), [[entries[2]!.key, 'Reference 3', "the registry's record lacks journal, and the entry does not give it"]]);
  // Beside the English, the label and what the entry lacks as codes, for a client to say in its own language.
  assert.deepEqual(refused.result.entries.map((e) => [e.labelCode, e.lacksCode]), [[{ code: 'referenceLabel', values: { number: '3' } }, { code: 'recordLacks', values: { fields: 'journal' } }]]);
  assert.equal(refused.result.reasonCode?.code, 'entriesBlock');
  assert.equal(refused.result.reason, causeText(refused.result.reasonCode!));
  assert.equal(refused.result.rewritten, 0);
  const partial = planRewrite(entries, r, ctx(true));
  assert.equal(partial.result.outcome, 'partial');
  assert.deepEqual(partial.entries.map((e) => e.action), ['rewrite', 'rewrite', 'kept']);
  assert.equal(partial.entries[2]!.newText, LIST[2]);
  assert.equal(partial.result.rewritten, 2);
});

test('a link that would have no place in the new entry keeps the entry (the rewrite is refused without partial)', async () => {
  const { entries, ctx } = await scanned();
  const { r } = renderer('author-date', abbreviated);
  const plan = planRewrite(entries, r, { ...ctx(), pendingLinks: new Map([[entries[0]!.key, ['Journal of Urban Ecology']]]) });
  assert.equal(plan.result.outcome, 'refused');
  assert.deepEqual(plan.result.entries.map((e) => e.lacks), ['its link on "Journal of Urban Ecology" has no place in the new entry']);
});

test('a note style, or a text that cites in another form than the list, is refused before anything is rendered', async () => {
  const { entries, ctx } = await scanned();
  const note = renderer('note', abbreviated);
  const plan = planRewrite(entries, note.r, ctx());
  assert.equal(plan.result.outcome, 'refused');
  assert.match(plan.result.reason ?? '', /test-note is a note style \(citations in footnotes\); the rewrite writes numeric, author-date and author styles only/);
  assert.equal(note.calls.length, 0);
  const mixed = renderer('author-date', abbreviated);
  const refused = planRewrite(entries, mixed.r, { ...ctx(), textFamily: 'numeric' });
  assert.match(refused.result.reason ?? '', /the reference list is author-date and the text cites in numeric form/);
  assert.equal(mixed.calls.length, 0);
});
