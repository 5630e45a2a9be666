import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyResultSchema, decisionsSchema, resolvedWorksFieldSchema, reviewDecisionSchema, scanPacketSchema } from '../../../shared/schemas/documents.ts';

test('decisions: a valid array keeps extra fields; a bad status, an empty refId or a non-array is refused', () => {
  const ok = decisionsSchema.parse([{ refId: 'c1', status: 'link_only', doi: '10.1/x', note: 'n', mine: 1 }]);
  assert.equal(ok[0]!.mine, 1);
  const bad = decisionsSchema.safeParse([{ refId: 'c1', status: 'maybe' }]);
  assert.equal(bad.success, false);
  assert.deepEqual(bad.error?.issues[0]?.path, [0, 'status']);
  assert.equal(reviewDecisionSchema.safeParse({ refId: '', status: 'approved' }).success, false);
  assert.equal(decisionsSchema.safeParse({ refId: 'c1' }).success, false);
});

test('resolvedWorks field: an object of works; doi a string or null, approved a boolean', () => {
  assert.equal(resolvedWorksFieldSchema.safeParse({ r1: { doi: '10.1/x', approved: false, title: 'T' } }).success, true);
  assert.deepEqual(resolvedWorksFieldSchema.safeParse({ r1: { doi: 5 } }).error?.issues[0]?.path, ['r1', 'doi']);
  assert.equal(resolvedWorksFieldSchema.safeParse([]).success, false);
});

test('ScanPacket and ApplyResult allow extra fields but require theirs', () => {
  const packet = { scanFingerprint: 'sha256:ab', matches: [], targets: [], extra: true };
  assert.equal(scanPacketSchema.safeParse(packet).success, true);
  assert.equal(scanPacketSchema.safeParse({ ...packet, scanFingerprint: 'md5:x' }).success, false);
  assert.equal(applyResultSchema.safeParse({ docx: 'UEsDBA==', linkCount: 2, later: 'x' }).success, true);
  assert.equal(applyResultSchema.safeParse({ docx: 'UEsDBA==', linkCount: 1.5 }).success, false);
});
