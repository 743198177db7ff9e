import { Elements } from "@stripe/react-stripe-js";
import Loader2 from "lucide-react/icons/loader-circle";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { usePageMeta } from "@/lib/page-meta";
import { priceLabel } from "@/lib/plans";
import { useSite } from "@/lib/site";
import { createPaymentIntent } from "./api/create-payment-intent";
import { planTitle, readCheckoutOrder, type CheckoutOrder } from "./checkout-order";
import { PaymentForm } from "./PaymentForm";
import { browserStripe } from "./stripe";

/** Shown until the payment provider's client secret arrives (spec section 4). */
function CheckoutLoading({ order }: { order: CheckoutOrder }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-forest/10 bg-white px-6 py-16 text-center shadow-sm">
      {/* The spec shows no heading until the form arrives; screen readers still need one to land on. */}
      <h1 className="sr-only">Checkout</h1>
      <Loader2 aria-hidden className="h-10 w-10 animate-spin text-forest" />
      <p className="text-charcoal/75">Loading payment form...</p>
      <p className="text-sm text-charcoal/70">
        {planTitle(order.plan)} Business Listing ({order.billing}) · {priceLabel(order.amount, order.billing)}
      </p>
    </div>
  );
}

/**
 * Asks the server for a payment once, in the browser; the card form replaces
 * the loading state when the client secret arrives. If the request fails the
 * failure is only logged and the loading state stays (spec sections 4 and 8).
 */
export function CheckoutPage() {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const { plan, billing, amount } = readCheckoutOrder(searchParams, site.plans);
  const order = useMemo(() => ({ plan, billing, amount }), [plan, billing, amount]);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  usePageMeta({
    title: `Checkout | ${site.communityName} Directory`,
    description: `Pay for a business listing in the ${site.communityName} directory.`,
    noindex: true,
  });

  useEffect(() => {
    let current = true;
    setClientSecret(null);
    createPaymentIntent(order)
      .then((secret) => {
        if (current) setClientSecret(secret);
      })
      .catch((error: unknown) => console.error("Creating the payment failed:", error));
    return () => {
      current = false;
    };
  }, [order]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      {clientSecret ? (
        <Elements stripe={browserStripe(site.stripePublishableKey)} options={{ clientSecret }}>
          <PaymentForm order={order} />
        </Elements>
      ) : (
        <CheckoutLoading order={order} />
      )}
    </section>
  );
}
