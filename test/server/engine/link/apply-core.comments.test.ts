// XML comments survive rewriting: every part apply rewrites keeps its comments where they were, byte for
// byte outside the runs a link changes (issue 26: six real files lost theirs).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, r, W_NS } from '../../../helpers/docx-builder.ts';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { hand, partText, NOW } from './fixture.ts';

const T = (s: string) => `<w:t xml:space="preserve">${s}</w:t>`;

test('comments before the root, between paragraphs, between runs, inside a run and after the root are kept in place', async () => {
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- written by a generator -->\n<w:document ${W_NS}><w:body><!-- body starts -->`;
  const linked = `<w:p><!-- p0 --><w:r><!-- in the run --><w:t xml:space="preserve">see [1] now</w:t></w:r><!-- after the run --></w:p>`;
  const tail = `<!-- between paragraphs --><w:p>${r('1. Smith J. A title. 2020.')}<!-- in the reference --></w:p><w:sectPr/></w:body></w:document>\n<!-- after the root -->\n`;
  const bytes = await buildDocx({ body: '', extraParts: { 'word/document.xml': head + linked + tail } });
  const input = hand(bytes, [{ key: 'bib-1', type: 'bibliography', label: '[1]', para: 1 }], [{ id: 'm', kind: 'citation', para: 0, text: '[1]', target: 'bib-1' }]);
  const out = applyAnalysis(input, bytes, [{ refId: 'm', status: 'approved' }], { now: NOW });
  assert.equal(out.linkCount, 1);
  const xml = partText(out.docx, 'word/document.xml');
  assert.ok(xml.startsWith(head), 'everything before the linked paragraph is unchanged');
  const link = `<w:hyperlink w:anchor="_Hl_bib_1" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/><w:color w:val="0077BD"/></w:rPr>${T('[1]')}</w:r></w:hyperlink>`;
  // The comment inside the split run stays once, in the run's first piece.
  const paragraph = `<w:p><!-- p0 --><w:r><!-- in the run -->${T('see ')}</w:r>${link}<w:r>${T(' now')}</w:r><!-- after the run --></w:p>`;
  assert.equal(xml.slice(head.length, head.length + paragraph.length), paragraph);
  // The target paragraph gets its bookmark; the rest is as it was.
  const rest = xml.slice(head.length + paragraph.length);
  assert.equal(rest.replace(/<w:bookmark(Start|End) [^>]*\/>/g, ''), tail);
});
