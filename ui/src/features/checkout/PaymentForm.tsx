import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useRefocus } from "@/lib/refocus";
import { showToast } from "@/lib/toast";
import { type CheckoutOrder, planTitle } from "./checkout-order";
import { CheckoutSummary } from "./CheckoutSummary";

const PAYMENT_TAKEN = new Set(["succeeded", "processing"]);
const PAYMENT_NOT_TAKEN = "Your payment was not completed. Please try again.";

/** Stripe's Payment Element and the pay button; lives inside `<Elements>`. */
export function PaymentForm({ order }: { order: CheckoutOrder }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);
  const refocusPayButton = useRefocus(payButton);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: "if_required",
    });
    // Without an error the payment may still be unfinished; only a taken
    // (or, for a bank debit, accepted and processing) payment is a success.
    if (error || !PAYMENT_TAKEN.has(paymentIntent?.status ?? "")) {
      void showToast("error", { title: "Payment Failed", description: error?.message ?? PAYMENT_NOT_TAKEN });
      setProcessing(false);
      refocusPayButton();
      return;
    }
    void showToast("success", {
      title: "Payment Successful",
      description: `Thank you for your ${planTitle(order.plan)} listing purchase!`,
    });
    navigate(`/payment-success?plan=${encodeURIComponent(order.plan.toLowerCase())}`);
  }

  return (
    <form onSubmit={pay}>
      <CheckoutSummary order={order} canPay={Boolean(stripe && elements && elementReady)} processing={processing} payButton={payButton}>
        <PaymentElement onReady={() => setElementReady(true)} />
      </CheckoutSummary>
    </form>
  );
}
