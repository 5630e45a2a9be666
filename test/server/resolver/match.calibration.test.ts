// Matching measured on a slice of the development set (every 12th reference, about 490), straight
// against its registry: precision of ready DOIs, recall, and calibration of the confidence.
// The full measurement is `npm run bench:resolver -- --matching` (bench/README.md).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import { decide } from '../../../server/resolver/match.ts';
import { prepareReference } from '../../../server/resolver/score.ts';
import type { CrossrefWork } from '../../../server/resolver/work.ts';
import { REPO_ROOT } from '../../helpers/corpus.ts';
import { Bm25Index } from '../../helpers/fake-crossref/bm25.ts';
import { loadRegistry } from '../../helpers/fake-crossref/server.ts';

const DIR = process.env.RESOLVER_DIR ?? join(REPO_ROOT, '..', 'shared', 'resolver');

test('ready DOIs are right at least 99% of the time on a development slice; most references are ready', { skip: !existsSync(join(DIR, 'registry-dev.jsonl')) && 'no resolver development set' }, () => {
  const index = new Bm25Index(loadRegistry(join(DIR, 'registry-dev.jsonl')));
  const refs = readFileSync(join(DIR, 'references-dev.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { string: string; doi: string | null });
  let ready = 0, right = 0, inRegistry = 0, highConf = 0, highConfRight = 0;
  refs.forEach((r, i) => {
    if (i % 12 !== 5) return;
    if (r.doi) inRegistry++;
    const prepared = prepareReference(parseReference(r.string));
    const d = decide(prepared, index.search(prepared.parsed.cleaned).slice(0, 10).map((h) => ({ ...h.work, score: h.score }) as CrossrefWork));
    const ok = d.best?.work.DOI.toLowerCase() === r.doi;
    if (d.status === 'ready') { ready++; if (ok) right++; }
    if (d.best && d.confidence >= 0.95) { highConf++; if (ok) highConfRight++; }
  });
  assert.ok(right / ready >= 0.99, `precision ${right}/${ready}`);
  assert.ok(right / inRegistry >= 0.95, `recall ${right}/${inRegistry}`);
  assert.ok(highConfRight / highConf >= 0.98, `confidence ≥ 0.95 right ${highConfRight}/${highConf}`);
});
