import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDENTIFIER_MANUSCRIPTS, identifierManuscript } from '../../../../helpers/identifier-manuscripts.ts';
import { scan } from '../../../../../server/engine/index.ts';
import { parseSettings } from '../../../../../shared/settings.ts';
import { IDENTIFIER_KINDS } from '../../../../../shared/identifiers.ts';

const isIdentifier = (kind: string) => (IDENTIFIER_KINDS as readonly string[]).includes(kind);

for (const name of Object.keys(IDENTIFIER_MANUSCRIPTS)) {
  test(`${name}: exactly the identifiers of the gold are proposed, each with its resolver address`, async () => {
    const { docx, expected } = await identifierManuscript(name);
    const packet = scan(docx, parseSettings({ doi: true }));
    const found = packet.matches.filter((m) => isIdentifier(m.kind)).map((m) => ({
      paragraph: m.location!.paragraph, start: m.location!.start, end: m.location!.end, text: m.sourceText, kind: m.kind, url: m.url, status: m.status,
    }));
    assert.deepEqual(found, expected.map((e) => ({ ...e, status: 'ready' })));
  });
}

test('each identifier kind is switched off by its setting', async () => {
  const { docx } = await identifierManuscript('identifiers-methods');
  const all = scan(docx, parseSettings({})).matches.filter((m) => isIdentifier(m.kind));
  const kinds = new Set(all.map((m) => m.kind));
  assert.equal(kinds.size, 6, [...kinds].join(','));
  const off = scan(docx, parseSettings({ urls: false, orcid: false })).matches.filter((m) => isIdentifier(m.kind));
  assert.ok(!off.some((m) => m.kind === 'url' || m.kind === 'orcid'));
  assert.equal(off.length, all.filter((m) => m.kind !== 'url' && m.kind !== 'orcid').length);
  const none = scan(docx, parseSettings({ urls: false, pmid: false, pmcid: false, arxiv: false, nct: false, rrid: false, orcid: false, handle: false }));
  assert.equal(none.matches.filter((m) => isIdentifier(m.kind)).length, 0);
});
