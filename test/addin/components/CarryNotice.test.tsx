// The document changed during review: how many decisions were carried, or which were not (as text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { CarryNotice } from '../../../addin/components/CarryNotice.tsx';
import { match } from '../fixtures.ts';

test('all carried: one line with the count', () => {
  const html = renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 7 }} />);
  assert.match(html, /data-testid="carried"/);
  assert.match(html, /your 7 decisions were carried over/);
});

test('some not carried: the count and each one with its text, kind and decision, at most 20, text never as HTML', () => {
  const notCarried = Array.from({ length: 23 }, (_, i) => ({ match: match(`n${i}`, 'figure', 'ready', 'fig1', { sourceText: i === 0 ? '<img src=x onerror=alert(1)>Fig. 1' : `Fig. ${i + 1}` }), choice: { status: 'approved' as const } }));
  const html = renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried, carried: 2 }} />);
  assert.match(html, /data-testid="not-carried"/);
  assert.match(html, /23 of your decisions could not be carried over/);
  assert.equal(html.match(/<li>/g)?.length, 20);
  assert.ok(html.includes('“&lt;img src=x onerror=alert(1)&gt;Fig. 1” (figure, approved)'), html);
  assert.ok(!html.includes('<img'));
});

test('a resumed review says so: back on the same document, carried on a changed one, not carried named', () => {
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 50 }} source="resume-same" />), /Review resumed: your 50 decisions are back/);
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried: [], carried: 3 }} source="resume-changed" />), /changed since your review was saved.*3 decisions were carried over/);
  const notCarried = [{ match: match('q1', 'citation', 'ready', 'r1', { sourceText: '[9]' }), choice: { status: 'approved' as const } }];
  assert.match(renderToStaticMarkup(<CarryNotice carry={{ choices: {}, notCarried, carried: 0 }} source="resume-changed" />), /1 of your decisions could not be carried over.*“\[9\]”/);
});
