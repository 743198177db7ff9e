/**
 * Text as the server keeps it (`without_control_characters`, then Rust's `trim`): without the
 * control characters that are not white space, trimmed of Unicode white space. JavaScript's own
 * `trim` takes a slightly different set (U+FEFF, but not U+0085), so the two would disagree.
 */
export function serverText(raw: string): string {
  return raw.replace(/(?!\p{White_Space})\p{Cc}/gu, "").replace(/^\p{White_Space}+|\p{White_Space}+$/gu, "");
}
