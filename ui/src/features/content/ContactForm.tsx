import { zodResolver } from "@hookform/resolvers/zod";
import Send from "lucide-react/icons/send";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useSearchParams } from "react-router";
import { apiRequest } from "@/lib/api";
import { useRefocus } from "@/lib/refocus";
import { showToast } from "@/lib/toast";
import { useFormOutcome } from "@/lib/form-outcome";
import { composeContactMessage, contactSchema, EMPTY_CONTACT, type ContactValues } from "./contact-message";
import { MessageSentDialog } from "./MessageSentDialog";

const INPUT_CLASSES =
  "mt-1.5 block w-full rounded-lg border border-forest/20 bg-white px-3.5 py-2.5 text-charcoal shadow-sm placeholder:text-charcoal/40 focus-visible:border-forest focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-forest aria-invalid:border-red-600";

function Field({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-charcoal">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a plain form post the server refused left behind: the values and messages to show again. */
function usePostedContact(): { values: ContactValues; errors: FieldErrors<ContactValues> | undefined } {
  const posted = useFormOutcome().contact;
  return useMemo(() => {
    if (!posted) return { values: EMPTY_CONTACT, errors: undefined };
    const errors: FieldErrors<ContactValues> = {};
    for (const [field, message] of Object.entries(posted.errors)) {
      errors[field as keyof ContactValues] = { type: "server", message };
    }
    return { values: { ...posted.values, subject: posted.values.subject ?? "" }, errors };
  }, [posted]);
}

/**
 * The contact form (spec sections 4, 5 and 7): checked at each field, sent
 * as `{name, email, message}`, confirmed by a dialog. Before JavaScript runs
 * it posts natively; the server then renders its messages here.
 */
export function ContactForm() {
  const posted = usePostedContact();
  const [searchParams] = useSearchParams();
  const [sentOpen, setSentOpen] = useState(searchParams.has("sent"));
  const sendButton = useRef<HTMLButtonElement>(null);
  const refocusSendButton = useRefocus(sendButton);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: posted.values,
    errors: posted.errors,
  });

  async function send(values: ContactValues) {
    try {
      await apiRequest("POST", "/api/contact", {
        name: values.name,
        email: values.email,
        message: composeContactMessage(values),
      });
    } catch {
      refocusSendButton();
      void showToast("error", {
        title: "Error sending message",
        description: "There was a problem sending your message. Please try again.",
      });
      return;
    }
    reset(EMPTY_CONTACT);
    setSentOpen(true);
  }

  function closeSent() {
    setSentOpen(false);
    // A reload must not confirm the message a second time. Not a router
    // navigation: that would scroll to the top, away from the form.
    const address = new URL(window.location.href);
    if (address.searchParams.has("sent")) {
      address.searchParams.delete("sent");
      window.history.replaceState(window.history.state, "", address);
    }
    // The dialog would return the focus to the page itself: the button was disabled while sending.
    sendButton.current?.focus();
  }

  function field(name: keyof ContactValues) {
    const error = errors[name]?.message;
    return {
      id: `contact-${name}`,
      error,
      inputProps: {
        id: `contact-${name}`,
        // Phone is the one optional field, as its label says.
        "aria-required": name === "phone" ? undefined : true,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `contact-${name}-error` : undefined,
        className: INPUT_CLASSES,
        // In the server HTML too, so a refused plain form post shows what was typed.
        defaultValue: posted.values[name],
        ...register(name),
      },
    };
  }
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const subject = field("subject");
  const message = field("message");

  return (
    <>
      <form method="post" action="/api/contact" noValidate onSubmit={handleSubmit(send)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={name.id} label="Full Name" error={name.error}>
            <input type="text" autoComplete="name" {...name.inputProps} />
          </Field>
          <Field id={email.id} label="Email Address" error={email.error}>
            <input type="email" autoComplete="email" {...email.inputProps} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={phone.id}
            error={phone.error}
            label={
              <>
                Phone Number <span className="font-normal text-charcoal/70">(optional)</span>
              </>
            }
          >
            <input type="tel" autoComplete="tel" {...phone.inputProps} />
          </Field>
          <Field id={subject.id} label="Subject" error={subject.error}>
            <input type="text" {...subject.inputProps} />
          </Field>
        </div>
        <Field id={message.id} label="Message" error={message.error}>
          <textarea rows={6} {...message.inputProps} className={`${INPUT_CLASSES} resize-y`} />
        </Field>
        {/* Honeypot: invisible to people and screen readers, filled in by bots; the server drops such messages. */}
        <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button
          ref={sendButton}
          type="submit"
          disabled={isSubmitting}
          className="btn-primary w-full py-3 text-base disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          <Send aria-hidden className="h-4 w-4" />
          {isSubmitting ? "Sending..." : "Send Message"}
        </button>
      </form>
      <MessageSentDialog open={sentOpen} onClose={closeSent} />
    </>
  );
}
