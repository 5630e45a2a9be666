// Organisation presets: the write body's reasons (the contract's 400s), a preset never pointing at another
// preset, the stored row shown with its settings parsed, and a taken name answered 409 duplicate_name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPreset, orgPresetsPage, parsePresetWrite } from '../../../../server/http/services/presets.ts';
import { refusal, scriptedPool } from '../../../helpers/service-context.ts';

const CALLER = { orgId: 'org-1', user: { id: 'user-1' } } as Parameters<typeof createPreset>[2];
const ORG_ROW = [{ id: 'org-1' }];

test('parsePresetWrite: each malformed body is refused with its reason', async () => {
  const rows: Array<[unknown, string]> = [
    [undefined, 'missing_body'],
    [[], 'missing_body'],
    [{ settings: { doi: true } }, 'missing_name'],
    [{ name: 'x'.repeat(500), settings: {} }, 'name_too_long'],
    [{ name: 'Lab default' }, 'missing_settings'],
    [{ name: 'Lab default', settings: 'doi' }, 'invalid_settings'],
  ];
  for (const [body, reason] of rows) {
    const r = await refusal(() => parsePresetWrite(body));
    assert.equal(r.status, 400, JSON.stringify(body)?.slice(0, 40));
    assert.equal(r.reason, reason, JSON.stringify(body)?.slice(0, 40));
  }
});

test('parsePresetWrite clears preset_id: a preset cannot point at another preset', () => {
  const write = parsePresetWrite({ name: 'Lab default', settings: { doi: false, preset_id: 'other-preset' } });
  assert.equal(write.name, 'Lab default');
  assert.equal(write.settings.preset_id, null);
  assert.equal(write.settings.doi, false);
});

test('createPreset stores the settings as JSON for the caller organisation and answers the preset', async () => {
  const pool = scriptedPool([ORG_ROW, [{ n: 3 }], { affectedRows: 1 }]);
  const preset = await createPreset(pool, 100, CALLER, parsePresetWrite({ name: 'Lab default', settings: { doi: false } }));
  assert.equal(preset.name, 'Lab default');
  assert.equal(preset.settings.doi, false);
  assert.match(preset.created_at, /^\d{4}-\d\d-\d\dT/);
  const params = pool.queries[2]!.params;
  assert.ok(params.includes('org-1') && params.includes('user-1'), JSON.stringify(params));
});

test('createPreset: a name already taken in the organisation is 409 duplicate_name', async () => {
  const duplicate = Object.assign(new Error("Duplicate entry 'org-1-Lab default'"), { code: 'ER_DUP_ENTRY' });
  const r = await refusal(() => createPreset(scriptedPool([ORG_ROW, [{ n: 0 }], duplicate]), 100, CALLER, { name: 'Lab default', settings: parsePresetWrite({ name: 'n', settings: {} }).settings }));
  assert.equal(r.status, 409);
  assert.equal(r.reason, 'duplicate_name');
});

test('createPreset: an organisation at its preset cap is 409 preset_limit_reached and nothing is inserted', async () => {
  const pool = scriptedPool([ORG_ROW, [{ n: 100 }]]);
  const r = await refusal(() => createPreset(pool, 100, CALLER, parsePresetWrite({ name: 'One more', settings: {} })));
  assert.equal(r.status, 409);
  assert.equal(r.reason, 'preset_limit_reached');
  assert.equal(pool.queries.length, 2, 'locked and counted, no insert');
  assert.match(pool.queries[0]!.sql, /FOR UPDATE/);
});

test('orgPresetsPage shows each stored row with its settings parsed and dates in ISO form, with the total and the page asked', async () => {
  const at = new Date('2026-05-06T07:08:09Z');
  const pool = scriptedPool([[{ n: 41 }], [{ id: 'p-1', org_id: 'org-1', name: 'A', settings_json: '{"doi":true}', created_at: at, updated_at: at }]]);
  const page = await orgPresetsPage(pool, 'org-1', 3, 20);
  assert.deepEqual(page, { presets: [{ id: 'p-1', name: 'A', settings: { doi: true }, created_at: '2026-05-06T07:08:09.000Z', updated_at: '2026-05-06T07:08:09.000Z' }], total: 41, page: 3, limit: 20 });
  assert.deepEqual(pool.queries[1]!.params.slice(-2), [20, 40], 'LIMIT 20 OFFSET 40');
});
