// arXiv IDs: the new form only behind "arXiv:" or the word arXiv; the old form by its archive name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arxivFinder } from '../../../../../server/engine/detect/identifiers/arxiv.ts';

const found = (text: string) => arxivFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('"arXiv:" and a new-form ID link together; the version is kept; sentence punctuation stays outside', () => {
  assert.deepEqual(found('see arXiv:2101.01234v2.'), [{ linked: 'arXiv:2101.01234v2', id: '2101.01234v2', url: 'https://arxiv.org/abs/2101.01234v2' }]);
  assert.deepEqual(found('arXiv preprint arXiv:1409.1556'), [{ linked: 'arXiv:1409.1556', id: '1409.1556', url: 'https://arxiv.org/abs/1409.1556' }]);
});

test('the word arXiv and a space is a label: only the number links', () => {
  assert.deepEqual(found('arXiv 2101.01234, and'), [{ linked: '2101.01234', id: '2101.01234', url: 'https://arxiv.org/abs/2101.01234' }]);
});

test('old-form IDs name their archive (and subject class), with or without "arXiv:"', () => {
  assert.deepEqual(found('hep-th/9901001 and math.GT/0309136v2;').map((f) => f.linked), ['hep-th/9901001', 'math.GT/0309136v2']);
  assert.deepEqual(found('arXiv:hep-th/9901001'), [{ linked: 'arXiv:hep-th/9901001', id: 'hep-th/9901001', url: 'https://arxiv.org/abs/hep-th/9901001' }]);
});

test('traps: a bare number, too many digits, a trailing decimal, an unknown archive, a path are no arXiv ID', () => {
  for (const text of ['version 2101.01234 of', 'arXiv:2101.012345', 'arXiv:2101.01234.5', 'xyz-th/9901001', 'foo/hep-th/9901001']) {
    assert.deepEqual(found(text), [], text);
  }
});
