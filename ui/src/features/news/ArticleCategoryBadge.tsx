import type { ArticleCategory } from "@/lib/types";

const CATEGORIES: Record<ArticleCategory, { label: string; className: string }> = {
  news: { label: "News", className: "bg-blue-100 text-blue-800" },
  community: { label: "Community", className: "bg-emerald-100 text-emerald-800" },
  business: { label: "Business", className: "bg-amber-100 text-amber-900" },
  events: { label: "Events", className: "bg-purple-100 text-purple-800" },
};

/** An article's category; anything unknown reads as news, the spec's default. */
export function ArticleCategoryBadge({ category }: { category: string | null }) {
  const { label, className } = CATEGORIES[category as ArticleCategory] ?? CATEGORIES.news;
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
