import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Every page change starts at the top, as a full page load would, and moves
 * the focus to the start of the main content: a keyboard or screen-reader
 * visitor is not left on the link just followed (or on nothing, when that
 * link was in the closed menu). A new search on the same page keeps the focus.
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
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
