// /org-presets (server/http/routes/org-presets.ts): shared settings presets of the caller's organisation,
// against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corpusDoc, expectError, expectSessionRequired, nestedJson, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_presets', { TRIAL_CREDITS: '0', MAX_ORG_PRESETS: '5' });
});
after(async () => {
  await t.stop();
});

async function postPreset(token: string, bodyText: string): Promise<Response> {
  return fetch(`${t.url}/org-presets`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: bodyText });
}

describe('/org-presets', () => {
  test('members list, managers create (201), duplicate 409, bad settings 400, member 403, other org never sees', async () => {
    const owner = await t.user({ org: 'presets-a', role: 'owner' });
    const member = await t.user({ org: 'presets-a', role: 'member' });
    const outsider = await t.user({ org: 'presets-b', role: 'owner' });
    const created = await owner.session.createPreset({ name: 'Journal', settings: { figures: 'full', doi: true } });
    assert.equal(created.status, 201);
    assert.ok(created.ok);
    assert.equal(created.data.preset.settings.figures, 'full');
    assert.equal(created.data.preset.settings.tables, 'number', 'defaults filled in');
    expectError(await owner.session.createPreset({ name: 'Journal', settings: {} }), 409);
    const bad = expectError(await owner.session.createPreset({ name: 'Bad', settings: { citeStyle: 'roman' as never } }), 400);
    assert.match(bad.error, /citeStyle/);
    expectError(await owner.session.createPreset({ name: 'n'.repeat(101), settings: {} }), 400);
    expectError(await owner.session.createPreset({ name: '', settings: {} }), 400);
    assert.equal(expectError(await member.session.createPreset({ name: 'Mine', settings: {} }), 403).error, 'Manager or owner role required');
    const listed = await member.session.listPresets();
    assert.ok(listed.ok && listed.data.presets.length === 1);
    const other = await outsider.session.listPresets();
    assert.ok(other.ok && other.data.presets.length === 0);
    expectError(await (await t.user({})).session.listPresets(), 403);
  });

  test('MAX_ORG_PRESETS caps an organisation\'s presets (409 preset_limit_reached, even when racing); GET pages them as /org-usage does', async () => {
    const owner = await t.user({ org: 'presets-cap', role: 'owner' });
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.session.createPreset({ name: `P${i}`, settings: { doi: i % 2 === 0 } })));
    assert.equal(racing.filter((r) => r.status === 201).length, 5, racing.map((r) => r.status).join(','));
    for (const r of racing.filter((r) => r.status !== 201)) assert.equal(expectError(r, 409).reason, 'preset_limit_reached');
    const all = await owner.session.listPresets();
    assert.ok(all.ok);
    assert.equal(all.data.presets.length, 5, 'the default page holds every preset under the cap (old clients read one page)');
    assert.deepEqual([all.data.total, all.data.page, all.data.limit], [5, 1, 100]);
    const names = all.data.presets.map((p) => p.name);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const r = await owner.session.listPresets({ page, limit: 2 });
      assert.ok(r.ok);
      assert.equal(r.data.total, 5);
      pages.push(...r.data.presets.map((p) => p.name));
    }
    assert.deepEqual(pages, names, 'pages of 2 give the same presets in the same order');
    const login = await t.client.login(owner.email, owner.password);
    assert.ok(login.ok);
    for (const [query, reason] of [['limit=0', 'invalid_limit'], ['limit=101', 'invalid_limit'], ['page=0', 'invalid_page'], ['page=x', 'invalid_page']] as const) {
      const res: Response = await fetch(`${t.url}/org-presets?${query}`, { headers: { authorization: login.data.token } });
      assert.equal(res.status, 400, query);
      assert.equal(((await res.json()) as { reason: string }).reason, reason, query);
    }
  });

  test('preset_id in settings applies the preset of the caller organisation only', async () => {
    const owner = await t.user({ org: 'presets-c', role: 'owner' });
    const created = await owner.session.createPreset({ name: 'Off', settings: { figures: 'off' } });
    assert.ok(created.ok);
    const orgKey = await owner.session.createOrgKey({ name: 'p' });
    assert.ok(orgKey.ok);
    const scan = await t.client.withApiKey(orgKey.data.key).scan({ file: corpusDoc(), settings: { preset_id: created.data.preset.id } });
    assert.equal(scan.status, 200, JSON.stringify(scan.ok ? '' : scan.error));
    const stranger = await t.user({});
    const refused = expectError(await (await stranger.key()).client.scan({ file: corpusDoc(), settings: { preset_id: created.data.preset.id } }), 400);
    assert.equal(refused.reason, 'unknown_preset');
  });

  test('a preset whose settings exceed the stored size is 400 settings_too_large', async () => {
    const manager = await t.user({ org: 'edge-a', role: 'manager' });
    const res = await manager.session.createPreset({ name: 'huge', settings: { note: 'x'.repeat(70_000) } });
    const body = expectError(res, 400);
    assert.equal(body.reason, 'settings_too_large');
  });

  test('a preset with settings nested thousands deep is 400 settings_too_deep', async () => {
    const manager = await t.user({ org: 'edge-b', role: 'manager' });
    const login = await t.client.login(manager.email, manager.password);
    assert.ok(login.ok);
    const deep = await postPreset(login.data.token, `{"name":"deep","settings":{"extra":${nestedJson(5000)}}}`);
    assert.equal(deep.status, 400);
    assert.equal(((await deep.json()) as { reason: string }).reason, 'body_too_deep');
    const settingsDeep = await postPreset(login.data.token, `{"name":"deep","settings":{"extra":${nestedJson(10)}}}`);
    assert.equal(settingsDeep.status, 400);
    assert.equal(((await settingsDeep.json()) as { reason: string }).reason, 'settings_too_deep');
    const ok = await postPreset(login.data.token, `{"name":"shallow","settings":{"extra":${nestedJson(3)}}}`);
    assert.equal(ok.status, 201);
  });

  test('validation names the problem: no body, missing or over-long name, missing or invalid settings', async () => {
    const owner = await t.user({ org: 'presets-v', role: 'owner' });
    const login = await t.client.login(owner.email, owner.password);
    assert.ok(login.ok);
    const reasonOf = async (bodyText: string): Promise<string> => {
      const res = await postPreset(login.data.token, bodyText);
      assert.equal(res.status, 400, bodyText);
      return ((await res.json()) as { reason: string }).reason;
    };
    assert.equal(await reasonOf('[]'), 'missing_body');
    assert.equal(await reasonOf('{"settings":{}}'), 'missing_name');
    assert.equal(await reasonOf(JSON.stringify({ name: 'n'.repeat(101), settings: {} })), 'name_too_long');
    assert.equal(await reasonOf('{"name":"x"}'), 'missing_settings');
    assert.equal(await reasonOf('{"name":"x","settings":{"figures":"sideways"}}'), 'invalid_settings');
  });

  test('both methods need a session: 401 without one; a user in no organisation is 403 organisation_required', async () => {
    for (const method of ['GET', 'POST'] as const) await expectSessionRequired(t, method, '/org-presets');
    const loner = await t.user({});
    assert.equal(expectError(await loner.session.listPresets(), 403).reason, 'organisation_required');
    assert.equal(expectError(await loner.session.createPreset({ name: 'x', settings: {} }), 403).reason, 'organisation_required');
  });
});
