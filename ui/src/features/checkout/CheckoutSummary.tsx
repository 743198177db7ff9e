import Lock from "lucide-react/icons/lock";
import type { ReactNode, RefObject } from "react";
import { annualSavings, findPlan, priceLabel } from "@/lib/plans";
import { useSite } from "@/lib/site";
import { planTitle, type CheckoutOrder } from "./checkout-order";

/**
 * The loaded checkout: the order line, its price and the pay button around
 * the provider's card element (`children`). The payment form that owns
 * submission decides when paying is possible and when it is in progress.
 */
export function CheckoutSummary({
  order,
  canPay,
  processing,
  payButton,
  children,
}: {
  order: CheckoutOrder;
  canPay: boolean;
  processing: boolean;
  payButton: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const plan = findPlan(useSite().plans, order.plan);
  // The saving of paying yearly, for plans that renew (Premium: $198).
  const saving = order.billing === "annual" && plan?.recurring ? annualSavings(plan) : 0;
  return (
    <div className="rounded-xl border border-forest/10 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="font-serif text-3xl font-bold text-forest">Complete Your Payment</h1>
      <div className="mt-6 rounded-lg bg-sand/60 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="font-semibold text-charcoal">
            {planTitle(order.plan)} Business Listing ({order.billing})
          </p>
          <p className="font-serif text-2xl font-bold text-forest">{priceLabel(order.amount, order.billing)}</p>
        </div>
        {saving > 0 && <p className="mt-2 text-sm font-medium text-emerald-700">Save ${saving} compared to monthly billing!</p>}
      </div>
      <div className="mt-6">{children}</div>
      <button ref={payButton} type="submit" disabled={!canPay || processing} className="btn-primary mt-6 w-full py-3 text-base">
        <Lock aria-hidden className="h-4 w-4" />
        {processing ? "Processing..." : `Pay $${order.amount}`}
      </button>
    </div>
  );
}
