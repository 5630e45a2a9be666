// The organisation as the contract shows it: flags and numbers converted from the row, dates in ISO form; a
// missing organisation is null for /auth/me and 404 for /org.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OrgRow } from '../../../../server/db/organisations.ts';
import { findOrganisation, orgView, requireOrganisation } from '../../../../server/http/services/org-account.ts';
import { refusal, scriptedPool } from '../../../helpers/service-context.ts';

const ROW: OrgRow = { id: 'org-1', slug: 'acme', name: 'Acme Lab', plan: 'pro', credits: '42' as unknown as number, members_enabled: 1, created_at: new Date('2026-01-02T03:04:05Z') };

test('orgView: credits as a number, members_enabled as a boolean, created_at in ISO form', () => {
  assert.deepEqual(orgView(ROW), { id: 'org-1', slug: 'acme', name: 'Acme Lab', plan: 'pro', credits: 42, members_enabled: true, created_at: '2026-01-02T03:04:05.000Z' });
  assert.equal(orgView({ ...ROW, members_enabled: 0 }).members_enabled, false);
});

test('findOrganisation asks for the organisation by its id; none is null', async () => {
  const pool = scriptedPool([[ROW], []]);
  assert.equal((await findOrganisation(pool, 'org-1'))?.name, 'Acme Lab');
  assert.deepEqual(pool.queries[0]?.params, ['org-1']);
  assert.equal(await findOrganisation(pool, 'org-gone'), null);
});

test('requireOrganisation: a missing organisation is 404', async () => {
  const r = await refusal(() => requireOrganisation(scriptedPool([[]]), 'org-gone'));
  assert.equal(r.status, 404);
  assert.match(r.error, /Organisation not found/);
  assert.equal(r.reason, 'org_not_found');
});
