// Payment providers behind one interface. The manual provider records an invoice to be settled outside
// the service; an admin completes the purchase once paid (an owner too only with BILLING_SELF_COMPLETE=true,
// for development). A hosted provider would confirm through a signature-checked webhook instead.

interface PaymentRequest {
  purchaseId: string;
  orgId: string;
  credits: number;
  amountCents: number;
  currency: string;
}

interface PaymentCreated {
  providerRef: string;
  /** Where the payer goes to pay, when the provider has a hosted page; null for manual invoices. */
  checkoutUrl: string | null;
}

type PaymentState = 'paid' | 'pending' | 'failed';

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<PaymentCreated>;
  /** Whether the payment may be completed. The manual provider trusts the completing admin's word. */
  confirmPayment(providerRef: string): Promise<PaymentState>;
}

export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async createPayment(request) {
    return { providerRef: `manual_${request.purchaseId}`, checkoutUrl: null };
  },
  async confirmPayment() {
    return 'paid';
  },
};
