// parseEntry: a reference entry as written → CSL fields, across the layouts of the major styles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEntry } from '../../../server/citation-style/parse-entry.ts';

interface Case {
  style: string;
  text: string;
  want: { family: string; year: number; title: string; container: string; volume?: string; issue?: string; page?: string; label?: string };
}

const CASES: Case[] = [
  { style: 'chicago (notes-bibliography and author-date journal form)', text: 'Brown, A. M., and D. Lee. “Moss Growth on North-Facing Walls.” Journal of Urban Botany 12, no. 3 (2004): 101–19.', want: { family: 'Brown', year: 2004, title: 'Moss Growth on North-Facing Walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119' } },
  { style: 'chicago with a season and no issue', text: 'Brown, A. M. “Moss on Walls.” Journal of Urban Botany 12 (Spring 2004): 101–19.', want: { family: 'Brown', year: 2004, title: 'Moss on Walls', container: 'Journal of Urban Botany', volume: '12', page: '101–119' } },
  { style: 'modern-language-association', text: 'Brown, A. M., and D. Lee. “Moss Growth on North-Facing Walls.” Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–19.', want: { family: 'Brown', year: 2004, title: 'Moss Growth on North-Facing Walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119' } },
  { style: 'modern-language-association with a month', text: 'Brown, A. M. “Moss on Walls.” Journal of Urban Botany, vol. 12, no. 3, Mar. 2004, pp. 101–19.', want: { family: 'Brown', year: 2004, title: 'Moss on Walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119' } },
  { style: 'ieee', text: '[3] A. M. Brown and D. Lee, “Moss growth on north-facing walls,” Journal of Urban Botany, vol. 12, no. 3, pp. 101–119, 2004.', want: { family: 'Brown', year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119', label: '[3]' } },
  { style: 'apa', text: 'Brown, A. M., & Lee, D. (2004). Moss growth on north-facing walls. Journal of Urban Botany, 12(3), 101–119.', want: { family: 'Brown', year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119' } },
  { style: 'nlm-citation-sequence', text: '1. Brown AM, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12(3):101–19.', want: { family: 'Brown', year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101–119', label: '1.' } },
];

for (const c of CASES) {
  test(`parseEntry reads a ${c.style} entry`, () => {
    const e = parseEntry(c.text, 'x');
    const it = e.item;
    assert.equal(it.author?.[0]?.family, c.want.family);
    assert.equal((it.issued as { 'date-parts': number[][] } | undefined)?.['date-parts'][0]?.[0], c.want.year);
    assert.equal(it.title, c.want.title);
    assert.equal(it['container-title'], c.want.container);
    assert.equal(it.volume, c.want.volume);
    assert.equal(it.issue, c.want.issue);
    assert.equal(it.page, c.want.page);
    assert.equal(e.label, c.want.label ?? '');
  });
}

test('a ";"-separated author list run on into the journal (ACS without titles) ends at the last initials', () => {
  const p = parseEntry('(4) Novak, J. P.; Berg, L. A. Journal of Made-Up Chemistry 2013, 15, 46–49.', 'x');
  assert.deepEqual(p.item.author, [{ family: 'Novak', given: 'J. P.' }, { family: 'Berg', given: 'L. A.' }]);
  assert.equal(p.item['container-title'], 'Journal of Made-Up Chemistry');
  assert.deepEqual([p.item.volume, p.item.page], ['15', '46–49']);
  const q = parseEntry('(5) Kim, S.; Tanaka, K. Heart 2001, 9, 7–9.', 'y');
  assert.equal(q.item.author?.length, 2);
  assert.equal(q.item['container-title'], 'Heart');
});
