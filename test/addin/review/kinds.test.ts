// Which targets a match may be retargeted to: those of the type its kind links to; none for DOIs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KIND_ORDER, KIND_TITLES, retargetOptions, targetTypeFor } from '../../../addin/review/kinds.ts';
import type { ReviewTarget } from '../../../shared/contract.ts';
import { match, target } from '../fixtures.ts';

test('every kind has its place, its title and its target type (citations link to the bibliography, DOIs outside)', () => {
  assert.equal(new Set(KIND_ORDER).size, KIND_ORDER.length);
  for (const kind of KIND_ORDER) assert.ok(KIND_TITLES[kind], kind);
  assert.equal(targetTypeFor('citation'), 'bibliography');
  assert.equal(targetTypeFor('supplementary'), 'supplementary');
  assert.equal(targetTypeFor('doi'), null);
});

test('retargetOptions: the targets of the kind\'s type only; a target sent with `kind` counts by it', () => {
  const fig1 = target('fig1', 'figure');
  const fig2 = { ...target('fig2', 'figure'), type: undefined, kind: 'figure' } as unknown as ReviewTarget;
  const tab1 = target('tab1', 'table');
  const ref1 = target('ref1', 'bibliography');
  const targets = [fig1, tab1, fig2, ref1];
  assert.deepEqual(retargetOptions(match('m', 'figure', 'low_confidence', 'fig1'), targets), [fig1, fig2]);
  assert.deepEqual(retargetOptions(match('m', 'citation', 'unmatched', ''), targets), [ref1]);
  assert.deepEqual(retargetOptions(match('m', 'doi', 'ready', ''), targets), []);
});
