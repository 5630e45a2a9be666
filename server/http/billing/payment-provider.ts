// Payment providers behind one interface. The manual provider records an invoice to be settled outside
// the service; an organisation owner or an admin completes the purchase once paid.

export interface PaymentRequest {
  purchaseId: string;
  orgId: string;
  credits: number;
  amountCents: number;
  currency: string;
}

export interface PaymentCreated {
  providerRef: string;
  /** Where the payer goes to pay, when the provider has a hosted page; null for manual invoices. */
  checkoutUrl: string | null;
}

export type PaymentState = 'paid' | 'pending' | 'failed';

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<PaymentCreated>;
  /** Whether the payment may be completed. The manual provider trusts the owner's or admin's confirmation. */
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
