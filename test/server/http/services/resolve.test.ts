// /hyperlink-crossref's service: the settings it needs are refused before the database is asked, and the
// report's counters come from the references' outcomes when the resolver does not give them (read from
// resolveReferences' answer and the usage row it records, on a fake resolver and a scripted pool). The
// allowance, usage rows and streaming run against MariaDB in test/server/http/crossref.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepareResolve, resolveReferences } from '../../../../server/http/services/resolve.ts';
import type { DocumentRequest } from '../../../../server/http/services/documents.ts';
import type { ResolverPort, ResolverReportParts } from '../../../../server/resolver/ports.ts';
import type { ResolverReport, ScanPacket } from '../../../../shared/contract.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { keyCaller, refusal, scriptedPool, serviceContext } from '../../../helpers/service-context.ts';

for (const settings of [{ doi: false, crossref: true }, { doi: true, crossref: false }]) {
  test(`prepareResolve refuses ${JSON.stringify(settings)} with resolver_settings, before the database`, async () => {
    const req: DocumentRequest = { caller: keyCaller(), requestId: 'r', bytes: Buffer.from('x'), settings: parseSettings(settings) };
    const r = await refusal(() => prepareResolve(serviceContext(), req, undefined));
    assert.deepEqual([r.status, r.reason], [400, 'resolver_settings']);
  });
}

type Report = Pick<ResolverReport, 'references' | 'resolvedWorks'>;
const ref = (refId: string, status?: string) => ({ refId, text: `ref ${refId}`, ...(status ? { status } : {}) }) as unknown as Report['references'][number];
const work = (status?: string) => ({ doi: '10.1/x', title: 't', confidence: 0.9, ...(status ? { status } : {}) }) as unknown as Report['resolvedWorks'][string];

const rows: Array<[string, Report, { resolved: number; reviewRequired: number; unresolved: number }]> = [
  ['nothing', { references: [], resolvedWorks: {} }, { resolved: 0, reviewRequired: 0, unresolved: 0 }],
  ['the references\' own statuses first', { references: [ref('a', 'ready'), ref('b', 'low_confidence'), ref('c', 'unmatched'), ref('d', 'held')], resolvedWorks: { b: work('ready') } }, { resolved: 1, reviewRequired: 1, unresolved: 2 }],
  ['else the resolved work\'s status', { references: [ref('a'), ref('b')], resolvedWorks: { a: work('low_confidence'), b: work('ready') } }, { resolved: 1, reviewRequired: 1, unresolved: 0 }],
  ['a work without a status is ready; no work is unmatched', { references: [ref('a'), ref('b')], resolvedWorks: { a: work() } }, { resolved: 1, reviewRequired: 0, unresolved: 1 }],
];
type Counts = NonNullable<ResolverReport['resolverReport']>;

/** resolveReferences on a resolver that answers `parts`: the report's counters and the links the usage row records. */
async function countersOf(parts: Report & { resolverReport?: Counts }): Promise<{ counters: Counts | undefined; recordedLinks: unknown }> {
  const pool = scriptedPool([{ affectedRows: 1 }]);
  const resolver: ResolverPort = { resolve: async () => parts as unknown as ResolverReportParts };
  const req: DocumentRequest = { caller: keyCaller(), requestId: 'r', bytes: Buffer.from('x'), settings: parseSettings({ doi: true, crossref: true }) };
  const packet = { scanFingerprint: 'fp', scanToken: 'token', targets: [] } as unknown as ScanPacket & { scanToken: string };
  const report = await resolveReferences(serviceContext({ pool }), resolver, req, packet, { signal: new AbortController().signal });
  assert.match(pool.queries[0]!.sql, /INSERT INTO usage_events/);
  return { counters: report.resolverReport, recordedLinks: pool.queries[0]!.params[6] };
}

for (const [name, report, counts] of rows) {
  test(`the counters from the outcomes: ${name}`, async () => {
    assert.deepEqual(await countersOf(report), { counters: counts, recordedLinks: counts.resolved });
  });
}

test('the counters the resolver gives are kept', async () => {
  const given = { resolved: 5, reviewRequired: 1, unresolved: 0 };
  assert.deepEqual(await countersOf({ references: [ref('a', 'unmatched')], resolvedWorks: {}, resolverReport: given }), { counters: given, recordedLinks: 5 });
});
