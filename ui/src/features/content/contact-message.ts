// zod's tree-shakable "mini" build: the rules below cost a few kilobytes of
// the contact page's chunk instead of the whole library.
import * as z from "zod/mini";
import { serverText } from "@/lib/text";

/** Characters as the server counts them: an emoji is one, not two UTF-16 units. */
const characters = (text: string) => Array.from(text).length;
const atLeast = (min: number, message: string) => z.refine<string>((text) => characters(text) >= min, message);
const atMost = (max: number, message: string) => z.refine<string>((text) => characters(text) <= max, message);
const asServerKeepsIt = z.overwrite(serverText);

/**
 * The contact form's rules: the spec's minimums with its messages (section 5), word for word,
 * and the server's maximums with its messages (`server/src/handlers/forms/contact.rs`), counted
 * on the text the server keeps.
 */
export const contactSchema = z.object({
  name: z.string().check(
    asServerKeepsIt,
    atLeast(2, "Name must be at least 2 characters"),
    atMost(100, "Name must be at most 100 characters"),
  ),
  email: z.pipe(z.string().check(asServerKeepsIt), z.email("Please enter a valid email address")),
  phone: z.string().check(asServerKeepsIt, atMost(40, "Phone number must be at most 40 characters")),
  subject: z.string().check(
    asServerKeepsIt,
    atLeast(5, "Subject must be at least 5 characters"),
    atMost(200, "Subject must be at most 200 characters"),
  ),
  message: z.string().check(
    asServerKeepsIt,
    atLeast(10, "Message must be at least 10 characters"),
    atMost(5000, "Message must be at most 5,000 characters"),
  ),
});

export type ContactValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

/** The one message the team reads; the server composes a plain form post the same way. */
export function composeContactMessage({ subject, phone, message }: ContactValues): string {
  return `Subject: ${subject.trim()}\nPhone: ${phone.trim() || "Not provided"}\n\nMessage:\n${message.trim()}`;
}
