import { apiRequest } from "@/lib/api";
import type { CheckoutOrder } from "../checkout-order";

/** POST /api/create-payment-intent (spec section 7): the server prices the order and answers Stripe's client secret. */
export async function createPaymentIntent(order: CheckoutOrder): Promise<string> {
  const response = await apiRequest("POST", "/api/create-payment-intent", {
    amount: order.amount,
    plan: order.plan,
    billing: order.billing,
  });
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  return clientSecret;
}
