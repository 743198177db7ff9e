import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { openToastRegion, toastRegion } from "@/lib/toast";

/** Spec section 9: at most one toast at a time, each shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

// sonner is only needed once something is announced, so it stays out of the
// first load: the region appears when a form is first focused (whatever a form
// announces then finds it in place) or with the first toast, the library with it.
const Sonner = lazy(() => import("@/lib/sonner").then((module) => ({ default: module.Toaster })));

function RegionMounted() {
  useEffect(() => toastRegion.mounted(), []);
  return null;
}

/** The one toast region of the site (sonner renders it as a polite live region). */
export function Toaster() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.isWanted, () => false);

  useEffect(() => {
    if (wanted) return;
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest("form")) openToastRegion();
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense>
      <Sonner visibleToasts={1} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />
      <RegionMounted />
    </Suspense>
  );
}
