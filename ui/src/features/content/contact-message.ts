// zod's tree-shakable "mini" build: the rules below cost a few kilobytes of
// the contact page's chunk instead of the whole library.
import * as z from "zod/mini";

/** The contact form's rules with the spec's messages (section 5), word for word. */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, "Name must be at least 2 characters")),
  email: z.pipe(z.string().check(z.trim()), z.email("Please enter a valid email address")),
  phone: z.string().check(z.trim()),
  subject: z.string().check(z.trim(), z.minLength(5, "Subject must be at least 5 characters")),
  message: z.string().check(z.trim(), z.minLength(10, "Message must be at least 10 characters")),
});

export type ContactValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

/** The one message the team reads; the server composes a plain form post the same way. */
export function composeContactMessage({ subject, phone, message }: ContactValues): string {
  return `Subject: ${subject.trim()}\nPhone: ${phone.trim() || "Not provided"}\n\nMessage:\n${message.trim()}`;
}
