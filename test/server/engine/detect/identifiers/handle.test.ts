// Handles: "hdl:" or the proxy host without its scheme; the whole written form links.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handleFinder } from '../../../../../server/engine/detect/identifiers/handle.ts';

const found = (text: string) => handleFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('"hdl:" handles link whole, to the proxy; the sentence’s full stop stays outside', () => {
  assert.deepEqual(found('hdl:10013/epic.12345.'), [{ linked: 'hdl:10013/epic.12345', id: '10013/epic.12345', url: 'https://hdl.handle.net/10013/epic.12345' }]);
  assert.deepEqual(found('hdl: 2027/mdp.39015'), [{ linked: 'hdl: 2027/mdp.39015', id: '2027/mdp.39015', url: 'https://hdl.handle.net/2027/mdp.39015' }]);
});

test('the proxy address without a scheme links; an unbalanced closing bracket stays outside', () => {
  assert.deepEqual(found('at hdl.handle.net/1887/12345)'), [{ linked: 'hdl.handle.net/1887/12345', id: '1887/12345', url: 'https://hdl.handle.net/1887/12345' }]);
});

test('traps: the address with its scheme is a URL (not a handle); a prefix with no suffix is nothing', () => {
  assert.deepEqual(found('https://hdl.handle.net/1887/1'), []);
  assert.deepEqual(found('hdl:10013/'), []);
  assert.deepEqual(found('hdl:10013/.'), []);
});
