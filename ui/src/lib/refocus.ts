import { type RefObject, useEffect, useState } from "react";

/**
 * Returns a function that puts the focus back on `ref`'s element as soon as
 * it is enabled again. A control disabled while a form sends drops the
 * focus to the page itself, where keyboard and screen reader users would
 * have to start over.
 */
export function useRefocus(ref: RefObject<HTMLElement | null>): () => void {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (pending && element && !element.matches(":disabled")) {
      element.focus();
      setPending(false);
    }
  });
  return () => setPending(true);
}
