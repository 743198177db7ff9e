import { Toaster as Sonner } from "sonner";

/** Spec section 9: at most one toast at a time, each shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** The one toast region of the site (sonner renders it as a polite live region). */
export function Toaster() {
  return <Sonner visibleToasts={1} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />;
}
