// POST /hyperlink-style-preview's service on a fake engine: the count field (1 to 5, 3 by default), a
// style from cslFile or styleId (one is required; unknown ids and bad files refused before the engine
// runs), the engine's preview as the contract's StylePreview, and engine failures as contract errors.
import { causeOf, causeText } from '../../../../shared/causes.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CslStyle } from '../../../../server/csl/catalog.ts';
import type { RewritePreview } from '../../../../server/engine/preview.ts';
import { previewStyle } from '../../../../server/http/services/style-preview.ts';
import type { DocumentRequest } from '../../../../server/http/services/documents.ts';
import { EngineError } from '../../../../server/worker/pool.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { keyCaller, refusal, serviceContext } from '../../../helpers/service-context.ts';

const req: DocumentRequest = { caller: keyCaller(), requestId: 'req-1', bytes: Buffer.from('docx'), settings: parseSettings({}) };
const preview: RewritePreview = {
  cslId: 'apa', family: 'author-date', total: 12,
  entries: [{ refId: 'ref-1', before: 'Smith J (2020) Title.', after: 'Smith, J. (2020). Title.', afterHtml: 'Smith, J. (2020). <i>Title</i>.', rewritable: true }],
  bibRewrite: { cslId: 'apa', family: 'author-date', outcome: 'rewritten', rewritten: 12, unchanged: 0, entries: [] },
};

function engine(answer: () => Promise<RewritePreview>) {
  const calls: Array<{ style: string; count: number; works?: Record<string, unknown> }> = [];
  const ctx = serviceContext({
    engine: {
      previewRewrite: async (_b: Uint8Array, _s: unknown, style: CslStyle, count: number, works?: Record<string, unknown>) => {
        calls.push({ style: style.id, count, ...(works ? { works } : {}) });
        return answer();
      },
    },
  });
  return { ctx, calls };
}

test('a bundled style by id, three entries by default: the engine\'s preview as the contract\'s answer', async () => {
  const { ctx, calls } = engine(async () => preview);
  const out = await previewStyle(ctx, req, { styleId: 'apa' });
  assert.deepEqual(calls, [{ style: 'apa', count: 3 }]);
  assert.deepEqual(out, { cslId: 'apa', family: 'author-date', total: 12, entries: preview.entries, bibRewrite: preview.bibRewrite });
});

test('the count field is honoured; a refused rewrite is the answer\'s bibRewrite, its reason a warning', async () => {
  const refused = { ...preview.bibRewrite, outcome: 'refused' as const, reason: '1 of 12 entries cannot be rendered', rewritten: 0, entries: [{ refId: 'ref-1', label: 'Reference 1', lacks: 'fields not found: year' }] };
  const { ctx, calls } = engine(async () => ({ ...preview, bibRewrite: refused }));
  const out = await previewStyle(ctx, req, { styleId: 'apa', count: ' 5 ' });
  assert.equal(calls[0]!.count, 5);
  assert.deepEqual(out.bibRewrite, refused);
  assert.deepEqual(out.warnings, ['The rewrite would be refused: 1 of 12 entries cannot be rendered']);
  // The refusal as a code: its reason is the warning's part, for the pane to say in its own language.
  const why = causeOf('entriesBlock', { n: 1, total: 12, style: 'apa' });
  const { ctx: coded } = engine(async () => ({ ...preview, bibRewrite: { ...refused, reason: causeText(why), reasonCode: why } }));
  const said = await previewStyle(coded, req, { styleId: 'apa' });
  assert.deepEqual(said.warningCodes, [{ code: 'previewRefused', values: { why: causeText(why) }, parts: { why: [why] } }]);
  assert.equal(said.warnings![0], `The rewrite would be refused: ${causeText(why)}`);
});

test('resolved works go to the engine as apply takes them (registry first in the preview too); bad ones are a 400', async () => {
  const { ctx, calls } = engine(async () => preview);
  const work = { doi: '10.5555/moss', title: 'Moss', confidence: 1, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready', approved: true };
  await previewStyle(ctx, req, { styleId: 'apa', resolvedWorks: JSON.stringify({ 'bib-1': work }) });
  assert.equal((calls[0]!.works?.['bib-1'] as { doi: string }).doi, '10.5555/moss');
  const bad = await refusal(() => previewStyle(ctx, req, { styleId: 'apa', resolvedWorks: '{"bib-1": 3}' }));
  assert.deepEqual([bad.status, bad.reason, calls.length], [400, 'invalid_resolved_works', 1]);
});

const refusals: Array<{ name: string; fields: Parameters<typeof previewStyle>[2]; reason: string }> = [
  { name: 'no style at all', fields: {}, reason: 'missing_csl_style' },
  { name: 'a blank styleId', fields: { styleId: '  ' }, reason: 'missing_csl_style' },
  { name: 'an unknown style id', fields: { styleId: 'no-such-style' }, reason: 'unknown_csl_style' },
  { name: 'a count of 6', fields: { styleId: 'apa', count: '6' }, reason: 'invalid_count' },
  { name: 'a count that is not a number', fields: { styleId: 'apa', count: 'three' }, reason: 'invalid_count' },
  { name: 'a CSL file with a DOCTYPE', fields: { cslFile: new TextEncoder().encode('<!DOCTYPE style><style/>') }, reason: 'csl_dtd_forbidden' },
];

for (const c of refusals) {
  test(`refused before the engine runs: ${c.name}`, async () => {
    const { ctx, calls } = engine(async () => preview);
    const r = await refusal(() => previewStyle(ctx, req, c.fields));
    assert.deepEqual([r.status, r.reason], [400, c.reason]);
    assert.deepEqual(calls, []);
  });
}

test('an engine failure is the contract\'s error (busy: 503 with Retry-After)', async () => {
  const { ctx } = engine(async () => {
    throw new EngineError({ kind: 'engine-busy', reason: 'queue-full', message: 'busy' });
  });
  const r = await refusal(() => previewStyle(ctx, req, { styleId: 'apa' }));
  assert.deepEqual([r.status, r.reason], [503, 'engine_busy']);
});
