// Announces a result in the site's toast region (`components/ui/Toaster`).
// Neither the region nor sonner is part of the first load: they arrive when a
// form is first focused, or at the latest with the first toast, and the toast
// is only published once the (polite live) region is in the document.

export interface ToastText {
  title: string;
  description: string;
}

let wanted = false;
const listeners = new Set<() => void>();
let regionMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  regionMounted = resolve;
});

/** The Toaster's view of whether the region is wanted yet (`useSyncExternalStore`). */
export const toastRegion = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: (): boolean => wanted,
  /** Called by the Toaster once sonner's region is in the document. */
  mounted: (): void => regionMounted(),
};

/** Puts the toast region in the document (and starts loading sonner) if it is not there yet. */
export function openToastRegion(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export async function showToast(kind: "success" | "error", { title, description }: ToastText): Promise<void> {
  openToastRegion();
  const [{ toast }] = await Promise.all([import("./sonner"), mounted]);
  toast[kind](title, { description });
}
