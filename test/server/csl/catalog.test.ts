import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledStyles, bundledLocale, currentStyleId, loadBundledStyle, resolveStyleId } from '../../../server/csl/catalog.ts';

test('bundled styles: 78 independent styles with their citation format', () => {
  const styles = bundledStyles();
  assert.equal(styles.size, 78);
  assert.equal(styles.get('apa')?.family, 'author-date');
  assert.equal(styles.get('ieee')?.family, 'numeric');
  assert.equal(styles.get('chicago-shortened-notes-bibliography')?.family, 'note');
});

test('style ids resolve: current, renamed, dependent, zotero URL; unknown and malformed are null', () => {
  assert.deepEqual(resolveStyleId('apa'), { id: 'apa', via: 'current', requested: 'apa' });
  assert.equal(resolveStyleId('vancouver')?.id, 'nlm-citation-sequence');
  assert.equal(resolveStyleId('vancouver')?.via, 'renamed');
  assert.equal(resolveStyleId('harvard1')?.id, 'harvard-cite-them-right');
  const dep = resolveStyleId('bmc-bioinformatics');
  assert.equal(dep?.id, 'biomed-central');
  assert.equal(dep?.via, 'dependent');
  assert.equal(dep?.journal, 'BMC Bioinformatics');
  assert.equal(resolveStyleId('http://www.zotero.org/styles/ieee')?.id, 'ieee');
  assert.equal(resolveStyleId('no-such-style'), null);
  assert.equal(resolveStyleId('../../etc/passwd'), null);
  assert.equal(currentStyleId('harvard3'), 'harvard-swinburne-university-of-technology');
});

test('a bundled style loads with its XML; locales: bundled or false', () => {
  const s = loadBundledStyle('nature');
  assert.ok(s && s.xml.includes('<style'));
  assert.equal(s.key, 'bundled:nature');
  assert.ok(String(bundledLocale('en-US')).includes('<locale'));
  assert.equal(bundledLocale('xx-XX'), false);
  assert.equal(bundledLocale('../x'), false);
});
