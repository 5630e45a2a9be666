// A second, independent OOXML reader: mammoth.js (its own zip and XML stack) reads linked corpus
// documents without errors, shows every paragraph's text as before, and sees every link we wrote:
// internal links as <a href="#bookmark"> with that bookmark present, DOI links as their https://doi.org/ URL,
// identifier links (URLs, PMIDs, ...) as their resolver address.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import mammoth from 'mammoth';
import { corpusFile } from '../../../helpers/corpus.ts';
import { analyse, approveReady, SETTINGS } from './pipeline.ts';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';

const DOCS = ['elife-02304.docx', 'mdpi-plants-PMC8071313.messy.docx', 'plos-pone-0070598.docx'];

function plain(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}

for (const name of DOCS) {
  test(`mammoth reads the linked document and sees its links: ${name}`, async () => {
    const bytes = corpusFile(name);
    const input = analyse(bytes, SETTINGS);
    const out = applyAnalysis(input, bytes, approveReady(input));
    const stats = out.stats as { internalLinks: number; externalLinks: number };

    const before = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    const after = await mammoth.convertToHtml({ buffer: Buffer.from(out.docx) });
    assert.deepEqual(after.messages.filter((m) => m.type === 'error'), [], 'no read errors');
    assert.equal(plain(after.value), plain(before.value), 'the visible text is unchanged');

    const internal = [...after.value.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]!);
    const anchors = new Set([...after.value.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]!));
    const external = [...after.value.matchAll(/<a href="(https?:[^"]+)">/g)].map((m) => m[1]!);
    assert.equal(internal.length, stats.internalLinks, 'every internal link is a link for mammoth');
    assert.deepEqual(internal.filter((a) => !anchors.has(a)), [], 'every internal link lands on a bookmark mammoth sees');
    assert.equal(external.length, stats.externalLinks, 'every external link is a link for mammoth');
    const identifiers = new Set([...input.matchById.values()].flatMap((m) => (m.identifier ? [m.identifier.url] : [])));
    const unknown = external.map((u) => u.replace(/&amp;/g, '&')).filter((u) => !u.startsWith('https://doi.org/10.') && !identifiers.has(u));
    assert.deepEqual(unknown, [], 'external links go to doi.org or to an identifier written in the text');
  });
}
