// The newsletter sign-up's rules and texts (spec sections 5 and 8).

export const NEWSLETTER_TEXT = {
  successTitle: "Success!",
  successDescription: "You've been successfully subscribed to our newsletter.",
  failureTitle: "Subscription Failed",
  failureFallback: "Failed to subscribe",
} as const;

/** The spec's "simple {email} pattern": something, an @, something, a dot, something. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `email` cannot be sent, as a toast's title and text, or null when it can. */
export function newsletterEmailProblem(email: string): { title: string; description: string } | null {
  const trimmed = email.trim();
  if (trimmed === "") return { title: "Email Required", description: "Please enter your email address." };
  if (!SIMPLE_EMAIL.test(trimmed)) return { title: "Invalid Email", description: "Please enter a valid email address." };
  return null;
}

/** Posts the sign-up; resolves to null on success or the message to show on failure. */
export async function subscribe(email: string): Promise<string | null> {
  try {
    const response = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: email.trim() }),
      credentials: "include",
    });
    if (response.ok) return null;
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return typeof body?.message === "string" && body.message ? body.message : NEWSLETTER_TEXT.failureFallback;
  } catch {
    return NEWSLETTER_TEXT.failureFallback;
  }
}
