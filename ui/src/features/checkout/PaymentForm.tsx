import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "@/lib/toast";
import { type CheckoutOrder, planTitle } from "./checkout-order";
import { CheckoutSummary } from "./CheckoutSummary";

/** Stripe's Payment Element and the pay button; lives inside `<Elements>`. */
export function PaymentForm({ order }: { order: CheckoutOrder }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: "if_required",
    });
    if (error) {
      void showToast("error", { title: "Payment Failed", description: error.message ?? "" });
      setProcessing(false);
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
      <CheckoutSummary order={order} canPay={Boolean(stripe && elements && elementReady)} processing={processing}>
        <PaymentElement onReady={() => setElementReady(true)} />
      </CheckoutSummary>
    </form>
  );
}
