// POST /org-billing: {action: 'create', credits, idempotency_key} then {action: 'complete', purchase_id}.
// Completing adds credits, so it is an admin's act (the payment was received); an owner may complete
// only where the operator allows it for development (BILLING_SELF_COMPLETE=true).
import { Router } from 'express';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound, orgRequired, ownerRequired } from '../errors.ts';
import { completePurchase, createPurchase, loadPurchase } from '../services/billing.ts';

const MAX_PURCHASE_CREDITS = 1_000_000;

export function orgBillingRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/org-billing', requireSession(ctx), async (req, res) => {
    const caller = sessionOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const isAdmin = caller.user.is_admin === 1;
    if (body.action === 'create') {
      if (!caller.orgId) throw orgRequired();
      if (caller.role !== 'owner') throw ownerRequired();
      const credits = body.credits;
      if (typeof credits !== 'number' || !Number.isInteger(credits) || credits < 1 || credits > MAX_PURCHASE_CREDITS) {
        throw badRequest(`credits must be an integer between 1 and ${MAX_PURCHASE_CREDITS}`, 'invalid_credits');
      }
      const key = body.idempotency_key;
      if (typeof key !== 'string' || !/^[A-Za-z0-9._:-]{1,100}$/.test(key)) {
        throw badRequest('idempotency_key is required (1 to 100 letters, digits, . _ : -)', 'invalid_idempotency_key');
      }
      const result = await createPurchase(ctx.pool, ctx.payments, { orgId: caller.orgId, userId: caller.user.id, credits, idempotencyKey: key, priceCents: ctx.config.creditPriceCents });
      res.status(result.created ? 201 : 200).json({ purchase: result.purchase, checkout_url: result.checkoutUrl });
      return;
    }
    if (body.action === 'complete') {
      const id = body.purchase_id;
      if (typeof id !== 'string' || id === '') throw badRequest('purchase_id is required', 'missing_purchase_id');
      const purchase = await loadPurchase(ctx.pool, id);
      const ownOrg = caller.orgId === purchase.org_id;
      if (!isAdmin && !ownOrg) throw notFound('Purchase not found', 'purchase_not_found');
      if (!isAdmin && caller.role !== 'owner') throw ownerRequired();
      if (!isAdmin && !ctx.config.billingSelfComplete) {
        throw forbidden('Only an administrator completes a purchase, once the payment is received', 'admin_required');
      }
      res.json(await completePurchase(ctx.pool, ctx.payments, id, caller.user.id));
      return;
    }
    throw badRequest("action must be 'create' or 'complete'", 'invalid_action');
  });
  return router;
}
