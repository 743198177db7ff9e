import { Loader2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { usePageMeta } from "@/lib/page-meta";
import { priceLabel } from "@/lib/plans";
import { useSite } from "@/lib/site";
import { planTitle, readCheckoutOrder, type CheckoutOrder } from "./checkout-order";

/** Shown until the payment provider's client secret arrives (spec section 4). */
function CheckoutLoading({ order }: { order: CheckoutOrder }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-forest/10 bg-white px-6 py-16 text-center shadow-sm">
      <Loader2 aria-hidden className="h-10 w-10 animate-spin text-forest" />
      <p className="text-charcoal/75">Loading payment form...</p>
      <p className="text-sm text-charcoal/55">
        {planTitle(order.plan)} Business Listing ({order.billing}) · {priceLabel(order.amount, order.billing)}
      </p>
    </div>
  );
}

/**
 * The card payment form (and `CheckoutSummary` around it) replaces the
 * loading state once the payment intent exists; until then it always loads.
 */
export function CheckoutPage() {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const order = readCheckoutOrder(searchParams);
  usePageMeta({
    title: `Checkout | ${site.communityName} Directory`,
    description: `Pay for a business listing in the ${site.communityName} directory.`,
    noindex: true,
  });
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <CheckoutLoading order={order} />
    </section>
  );
}
