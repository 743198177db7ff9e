// Announces a result in the site's toast region (`components/ui/Toaster`).
// sonner loads on first use, so pages that never announce anything skip it.

export interface ToastText {
  title: string;
  description: string;
}

export async function showToast(kind: "success" | "error", { title, description }: ToastText): Promise<void> {
  const { toast } = await import("sonner");
  toast[kind](title, { description });
}
