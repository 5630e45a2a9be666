// The status of a match and the author's choice, in words on small badges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChoiceBadge, StatusBadge } from '../../../addin/components/StatusBadge.tsx';
import type { MatchStatus } from '../../../shared/contract.ts';

test('each match status is said in words', () => {
  const said: Record<MatchStatus, string> = { ready: 'ready', unmatched: 'unmatched', low_confidence: 'low confidence', held: 'held', identity_change: 'identity change' };
  for (const [status, words] of Object.entries(said)) {
    const html = renderToStaticMarkup(<StatusBadge status={status as MatchStatus} />);
    assert.match(html, new RegExp(`data-status="${status}"[^>]*>${words}<`), html);
  }
});

test('the choice badge: nothing before a decision, then the decision in words', () => {
  assert.equal(renderToStaticMarkup(<ChoiceBadge choice={undefined} />), '');
  assert.match(renderToStaticMarkup(<ChoiceBadge choice={{ status: 'approved' }} />), />approved</);
  assert.match(renderToStaticMarkup(<ChoiceBadge choice={{ status: 'skipped' }} />), />skipped</);
  assert.match(renderToStaticMarkup(<ChoiceBadge choice={{ status: 'retargeted', targetId: 'ref2' }} />), />retargeted</);
  assert.match(renderToStaticMarkup(<ChoiceBadge choice={{ status: 'link_only', doi: '10.1/x' }} />), />DOI link</);
});
