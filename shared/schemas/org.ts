// Schemas of the organisation routes: account state, members and invitations, presets, usage, billing.
import { z } from 'zod';
import { hyperlinkSettingsSchema } from '../settings.ts';
import { dateTime, named, openObject } from './common.ts';

export const orgRoleSchema = z.enum(['owner', 'manager', 'member']);

/** An organisation as GET /org and POST /org-billing show it. */
export const organisationSchema = named(
  'Organisation',
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    plan: z.string(),
    credits: z.number(),
    members_enabled: z.boolean(),
    created_at: dateTime,
  }),
);

/** GET /org (and an accepted invitation): the caller's organisation and role. */
export const orgAccountSchema = named('OrgAccount', z.looseObject({ org: organisationSchema, role: orgRoleSchema }));

/** A member as GET/POST /org-members show it. */
export const orgMemberSchema = named(
  'OrgMember',
  z.looseObject({ user_id: z.string(), email: z.string(), name: z.string(), role: orgRoleSchema, created_at: dateTime }),
);

/** A pending invitation as the inviting organisation's managers and owners see it. */
export const orgInvitationSchema = named(
  'OrgInvitation',
  z.looseObject({ id: z.string(), email: z.string(), role: orgRoleSchema, status: z.literal('pending'), created_at: dateTime, expires_at: dateTime }),
);

/** A pending invitation as the invited user sees it (GET /org-invitations). */
export const receivedInvitationSchema = named(
  'ReceivedInvitation',
  z.looseObject({
    id: z.string(),
    org: z.looseObject({ name: z.string(), slug: z.string() }),
    role: orgRoleSchema,
    created_at: dateTime,
    expires_at: dateTime,
  }),
);

const id64 = z.string().trim().min(1, 'is required').max(64);
const required = z.string().trim().min(1, 'is required');

/**
 * POST /org-members. 'add' (alias 'invite') invites the e-mail: the answer is the same whether the address
 * has an account, belongs to another organisation or to none; the user joins by accepting.
 */
export const memberActionSchema = named(
  'MemberAction',
  z.discriminatedUnion('action', [
    z.looseObject({ action: z.enum(['add', 'invite']), email: required, role: orgRoleSchema.optional() }),
    z.looseObject({ action: z.literal('cancel_invitation'), invitation_id: required }),
    z.looseObject({ action: z.literal('set_role'), user_id: required, role: orgRoleSchema }),
    z.looseObject({ action: z.literal('remove'), user_id: required }),
  ]),
);

export const orgMembersResponseSchema = named(
  'OrgMembersList',
  z.looseObject({ members: z.array(orgMemberSchema), invitations: z.array(orgInvitationSchema).optional() }),
);
export const invitationCreatedSchema = named('OrgInvitationCreated', z.looseObject({ invitation: orgInvitationSchema }));
export const memberUpdatedSchema = named('OrgMemberUpdated', z.looseObject({ member: orgMemberSchema }));

/** POST /org-invitations: the invited user's answer. */
export const invitationAnswerSchema = named('InvitationAnswer', z.looseObject({ action: z.enum(['accept', 'decline']), invitation_id: id64 }));
export const receivedInvitationListSchema = named('ReceivedInvitationList', z.looseObject({ invitations: z.array(receivedInvitationSchema) }));

/** A credit purchase (POST /org-billing create and complete). */
export const creditPurchaseSchema = named(
  'CreditPurchase',
  z.looseObject({
    id: z.string(),
    org_id: z.string(),
    credits: z.int(),
    amount_cents: z.int(),
    currency: z.string(),
    provider: z.string(),
    provider_ref: z.string().nullable(),
    status: z.enum(['pending', 'completed', 'cancelled']),
    idempotency_key: z.string(),
    created_at: dateTime,
    completed_at: dateTime.nullable(),
  }),
);

const MAX_PURCHASE_CREDITS = 1_000_000;

const creditsMessage = `must be an integer between 1 and ${MAX_PURCHASE_CREDITS}`;

/** POST /org-billing: create a purchase, or complete one. */
export const billingRequestSchema = named(
  'BillingRequest',
  z.discriminatedUnion('action', [
    z.looseObject({
      action: z.literal('create'),
      credits: z.int(creditsMessage).min(1, creditsMessage).max(MAX_PURCHASE_CREDITS, creditsMessage),
      idempotency_key: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits, . _ : -'),
    }),
    z.looseObject({ action: z.literal('complete'), purchase_id: z.string().min(1, 'is required') }),
  ]),
);

const MAX_PRESET_NAME = 100;

export const orgPresetSchema = named(
  'OrgPreset',
  z.looseObject({ id: z.string(), name: z.string(), settings: hyperlinkSettingsSchema, created_at: dateTime, updated_at: dateTime }),
);
/** A page of presets by name; total counts them all (added to the contract's {presets}, as OrgUsageList pages). */
export const orgPresetListSchema = named('OrgPresetList', z.strictObject({ presets: z.array(orgPresetSchema), total: z.int(), page: z.int(), limit: z.int() }));
/** The body is checked for size and depth first (json-limits), settings then by their own schema. */
export const orgPresetWriteSchema = named(
  'OrgPresetWrite',
  z.strictObject({ name: z.string().trim().min(1, 'is required').max(MAX_PRESET_NAME), settings: hyperlinkSettingsSchema }),
);
export const orgPresetCreatedSchema = named('OrgPresetCreated', z.strictObject({ preset: orgPresetSchema }));

export const orgUsageListSchema = named(
  'OrgUsageList',
  z.strictObject({ usage: z.array(openObject), total: z.int(), page: z.int(), limit: z.int() }),
);

/** POST /org-billing create: the purchase, and where to pay it (null when the purchase existed). */
export const purchaseCreatedSchema = named('PurchaseCreated', z.looseObject({ purchase: creditPurchaseSchema, checkout_url: z.string().nullable() }));
/** POST /org-billing complete: the purchase and the organisation's credit balance after it. */
export const purchaseCompletedSchema = named('PurchaseCompleted', z.looseObject({ purchase: creditPurchaseSchema, credits: z.number() }));

/** GET /auth/me: the signed-in user, their organisation (or null) and role there (or null). */
export const authMeSchema = named(
  'AuthMe',
  z.looseObject({
    user: z.looseObject({ id: z.string(), email: z.string(), name: z.string(), is_admin: z.boolean(), plan: z.string(), credits: z.number(), created_at: dateTime }),
    org: organisationSchema.nullable(),
    role: orgRoleSchema.nullable(),
  }),
);
