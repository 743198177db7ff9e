import { type RefObject, useEffect, useState } from "react";

/**
 * Returns a function that puts the focus back on `ref`'s element as soon as
 * it is enabled again, if the focus was dropped meanwhile. A control
 * disabled while a form sends drops the focus to the page itself, where
 * keyboard and screen reader users would have to start over.
 */
export function useRefocus(ref: RefObject<HTMLElement | null>): () => void {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!pending || !element || element.matches(":disabled")) return;
    // Only where the focus was dropped: not away from where the visitor went meanwhile.
    const active = document.activeElement;
    if (active === null || active === document.body) element.focus();
    setPending(false);
  });
  return () => setPending(true);
}
