// Typography for HTML the API sends (event descriptions, article bodies).
// The server sanitises that HTML before it is stored, so it is set directly.
const PROSE = [
  "text-charcoal/85 leading-relaxed break-words",
  "[&>*:first-child]:mt-0",
  "[&_p]:mt-4",
  "[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-forest",
  "[&_h3]:mt-6 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-forest",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-forest",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_li]:marker:text-terracotta",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-terracotta/60 [&_blockquote]:bg-sand/40 [&_blockquote]:py-2 [&_blockquote]:pl-4 [&_blockquote]:pr-3 [&_blockquote]:font-serif [&_blockquote]:italic [&_blockquote]:text-charcoal",
  "[&_a]:font-medium [&_a]:text-terracotta [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-forest",
  "[&_strong]:font-semibold [&_strong]:text-charcoal",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_hr]:my-8 [&_hr]:border-forest/10",
].join(" ");

export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
