import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

let stripePromise: Promise<Stripe | null> | undefined;

/**
 * Stripe.js for `publishableKey`, loaded once and only in the browser
 * (`/pure` adds the script on the first call, never at import, so the
 * server render does not touch it). `null` without a key.
 */
export function browserStripe(publishableKey: string): Promise<Stripe | null> | null {
  if (typeof window === "undefined" || !publishableKey) return null;
  stripePromise ??= loadStripe(publishableKey);
  return stripePromise;
}
