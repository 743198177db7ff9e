import CheckCircle2 from "lucide-react/icons/circle-check";
import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import { useEffect, useRef } from "react";
import { telHref } from "@/components/ui/business-format";
import { useSite } from "@/lib/site";

/**
 * The confirmation after a message is sent (spec section 2, Contact). A
 * native `<dialog>`: modal with focus kept inside once JavaScript runs, and
 * already open in the server HTML after a plain form post (`?sent=1`), where
 * its `method="dialog"` form closes it without any script.
 */
export function MessageSentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const site = useSite();
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      // The server may have rendered it open but not modal; reopen it as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
      // React focuses `autoFocus` elements itself instead of writing the
      // attribute the dialog looks for, so a dialog rendered in the browser
      // would start on its first link (a phone call) rather than on Close.
      closeButton.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      open={open || undefined}
      // Reopening as a modal closes the dialog first, and that close event
      // arrives after it is open again: only a dialog that stayed closed counts.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      aria-labelledby="message-sent-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-charcoal shadow-2xl backdrop:bg-charcoal/60"
    >
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 aria-hidden className="h-12 w-12 text-forest" />
        <h2 id="message-sent-title" className="mt-3 font-serif text-2xl font-bold text-forest">
          Message Sent Successfully!
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-charcoal/80">
          Thank you for contacting us. We have received your message and will get back to you within 24 hours.
        </p>
        <p className="mt-4 text-sm font-semibold">Need immediate help?</p>
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <a href={telHref(site.phone)} className="inline-flex items-center justify-center gap-2 text-forest hover:text-terracotta">
            <Phone aria-hidden className="h-4 w-4" />
            {site.phone}
          </a>
          <a href={`mailto:${site.email}`} className="inline-flex items-center justify-center gap-2 text-forest hover:text-terracotta">
            <Mail aria-hidden className="h-4 w-4" />
            {site.email}
          </a>
        </div>
        <form method="dialog" className="mt-6 w-full">
          <button ref={closeButton} type="submit" className="btn-primary w-full" autoFocus>
            Close
          </button>
        </form>
      </div>
    </dialog>
  );
}
