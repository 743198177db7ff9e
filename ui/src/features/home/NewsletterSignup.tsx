import Mail from "lucide-react/icons/mail";
import { useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useFormOutcome } from "@/lib/form-outcome";
import { useRefocus } from "@/lib/refocus";
import { showToast } from "@/lib/toast";
import { useSite } from "@/lib/site";
import { NEWSLETTER_TEXT, newsletterEmailProblem, subscribe } from "./newsletter";

type Status = "idle" | "submitting";

/**
 * The newsletter form (spec sections 4, 5 and 8). With JavaScript it checks
 * the address, posts JSON and answers with toasts; before that it is a plain
 * form post whose outcome the server renders into this same component.
 * `noValidate` because problems are reported by toasts, not browser bubbles.
 */
export function NewsletterSignup() {
  const site = useSite();
  // What the server said of a plain post, until the visitor sends again.
  const [posted, setPosted] = useState(useFormOutcome().newsletter);
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(posted?.email ?? "");
  const [status, setStatus] = useState<Status>("idle");
  const submitting = status === "submitting";
  // What is wrong with the address as typed, kept for screen readers after its toast is gone.
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const refocusInput = useRefocus(input);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPosted(undefined);
    const invalid = newsletterEmailProblem(email);
    if (invalid) {
      setProblem(`${invalid.title}. ${invalid.description}`);
      input.current?.focus();
      void showToast("error", invalid);
      return;
    }
    setStatus("submitting");
    const failure = await subscribe(email);
    setStatus("idle");
    refocusInput();
    if (failure === null) {
      setEmail("");
      void showToast("success", { title: NEWSLETTER_TEXT.successTitle, description: NEWSLETTER_TEXT.successDescription });
    } else {
      void showToast("error", { title: NEWSLETTER_TEXT.failureTitle, description: failure });
    }
  }

  return (
    <section aria-labelledby="newsletter" className="rounded-xl bg-forest p-5 text-white shadow-sm">
      <h2 id="newsletter" className="flex items-center gap-2 font-serif text-xl font-bold">
        <Mail aria-hidden className="h-5 w-5" />
        Stay in the Loop
      </h2>
      <p className="mt-2 text-sm text-white/80">
        News, events and new businesses in {site.communityName}, delivered to your inbox.
      </p>
      <form method="post" action="/api/newsletter/subscribe" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(undefined);
          }}
          disabled={submitting}
          aria-invalid={posted || problem ? true : undefined}
          aria-describedby={posted ? "newsletter-outcome" : problem ? "newsletter-problem" : undefined}
          className="w-full rounded-lg border border-white/20 bg-white px-3 py-2.5 text-sm text-charcoal placeholder:text-charcoal/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sand disabled:opacity-60"
        />
        {/* Honeypot: invisible to people, filled in by bots; the server drops such sign-ups. */}
        <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="newsletter-website">Leave this field empty</label>
          <input id="newsletter-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" disabled={submitting} className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70">
          {submitting ? "Subscribing..." : "Subscribe"}
        </button>
        {problem && (
          <p id="newsletter-problem" className="sr-only">
            {problem}
          </p>
        )}
        {posted && (
          <p id="newsletter-outcome" role="alert" className="rounded-md bg-white/10 px-3 py-2 text-sm font-medium text-sand">
            {posted.message}
          </p>
        )}
        {!posted && searchParams.has("subscribed") && (
          <p role="status" className="rounded-md bg-white/10 px-3 py-2 text-sm font-medium">
            {NEWSLETTER_TEXT.successDescription}
          </p>
        )}
      </form>
    </section>
  );
}
