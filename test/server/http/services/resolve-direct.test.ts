// /hyperlink with settings crossref: each reason the resolver does not run, decided before the database
// or the engine is asked, leaves the document linked without it and says why in a warning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolverPort } from '../../../../server/resolver/ports.ts';
import { resolveForDirect } from '../../../../server/http/services/resolve-direct.ts';
import type { DocumentRequest } from '../../../../server/http/services/documents.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../shared/settings.ts';
import { reasonText, type ReasonCode } from '../../../../shared/reasons.ts';
import { keyCaller, serviceContext } from '../../../helpers/service-context.ts';

const resolverNotCalled: ResolverPort = { resolve: async () => assert.fail('the resolver ran') };
const request = (settings: HyperlinkSettingsInput, plan: 'free' | 'pro' = 'pro'): DocumentRequest => ({
  caller: keyCaller({ plan }), requestId: 'req-1', bytes: Buffer.from('docx'), settings: parseSettings(settings),
});

const rows: Array<{ name: string; settings: HyperlinkSettingsInput; plan?: 'free' | 'pro'; resolver: ResolverPort | null; warnings: ReasonCode[] }> = [
  { name: 'crossref off: nothing to say', settings: { doi: true, crossref: false }, resolver: resolverNotCalled, warnings: [] },
  { name: 'doi off: nothing to say', settings: { doi: false, crossref: true }, resolver: resolverNotCalled, warnings: [] },
  {
    name: 'no resolver on this server', settings: { doi: true, crossref: true }, resolver: null,
    warnings: [{ code: 'resolverOff' }],
  },
  {
    name: 'a free plan', settings: { doi: true, crossref: true }, plan: 'free', resolver: resolverNotCalled,
    warnings: [{ code: 'resolverPaidPlan' }],
  },
];

for (const row of rows) {
  test(row.name, async () => {
    const ctx = serviceContext({ resolver: row.resolver, engine: { scan: async () => assert.fail('the engine ran') } });
    const out = await resolveForDirect(ctx, request(row.settings, row.plan), new AbortController().signal);
    assert.deepEqual(out, { warnings: row.warnings });
    if (row.warnings.length) assert.match(reasonText(row.warnings[0]!), /^References were not resolved through Crossref: .+\.$/);
  });
}
