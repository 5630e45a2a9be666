// The document changed during review: how many decisions were carried, or which were not (as text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { CarryNotice } from '../../../addin/components/CarryNotice.tsx';
import { match } from '../fixtures.ts';

test('all carried: one line with the count', () => {
  const html = renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 7, added: [] }} />);
  assert.match(html, /data-testid="carried"/);
  assert.match(html, /your 7 decisions were carried over/);
});

test('some not carried: the count and each one with its text, kind and decision, at most 20, text never as HTML', () => {
  const notCarried = Array.from({ length: 23 }, (_, i) => ({ match: match(`n${i}`, 'figure', 'ready', 'fig1', { sourceText: i === 0 ? '<img src=x onerror=alert(1)>Fig. 1' : `Fig. ${i + 1}` }), choice: { status: 'approved' as const } }));
  const html = renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried, carried: 2, added: [] }} />);
  assert.match(html, /data-testid="not-carried"/);
  assert.match(html, /23 of your decisions could not be carried over/);
  assert.equal(html.match(/<li>/g)?.length, 20);
  assert.ok(html.includes('figure, approved: “&lt;img src=x onerror=alert(1)&gt;Fig. 1”'), html);
  assert.ok(!html.includes('<img'));
});

test('a resumed review says so: back on the same document, carried on a changed one, not carried named', () => {
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 50, added: [] }} source="resume-same" />), /Review resumed: your 50 decisions are back/);
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 3, added: [] }} source="resume-changed" />), /changed since your review was saved.*3 decisions were carried over/);
  const notCarried = [{ match: match('q1', 'citation', 'ready', 'r1', { sourceText: '[9]' }), choice: { status: 'approved' as const } }];
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried, carried: 0, added: [] }} source="resume-changed" />), /1 of your decisions could not be carried over.*citation, approved: “\[9\]”/);
});

test('a warning quotes the sentence, not the bare number; new mentions are offered with their sentence and select their row', () => {
  const m = (id: string, kind: 'citation' | 'figure', text: string, before: string, after: string) => match(id, kind, 'ready', 'x', { sourceText: text, context: { before, after } });
  const notCarried = [{ match: m('a1', 'citation', '1', '…grows. Cells divide as in ', ' and 2. Then…'), choice: { status: 'approved' as const } }];
  const added = [m('b1', 'citation', '[5]', 'A paragraph added in review cites ', '.'), m('b2', 'figure', 'Fig 2', 'It is shown in ', '. More.')];
  const html = renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried, carried: 0, added }} onSelect={() => undefined} />);
  assert.ok(html.includes('citation, approved: “Cells divide as in 1 and 2.”'), html);
  assert.match(html, /data-testid="added-matches"/);
  assert.match(html, /2 new mentions were found in text added or changed since the scan. Nothing was written yet/);
  assert.ok(html.includes('citation: “A paragraph added in review cites [5].”'), html);
  assert.ok(html.includes('figure: “It is shown in Fig 2.”'), html);
  assert.equal(html.match(/<button[^>]*data-refid/g)?.length, 2);
});
