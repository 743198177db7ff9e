// HTML the API sends (event descriptions, article bodies), typeset by the
// `content-html` class (src/styles/app.css). The server sanitises that HTML
// before it is stored, so it is set directly.
export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`content-html ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
