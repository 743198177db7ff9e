import { type Billing, type CataloguePlan, defaultCheckoutAmount } from "@/lib/plans";

/** What the checkout address asks to buy: /checkout?plan=..&billing=..&amount=.. */
export interface CheckoutOrder {
  plan: string;
  billing: Billing;
  /** Whole US dollars. */
  amount: number;
}

export function readCheckoutOrder(params: URLSearchParams, plans: CataloguePlan[]): CheckoutOrder {
  const plan = params.get("plan") || "standard";
  const billing: Billing = params.get("billing") === "annual" ? "annual" : "monthly";
  // The spec parses the amount as a whole number; an unreadable one counts as absent.
  const amount = Number.parseInt(params.get("amount") ?? "", 10);
  return { plan, billing, amount: Number.isNaN(amount) ? defaultCheckoutAmount(plans, plan) : amount };
}

/** "premium" → "Premium", as order lines and confirmations name the plan. */
export function planTitle(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
