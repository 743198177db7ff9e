import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

/** Every page change starts at the top, as a full page load would. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
