import { Suspense, useEffect, type ReactNode } from "react";
import { Outlet } from "react-router";
import { Toaster } from "@/components/ui/Toaster";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { PageStart } from "./PageStart";

/**
 * Marks the document once React has taken over the page's server HTML (tests
 * and tools wait for it). It sits inside the page's Suspense boundary, so it
 * fires only when the page itself, not just the chrome, is interactive.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** The chrome around every page; `banner`, when given, sits above the header. */
export function Layout({ banner }: { banner?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-cream text-charcoal">
      <PageStart />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      {banner}
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Pages load as separate chunks in the browser; until one arrives, the
            server's HTML stays (hydration) or the previous page stays (navigation). */}
        <Suspense>
          <Outlet />
          <MarkHydrated />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
