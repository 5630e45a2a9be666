// The warm-up reads entries of the common forms (so that it exercises the reader's real paths: labels, author
// lists, years, titles, containers: it counts the samples read whole, and the service logs the count) and leaves
// no state behind: a reading after it equals one before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readReference } from '../../../server/references/record.ts';
import { warmUpReferenceReader } from '../../../server/references/warm-up.ts';

test('each of the five warm-up samples is read as a full entry: authors, year, title and container', () => {
  const warmUp = warmUpReferenceReader();
  assert.deepEqual({ samples: warmUp.samples, readWhole: warmUp.readWhole }, { samples: 5, readWhole: 5 });
  assert.ok(warmUp.ms >= 0);
});

test('warming up changes no reading', () => {
  const text = 'Prescott DM. The DNA of ciliated protozoa. Microbiol Rev. 1994;58(2):233–267.';
  const before = readReference(text);
  warmUpReferenceReader();
  assert.deepEqual(readReference(text), before);
});
