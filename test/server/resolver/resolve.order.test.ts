// The order of a resolve's work: the references style detection compares are resolved first, and detection
// starts while the other references still wait for the registry, given the metadata those references end with
// (detection reads no other: test/server/citation-style/detect.test.ts), so its outcome is the one it gave when it
// ran after the last answer. Detection itself is a spy here (a real one takes seconds on this made-up list).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { comparedEntryIndices, refineStyleDetection, workFields } from '../../../server/citation-style/index.ts';
import type { StyleDetectionOutcome } from '../../../server/engine/citation-style-hooks.ts';
import type { CslItem } from '../../../server/csl/render.ts';
import type { ReferenceListInput } from '../../../server/engine/citation-style-hooks.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import type { ResolveProgress, ResolveReference } from '../../../server/resolver/ports.ts';
import { resolveReferences } from '../../../server/resolver/resolve.ts';
import type { FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { REFS, startFake } from '../../helpers/fake-crossref/fixtures.ts';

let fake: FakeCrossref;
// One request at a time (the registry announces concurrency 1): answers come back in the order the work is taken.
before(async () => { fake = await startFake({ polite: { search: 1000, lookup: 1000, concurrency: 1 } }); });
after(async () => { await fake.close(); });

const BASES = [REFS.bacon, REFS.stroke, REFS.nano, REFS.acs, REFS.retracted, REFS.absent];
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
/** 36 distinct references (more than detection compares), each of the fixtures' works several times over. */
const references: ResolveReference[] = BASES.flatMap((base, b) => WORDS.map((w) => `${base} Cited as ${WORDS[b]} ${w}.`)).map((text, i) => ({ refId: `bib-${i + 1}`, index: i, text, existingDoi: null, existingUrl: null }));

/** A detection outcome of the right shape (an empty list's), returned by the spies. */
const OUTCOME: StyleDetectionOutcome = refineStyleDetection({ entries: [], citeStyle: 'off' }, []);

test('the compared references are resolved first; detection starts before the last answer, with their final metadata alone', async () => {
  const compared = comparedEntryIndices(references);
  assert.ok(compared.length > 0 && compared.length < references.length, `${compared.length} of ${references.length} compared`);
  const events: ResolveProgress[] = [];
  const calls: Array<{ doneAt: number; list: ReferenceListInput; metadata: Array<CslItem | null> }> = [];
  const refineStyle = (list: ReferenceListInput, metadata: Array<CslItem | null>) => {
    calls.push({ doneAt: events.length, list, metadata });
    return OUTCOME;
  };
  const report = await resolveReferences(references, { apiUrl: fake.url, mailto: 'order-test@example.org', limiter: new InProcessLimiter(), cache: null, refineStyle, onProgress: (e) => events.push(e) });

  const comparedIds = new Set(compared.map((i) => references[i]!.refId));
  assert.deepEqual(new Set(events.slice(0, compared.length).map((e) => e.refId)), comparedIds, 'the compared references are answered first');
  assert.equal(calls.length, 1, 'detected once');
  const call = calls[0]!;
  assert.ok(call.doneAt >= compared.length && call.doneAt < references.length, `detection started after ${call.doneAt} of ${references.length} answers`);
  assert.deepEqual(call.list.entries.map((e) => e.text), references.map((r) => r.text));
  const final = references.map((r) => (report.references[r.index]!.status === 'ready' ? workFields(report.resolvedWorks[r.refId]) : null));
  assert.ok(compared.some((i) => final[i] !== null), 'some compared references resolved ready');
  assert.ok(final.some((m, i) => m !== null && !compared.includes(i)), 'and some of the others');
  assert.deepEqual(call.metadata, final.map((m, i) => (compared.includes(i) ? m : null)), 'the compared references\' final metadata, no other');
  assert.deepEqual({ detectedCslId: report.detectedCslId, styleDetection: report.styleDetection }, OUTCOME);
});

test('a list detection compares whole is detected after the last answer, as before', async () => {
  const few = references.slice(0, 6);
  assert.equal(comparedEntryIndices(few).length, few.length);
  const events: ResolveProgress[] = [];
  let doneAt = -1;
  const refineStyle = () => {
    doneAt = events.length;
    return OUTCOME;
  };
  await resolveReferences(few, { apiUrl: fake.url, mailto: 'order-test@example.org', limiter: new InProcessLimiter(), cache: null, refineStyle, onProgress: (e) => events.push(e) });
  assert.equal(doneAt, few.length);
});
