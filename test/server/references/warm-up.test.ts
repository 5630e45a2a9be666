// The warm-up reads entries of the common forms (so that it exercises the reader's real paths: labels, author
// lists, years, titles, containers) and leaves no state behind: a reading after it equals one before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readReference } from '../../../server/references/record.ts';
import { WARM_UP_SAMPLES, warmUpReferenceReader } from '../../../server/references/warm-up.ts';

test('each warm-up sample is read as a full entry: authors, year 2019, title and container', () => {
  for (const text of WARM_UP_SAMPLES) {
    const { item } = readReference(text);
    assert.ok((item.author?.length ?? 0) >= 2, `authors of ${text}`);
    const issued = item.issued && 'date-parts' in item.issued ? item.issued['date-parts'] : [];
    assert.equal(Number(issued[0]?.[0]), 2019, `year of ${text}`);
    assert.match(String(item.title), /ciliated protozoa|protozoários ciliados/i, `title of ${text}`);
    assert.ok(item['container-title'], `container of ${text}`);
  }
});

test('warming up changes no reading', () => {
  const text = 'Prescott DM. The DNA of ciliated protozoa. Microbiol Rev. 1994;58(2):233–267.';
  const before = readReference(text);
  assert.ok(warmUpReferenceReader() >= 0);
  assert.deepEqual(readReference(text), before);
});
