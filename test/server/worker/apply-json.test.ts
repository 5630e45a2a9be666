// applyResultJson: the ApplyResult JSON made in the worker equals what JSON.stringify of the joined output
// with its base64 gives, whatever the pieces' lengths (base64 groups straddling piece boundaries).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyResultJson } from '../../../server/worker/apply-json.ts';
import type { LinkedDocument } from '../../../server/engine/index.ts';
import { reasonOf, reasonText, type ReasonCode } from '../../../shared/reasons.ts';

function output(pieces: Uint8Array[], warningCodes?: ReasonCode[]): LinkedDocument {
  return {
    docx: { pieces, byteLength: pieces.reduce((n, p) => n + p.length, 0) },
    linkCount: 3,
    statCounts: { citations: 2, dois: 1 },
    stats: { internalLinks: 2 },
    unmatched: [],
    appliedDecisions: 3,
    ...(warningCodes ? { warnings: warningCodes.map(reasonText), warningCodes } : {}),
  };
}

function expected(pieces: Uint8Array[], rest: Record<string, unknown>): unknown {
  return { docx: Buffer.concat(pieces).toString('base64'), ...rest };
}

const parse = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;

test('base64 of the pieces is the base64 of the joined bytes, for every split of the stream', () => {
  const bytes = new Uint8Array(200_003).map((_, i) => (i * 7919) & 0xff);
  for (const cuts of [[], [1], [2], [1, 2], [3, 4, 5, 100_000], [99_998, 99_999, 150_001], [200_002]]) {
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const c of [...cuts, bytes.length]) { pieces.push(bytes.subarray(from, c)); from = c; }
    const json = parse(applyResultJson(output(pieces, [])));
    assert.equal(json.docx, Buffer.from(bytes).toString('base64'), `cuts ${cuts.join(',')}`);
  }
});

test('the other fields follow, the service\'s warnings after the engine\'s, as sentences and codes; no warnings key when there are none', () => {
  const pieces = [new Uint8Array([1, 2, 3, 4])];
  const rest = { linkCount: 3, statCounts: { citations: 2, dois: 1 }, stats: { internalLinks: 2 }, unmatched: [], appliedDecisions: 3 };
  const engine = reasonOf('doiNoText', { label: '[4]' });
  const resolver = reasonOf('referencesHeld', { n: 2 });
  assert.deepEqual(parse(applyResultJson(output(pieces, [engine]), [resolver])), expected(pieces, {
    ...rest, warnings: ['[4]: no text to link to its DOI', '2 reference(s) held: the registry did not answer; resolve them later.'], warningCodes: [engine, resolver],
  }));
  assert.deepEqual(parse(applyResultJson(output(pieces), [resolver])), expected(pieces, { ...rest, warnings: [reasonText(resolver)], warningCodes: [resolver] }));
  const none = parse(applyResultJson(output(pieces, [])));
  assert.deepEqual(none, expected(pieces, { ...rest, warnings: [], warningCodes: [] }));
  assert.ok(!('warnings' in parse(applyResultJson(output(pieces)))));
  assert.equal(Object.keys(none)[0], 'docx');
});

test('the answer owns its buffer whole (it is transferred to the service thread)', () => {
  const json = applyResultJson(output([new Uint8Array(10)]));
  assert.equal(json.byteOffset, 0);
  assert.equal(json.byteLength, json.buffer.byteLength);
});
