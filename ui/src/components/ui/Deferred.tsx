// Parts of a server-rendered page whose code the first load does without. While
// the browser hydrates the page, such a part keeps the server's HTML (React leaves
// a Suspense boundary that is waiting dehydrated) until its gate opens; then its
// chunk loads and it hydrates. `content` is a component from a `.lazy.ts` module
// (see `ui/build.mjs`); the server bundle has the real one and renders it inline.
import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router";

/** How far below the viewport a `Deferred` part starts loading its code. */
const LOAD_AHEAD = "300px";

interface Gate {
  opened: Promise<void> & { status?: "fulfilled"; value?: void };
  open: () => void;
}

function createGate(): Gate {
  let resolve = () => {};
  const opened: Gate["opened"] = new Promise<void>((done) => {
    resolve = done;
  });
  return {
    opened,
    open() {
      // `use` reads a settled promise's status synchronously, so an open gate never suspends.
      opened.status = "fulfilled";
      opened.value = undefined;
      resolve();
    },
  };
}

/**
 * "server" while rendering on the server, a gate while hydrating the server's
 * HTML, null when rendered in the browser after that (a client-side navigation
 * shows the part with its page, as an ordinary component).
 *
 * A navigation changes the router's context above a waiting boundary, and React
 * can then only go on by hydrating it: the gate opens in that render, so the
 * navigation waits for the part's chunk at worst and never for the gate.
 */
function useHydrationGate(): Gate | "server" | null {
  const [gate] = useState<Gate | "server" | null>(() => {
    if (typeof document === "undefined") return "server";
    return document.documentElement.dataset.hydrated === "true" ? null : createGate();
  });
  const location = useLocation();
  const [firstLocation] = useState(location);
  if (gate !== null && gate !== "server" && location !== firstLocation) gate.open();
  return gate;
}

function Wait({ until, children }: { until: Promise<void>; children: ReactNode }) {
  use(until);
  return children;
}

function Gated({ gate, content: Content }: { gate: Gate | "server" | null; content: ComponentType }) {
  if (gate === null) return <Content />;
  return (
    <Suspense>
      {gate === "server" ? (
        <Content />
      ) : (
        <Wait until={gate.opened}>
          <Content />
        </Wait>
      )}
    </Suspense>
  );
}

/**
 * A `<div>` holding a part of a page below the fold with nothing to type into:
 * until it comes within `LOAD_AHEAD` of the viewport it stays the server's HTML
 * (readable, its links plain links). Memoised with plain props (a class name and
 * a module-level component) so a re-render of the page never reaches a boundary
 * that is still waiting: React would drop its server HTML.
 */
export const Deferred = memo(function Deferred({ className, content }: { className: string; content: ComponentType }) {
  const gate = useHydrationGate();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (gate === null || gate === "server") return;
    const element = host.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      gate.open();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        gate.open();
      },
      { rootMargin: `${LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gate]);

  return (
    <div ref={host} className={className}>
      <Gated gate={gate} content={content} />
    </div>
  );
});

/**
 * Markup that needs no code once the server has rendered it (JSON-LD): hydrating,
 * it stays the server's HTML for good; only a navigation renders it in the browser.
 */
export const ServerRendered = memo(function ServerRendered({ content }: { content: ComponentType }) {
  return <Gated gate={useHydrationGate()} content={content} />;
});
