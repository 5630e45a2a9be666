// The bibliography style step: the detection in words, a searchable picker over the bundled styles, the
// preview before the approval, and the rewrite off until the author ticks it for a chosen style.
import { click, control, mount, text, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { StylePicker, type StyleChoice } from '../../../addin/components/StylePicker.tsx';
import { S } from '../../../addin/strings.ts';
import type { DetectedStyle } from '../../../addin/review/style-choice.ts';

const APA: DetectedStyle = { id: 'apa', title: 'APA Style 7th edition', probability: 0.9, runnerUp: null, form: 'author-date', rewritable: true, confidence: 'high', candidates: [] };

test('the detection in words: a clear match with its score, the closest when unclear, or none', () => {
  const sure = renderToStaticMarkup(<StylePicker detection={APA} choice={{ styleId: 'apa', rewrite: false }} onChange={() => undefined} />);
  assert.match(sure, /Detected: APA Style 7th edition.*90% likely/);
  assert.match(sure, /Citation form: author–date\./);
  assert.doesNotMatch(sure, /style-runner-up/);
  const thin = renderToStaticMarkup(<StylePicker detection={{ ...APA, probability: 0.6, runnerUp: { id: 'harvard-cite-them-right', title: 'Cite Them Right 12th edition - Harvard', probability: 0.3 } }} choice={{ styleId: 'apa', rewrite: false }} onChange={() => undefined} />);
  assert.match(thin, /60% likely/);
  assert.match(thin, /Or possibly Cite Them Right 12th edition - Harvard \(30% likely\)\./);
  const low: DetectedStyle = { id: null, title: null, probability: 0.4, runnerUp: null, form: null, rewritable: false, confidence: 'low', candidates: [{ id: 'apa', title: 'APA Style 7th edition', family: 'author-date' }, { id: 'aims-press', title: 'AIMS Press', family: 'numeric' }] };
  assert.match(renderToStaticMarkup(<StylePicker detection={low} choice={{ styleId: null, rewrite: false }} onChange={() => undefined} />), /Style unknown; closest: APA Style 7th edition, AIMS Press \(40% likely\)\./);
  const none: DetectedStyle = { id: null, title: null, probability: null, runnerUp: null, form: null, rewritable: false, confidence: 'none', candidates: [] };
  assert.match(renderToStaticMarkup(<StylePicker detection={none} choice={{ styleId: null, rewrite: false }} onChange={() => undefined} />), new RegExp(S.style.noneDetected));
});

test('no style chosen: the rewrite cannot be ticked; choosing one from the search reports it, the rewrite still off', async () => {
  const seen: StyleChoice[] = [];
  const m = await mount(<StylePicker detection={{ ...APA, confidence: 'none' }} choice={{ styleId: null, rewrite: false }} onChange={(c) => seen.push(c)} />);
  const box = m.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  assert.equal(box.disabled, true);
  assert.match(text(m.container), /Rewrite the reference list when applying \(choose a style\)/);
  const combo = control(m.container, S.style.choose);
  await click(combo);
  await type(combo, 'AIMS');
  const option = [...document.querySelectorAll('[role="option"]')].find((o) => text(o) === 'AIMS Press');
  assert.ok(option, 'the search finds the style by name');
  await click(option);
  assert.deepEqual(seen, [{ styleId: 'aims-press', rewrite: false }]);
  await m.unmount();
});

test('a chosen style: the checkbox names it and ticking it approves the rewrite in that style', async () => {
  const seen: StyleChoice[] = [];
  const m = await mount(<StylePicker detection={APA} choice={{ styleId: 'apa', rewrite: false }} onChange={(c) => seen.push(c)} />);
  assert.equal(control(m.container, S.style.choose).value, 'APA Style 7th edition');
  assert.match(text(m.container), /Rewrite the reference list in APA Style 7th edition when applying/);
  await click(m.container.querySelector('input[type="checkbox"]')!);
  assert.deepEqual(seen, [{ styleId: 'apa', rewrite: true }]);
  await m.unmount();
});

test('the preview comes before the approval checkbox', () => {
  const html = renderToStaticMarkup(
    <StylePicker detection={APA} choice={{ styleId: 'apa', rewrite: false }} onChange={() => undefined} preview={{ status: 'ready', preview: { cslId: 'apa', family: 'author-date', total: 1, entries: [{ refId: 'b1', before: 'old', after: 'new', afterHtml: 'new', rewritable: true }], warnings: [] } }} />,
  );
  const at = html.indexOf('data-testid="style-preview"');
  assert.ok(at > 0, html);
  assert.ok(at < html.indexOf('type="checkbox"'), 'the preview comes before the rewrite is approved');
});

test('a detected style that is not bundled: the picker says so and offers no rewrite in it', () => {
  const html = renderToStaticMarkup(
    <StylePicker detection={{ id: 'harvard-swinburne-university-of-technology', title: 'harvard-swinburne-university-of-technology', probability: 0.9, runnerUp: null, form: 'author-date', rewritable: false, confidence: 'high', candidates: [] }} choice={{ styleId: null, rewrite: false }} onChange={() => undefined} />,
  );
  assert.match(html, /data-testid="style-not-bundled"/);
  assert.match(html, /cannot be used to rewrite the list/);
  assert.match(html, /disabled/);
});
