import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Where a page's focus starts: its heading, which a screen reader then reads
 * first, or the main content while the page has none (still loading).
 * Focusing all of `<main>` for good would have some screen readers read the
 * whole page out as its name.
 */
function startElement(main: HTMLElement): HTMLElement {
  const heading = main.querySelector("h1");
  if (!heading) return main;
  // Headings are not in the tab order; -1 lets a script focus one all the same.
  heading.tabIndex = -1;
  return heading;
}

/**
 * Focuses the start of the page shown, and moves the focus on while the page
 * settles: to a heading that arrives with the page's data (a business page
 * after its skeleton), or that replaces another (checkout's loading state for
 * its form), which would otherwise take the focus with it. A focus the
 * visitor has moved elsewhere stays there. Returns what stops that watch.
 */
function focusPageStart(): () => void {
  const main = document.getElementById("main");
  if (!main) return () => {};
  let start = startElement(main);
  start.focus({ preventScroll: true });
  const watch = new MutationObserver(() => {
    const next = startElement(main);
    if (next === start) return;
    // Checked here, not by listening for keys and clicks: a screen reader's browse mode moves the
    // focus without sending the page any.
    const focused = document.activeElement;
    if (focused !== start && focused !== main && focused !== document.body) return watch.disconnect();
    start = next;
    start.focus({ preventScroll: true });
  });
  watch.observe(main, { childList: true, subtree: true });
  return () => watch.disconnect();
}

/**
 * Every page change starts at the top, as a full page load would, and moves
 * the focus to the start of the new page: a keyboard or screen-reader visitor
 * is not left on the link just followed (or on nothing, when that link was in
 * the closed menu). A new search on the same page keeps the focus.
 */
export function PageStart() {
  const { pathname, search } = useLocation();
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    return focusPageStart();
  }, [pathname]);
  return null;
}
