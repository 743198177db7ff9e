import { z } from "zod";

/** The contact form's rules with the spec's messages (section 5), word for word. */
export const contactSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters"),
  email: z.string().trim().pipe(z.email("Please enter a valid email address")),
  phone: z.string().trim(),
  subject: z.string().trim().min(5, "Subject must be at least 5 characters"),
  message: z.string().trim().min(10, "Message must be at least 10 characters"),
});

export type ContactValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

/** The one message the team reads; the server composes a plain form post the same way. */
export function composeContactMessage({ subject, phone, message }: ContactValues): string {
  return `Subject: ${subject.trim()}\nPhone: ${phone.trim() || "Not provided"}\n\nMessage:\n${message.trim()}`;
}
