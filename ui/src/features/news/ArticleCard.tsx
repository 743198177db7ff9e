import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarDays from "lucide-react/icons/calendar-days";
import Newspaper from "lucide-react/icons/newspaper";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { useSite, withCommunity } from "@/lib/site";
import { mediumDate, wallClock } from "@/lib/time";
import type { Article } from "@/lib/types";
import { ArticleCategoryBadge } from "./ArticleCategoryBadge";

export function ArticleCard({ article }: { article: Article }) {
  const site = useSite();
  const title = withCommunity(article.title, site);
  const titleId = `article-${article.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-forest/10 bg-white shadow-sm transition hover:shadow-md"
    >
      {article.imageUrl ? (
        <img
          src={article.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-[16/9] w-full bg-sand/60 object-cover"
        />
      ) : (
        // Keeps the grid's cards the same shape when a story has no photo.
        <div aria-hidden className="flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-sand to-cream">
          <Newspaper className="h-12 w-12 text-forest/25" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-3 text-xs text-charcoal/65">
          <ArticleCategoryBadge category={article.category} />
          <time dateTime={article.createdAt} className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden className="h-3.5 w-3.5" />
            {mediumDate(wallClock(new Date(article.createdAt)))}
          </time>
        </div>
        <h3 id={titleId} className="mt-3 font-serif text-xl font-semibold leading-snug text-forest">
          {title}
        </h3>
        {article.excerpt && (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-charcoal/75">{withCommunity(article.excerpt, site)}</p>
        )}
        <Link
          to={`/news/${article.slug}`}
          aria-label={`Read More: ${title}`}
          className="group mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-terracotta hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
        >
          Read More
          <ArrowRight aria-hidden className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}

/** The placeholder of one article card while the list loads (client navigation only). */
export function ArticleCardSkeleton() {
  return (
    <div aria-hidden data-testid="article-skeleton" className="overflow-hidden rounded-xl border border-forest/10 bg-white">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-14 w-full" />
      </div>
    </div>
  );
}
