// URLs written in the text: http(s):// and www. forms; trailing punctuation and unbalanced brackets stay outside.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { urlFinder } from '../../../../../server/engine/detect/identifiers/url.ts';

const found = (text: string) => urlFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), url: f.url }));

test('a balanced bracket in the path is kept; the sentence’s full stop, a semicolon, an outer bracket are not', () => {
  assert.deepEqual(found('see https://x.org/a_(b).'), [{ linked: 'https://x.org/a_(b)', url: 'https://x.org/a_(b)' }]);
  assert.deepEqual(found('(https://a.org/x)'), [{ linked: 'https://a.org/x', url: 'https://a.org/x' }]);
  assert.deepEqual(found('https://a.org/path;').map((f) => f.linked), ['https://a.org/path']);
  assert.deepEqual(found('\u201chttps://a.org/q?x=1\u201d').map((f) => f.linked), ['https://a.org/q?x=1']);
});

test('"www." forms link with https:// in front; an IPv4 host with a port is an address', () => {
  assert.deepEqual(found('at www.example.com, then'), [{ linked: 'www.example.com', url: 'https://www.example.com' }]);
  assert.deepEqual(found('http://10.0.0.1:8080/x').map((f) => f.url), ['http://10.0.0.1:8080/x']);
});

test('typographic hyphens in an address link as hyphens; the written text is left as it is', () => {
  assert.deepEqual(found('https://ex\u2010ample.org/a\u2011b'), [{ linked: 'https://ex\u2010ample.org/a\u2011b', url: 'https://ex-ample.org/a-b' }]);
});

test('traps: an e-mail address, a host with no dot, an address broken by a space, no host at all', () => {
  for (const text of ['mail me@www.example.com', 'http://localhost/x', 'http://molprobity.biochem.duke .edu', 'https://', 'xhttps://a.org']) {
    assert.deepEqual(found(text), [], text);
  }
});
