// The CheckFinding schema: what the engine's checks produce validates; an unknown code or severity does not; the
// scan packet carries findings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHECK_CODES, checkFindingSchema } from '../../../shared/schemas/checks.ts';
import { scanPacketSchema } from '../../../shared/schemas/documents.ts';
import { scan } from '../../../server/engine/index.ts';
import { SETTINGS_DEFAULTS } from '../../../shared/settings-values.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

const finding = { code: 'entry-not-cited', severity: 'warning', message: 'Reference 2 is never cited', location: { part: 'word/document.xml', paragraph: 4, start: 0, end: 20 }, context: { before: '', after: '2. Doe' }, related: ['bib-2'] };

test('a finding validates; an unknown code or severity, or a missing location, does not', () => {
  assert.equal(checkFindingSchema.safeParse(finding).success, true);
  assert.equal(checkFindingSchema.safeParse({ ...finding, code: 'made-up' }).success, false);
  assert.equal(checkFindingSchema.safeParse({ ...finding, severity: 'fatal' }).success, false);
  assert.equal(checkFindingSchema.safeParse({ ...finding, location: undefined }).success, false);
  assert.equal(new Set(CHECK_CODES).size, CHECK_CODES.length);
});

test('a scanned packet with findings validates against the ScanPacket schema', async () => {
  const docx = await buildDocx({ body: [p('See Figure 3 [2].'), p('References', 'Heading1'), p('1. Smith J (2018) A title. J 1: 1-2.')].join('') });
  const packet = scan(docx, { ...SETTINGS_DEFAULTS });
  assert.ok((packet.checks ?? []).length >= 2);
  const parsed = scanPacketSchema.safeParse(packet);
  assert.equal(parsed.success, true, JSON.stringify(parsed.error?.issues));
});
