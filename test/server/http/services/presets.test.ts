// Organisation presets: the write body's reasons (the contract's 400s), a preset never pointing at another
// preset, the stored row shown with its settings parsed, and a taken name answered 409 duplicate_name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPreset, orgPresets, parsePresetWrite } from '../../../../server/http/services/presets.ts';
import { refusal, scriptedPool } from '../../../helpers/service-context.ts';

const CALLER = { orgId: 'org-1', user: { id: 'user-1' } } as Parameters<typeof createPreset>[1];

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
  const pool = scriptedPool([{ affectedRows: 1 }]);
  const preset = await createPreset(pool, CALLER, parsePresetWrite({ name: 'Lab default', settings: { doi: false } }));
  assert.equal(preset.name, 'Lab default');
  assert.equal(preset.settings.doi, false);
  assert.match(preset.created_at, /^\d{4}-\d\d-\d\dT/);
  const params = pool.queries[0]!.params;
  assert.ok(params.includes('org-1') && params.includes('user-1'), JSON.stringify(params));
});

test('createPreset: a name already taken in the organisation is 409 duplicate_name', async () => {
  const duplicate = Object.assign(new Error("Duplicate entry 'org-1-Lab default'"), { code: 'ER_DUP_ENTRY' });
  const r = await refusal(() => createPreset(scriptedPool([duplicate]), CALLER, { name: 'Lab default', settings: parsePresetWrite({ name: 'n', settings: {} }).settings }));
  assert.equal(r.status, 409);
  assert.equal(r.reason, 'duplicate_name');
});

test('orgPresets shows each stored row with its settings parsed and dates in ISO form', async () => {
  const at = new Date('2026-05-06T07:08:09Z');
  const presets = await orgPresets(scriptedPool([[{ id: 'p-1', org_id: 'org-1', name: 'A', settings_json: '{"doi":true}', created_at: at, updated_at: at }]]), 'org-1');
  assert.deepEqual(presets, [{ id: 'p-1', name: 'A', settings: { doi: true }, created_at: '2026-05-06T07:08:09.000Z', updated_at: '2026-05-06T07:08:09.000Z' }]);
});
