// POST /org-billing: {action: 'create', credits, idempotency_key} then {action: 'complete', purchase_id}.
// Completing adds credits, so it is an admin's act (the payment was received); an owner may complete
// only where the operator allows it for development (BILLING_SELF_COMPLETE=true).
import { Router } from 'express';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { forbidden, notFound, orgRequired, ownerRequired } from '../errors.ts';
import { parseRequest } from '../validate.ts';
import { billingRequestSchema } from '../../../shared/schemas/org.ts';
import { completePurchase, createPurchase, loadPurchase } from '../services/billing.ts';

export function orgBillingRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/org-billing', requireSession(ctx), async (req, res) => {
    const caller = sessionOf(req);
    const body = parseRequest(billingRequestSchema, req.body ?? {}, {
      reason: 'invalid_action',
      reasons: { credits: 'invalid_credits', idempotency_key: 'invalid_idempotency_key', purchase_id: 'missing_purchase_id' },
    });
    const isAdmin = caller.user.is_admin === 1;
    if (body.action === 'create') {
      if (!caller.orgId) throw orgRequired();
      if (caller.role !== 'owner') throw ownerRequired();
      const result = await createPurchase(ctx.pool, ctx.payments, { orgId: caller.orgId, userId: caller.user.id, credits: body.credits, idempotencyKey: body.idempotency_key, priceCents: ctx.config.creditPriceCents });
      res.status(result.created ? 201 : 200).json({ purchase: result.purchase, checkout_url: result.checkoutUrl });
      return;
    }
    const id = body.purchase_id;
    const purchase = await loadPurchase(ctx.pool, id);
    const ownOrg = caller.orgId === purchase.org_id;
    if (!isAdmin && !ownOrg) throw notFound('Purchase not found', 'purchase_not_found');
    if (!isAdmin && caller.role !== 'owner') throw ownerRequired();
    if (!isAdmin && !ctx.config.billingSelfComplete) {
      throw forbidden('Only an administrator completes a purchase, once the payment is received', 'admin_required');
    }
    res.json(await completePurchase(ctx.pool, ctx.payments, id, caller.user.id));
  });
  return router;
}
