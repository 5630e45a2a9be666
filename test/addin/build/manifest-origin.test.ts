// The production manifest's origin: ADDIN_ORIGIN checked (https, an origin without a path) and every
// development URL of the manifest rewritten to it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEV_ORIGIN, manifestForOrigin, parseAddinOrigin } from '../../../addin/build/manifest-origin.mjs';

test('origins are normalised: a trailing slash and a default port dropped, a port kept', () => {
  assert.equal(parseAddinOrigin(' https://addin.example.org/ '), 'https://addin.example.org');
  assert.equal(parseAddinOrigin('https://addin.example.org:443'), 'https://addin.example.org');
  assert.equal(parseAddinOrigin('https://addin.example.org:8443'), 'https://addin.example.org:8443');
});

const refused: Array<[string, RegExp]> = [
  ['addin.example.org', /is not a URL/],
  ['http://addin.example.org', /must use https/],
  ['https://addin.example.org/pane', /without a path/],
  ['https://addin.example.org/?x=1', /without a path/],
  ['https://addin.example.org/#top', /without a path/],
];
for (const [raw, message] of refused) {
  test(`refused: ${raw}`, () => assert.throws(() => parseAddinOrigin(raw), message));
}

test('every development URL of the manifest is rewritten, nothing else', () => {
  const xml = `<SourceLocation DefaultValue="${DEV_ORIGIN}/taskpane.html"/><IconUrl DefaultValue="${DEV_ORIGIN}/assets/icon-32.png"/><AppDomain>${DEV_ORIGIN}</AppDomain><SupportUrl DefaultValue="https://example.com/help"/>`;
  assert.equal(
    manifestForOrigin(xml, 'https://addin.example.org'),
    '<SourceLocation DefaultValue="https://addin.example.org/taskpane.html"/><IconUrl DefaultValue="https://addin.example.org/assets/icon-32.png"/><AppDomain>https://addin.example.org</AppDomain><SupportUrl DefaultValue="https://example.com/help"/>',
  );
  assert.throws(() => manifestForOrigin(xml, 'http://x.org'), /https/);
});
