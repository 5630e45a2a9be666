// Bookmarks at link targets: names valid for Word (at most 40 characters, letters, digits, underscore),
// unique case-insensitively against the document's own, ids after the highest in use, and the reuse of
// a bookmark a target already carries (ours first, then _Ref, then _Toc; never _GoBack).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TargetCandidate } from '../../../../server/engine/detect/types.ts';
import { BookmarkAllocator, coversParagraph, reusableBookmark } from '../../../../server/engine/link/bookmarks.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';

const mark = (id: number, name: string) => `<w:bookmarkStart w:id="${id}" w:name="${name}"/><w:bookmarkEnd w:id="${id}"/>`;
async function model(body: string) {
  return buildModel(openDocx(await buildDocx({ body })));
}

test('names derive from the target key, unsafe characters replaced, unique case-insensitively', async () => {
  const m = await model(`<w:p>${mark(7, '_HL_FIG_1')}${r('Figure 1. A caption.')}</w:p>`);
  const a = new BookmarkAllocator(m);
  assert.equal(a.name('sec-2.1'), '_Hl_sec_2_1');
  assert.equal(a.name('fig-1'), '_Hl_fig_1_2');
  assert.equal(a.name('fig-1'), '_Hl_fig_1_3');
  for (const n of ['_Hl_sec_2_1', '_Hl_fig_1_2']) assert.match(n, /^[A-Za-z_][A-Za-z0-9_]*$/);
});

test('long keys are cut to 40 characters, suffixes included', async () => {
  const a = new BookmarkAllocator(await model(p('text')));
  const key = `sec-${'very-long-title-'.repeat(5)}`;
  const first = a.name(key);
  const second = a.name(key);
  assert.equal(first.length, 40); // Word's longest bookmark name
  assert.equal(second.length, 40);
  assert.ok(second.endsWith('_2'));
  assert.notEqual(first, second);
});

test('ids start after the highest id in the document', async () => {
  const a = new BookmarkAllocator(await model(`<w:p>${mark(41, '_Ref1')}${r('x')}</w:p>`));
  assert.deepEqual([a.id(), a.id()], ['42', '43']);
  assert.equal(new BookmarkAllocator(await model(p('x'))).id(), '0');
});

test('a bookmark at the start of the target is reused: ours, then _Ref, then _Toc, then any valid one', async () => {
  const target = async (marks: string) => {
    const m = await model(`<w:p>${marks}${r('Figure 1. A caption.')}</w:p>`);
    const paragraph = m.paragraphs[0]!;
    return { key: 'fig-1', type: 'figure', label: 'Figure 1', paragraph, start: 0, end: paragraph.text.length } as TargetCandidate;
  };
  assert.equal(reusableBookmark(await target(mark(1, 'figure_one') + mark(2, '_Toc1') + mark(3, '_Ref9') + mark(4, '_Hl_fig_1'))), '_Hl_fig_1');
  assert.equal(reusableBookmark(await target(mark(1, 'figure_one') + mark(2, '_Toc1') + mark(3, '_Ref9'))), '_Ref9');
  assert.equal(reusableBookmark(await target(mark(1, 'figure_one') + mark(2, '_Toc1'))), '_Toc1');
  assert.equal(reusableBookmark(await target(mark(1, '_GoBack') + mark(2, '1bad') + mark(3, 'has space'))), undefined);
});

test('coversParagraph: the range covers the text but surrounding white space', async () => {
  const para = (await model(p('  Figure 1. A caption. '))).paragraphs[0]!;
  const start = para.text.indexOf('F');
  const end = para.text.lastIndexOf('.') + 1;
  assert.equal(coversParagraph(para, start, end), true);
  assert.equal(coversParagraph(para, start, end - 1), false);
  assert.equal(coversParagraph(para, start + 1, end), false);
});
