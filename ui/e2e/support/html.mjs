// A small reading of a page's markup, so the same assertions can run on the
// server's HTML (from fetch) and on the hydrated DOM (page.content()).
// Scripts (the page data, structured data) and comments are left out: what
// is asserted is what a visitor sees.

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Visible text of a fragment: tags become spaces, whitespace collapses. */
export function textOf(markup) {
  return decodeEntities(markup.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function attributes(source) {
  const result = {};
  for (const [, name, , doubleQuoted, singleQuoted, bare] of source.matchAll(
    /([^\s"'=<>\/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    result[name.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return result;
}

/**
 * The body of a document as `{ markup, text, links, images, headings }`:
 * links are `{ href, target, rel, text, ... }`, images their attributes,
 * headings `{ level, text }`.
 */
export function readPage(html) {
  const bodyStart = html.search(/<body[\s>]/i);
  const markup = (bodyStart >= 0 ? html.slice(bodyStart) : html)
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  return {
    markup,
    text: textOf(markup),
    links: [...markup.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map(([, attrs, inner]) => ({
      ...attributes(attrs),
      text: textOf(inner),
    })),
    images: [...markup.matchAll(/<img\b([^>]*)>/gi)].map(([, attrs]) => attributes(attrs)),
    headings: [...markup.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map(([, level, inner]) => ({
      level: Number(level),
      text: textOf(inner),
    })),
  };
}

/** The markup of every `<tag …>…</tag>` element (not nested in one another), e.g. the cards of a list. */
export function elements(markup, tag) {
  return [...markup.matchAll(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?<\\/${tag}>`, "gi"))].map(([whole]) => whole);
}
