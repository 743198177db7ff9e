import { lazy, Suspense, useEffect, useState } from "react";

/** Spec section 9: at most one toast at a time, each shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

// sonner is only needed once something is announced, so it stays out of the
// first load: the region appears after hydration, the library with it.
const Sonner = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** The one toast region of the site (sonner renders it as a polite live region). */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense>
      <Sonner visibleToasts={1} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
