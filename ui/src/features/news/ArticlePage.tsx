import { useQuery } from "@tanstack/react-query";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CalendarDays from "lucide-react/icons/calendar-days";
import FileText from "lucide-react/icons/file-text";
import { useParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { ContentHtml } from "@/components/ui/ContentHtml";
import { NotFoundState } from "@/components/ui/NotFoundState";
import { Skeleton } from "@/components/ui/Skeleton";
import { StructuredData } from "@/components/ui/StructuredData";
import { usePageMeta } from "@/lib/page-meta";
import { articleData } from "@/lib/structured-data";
import { articleQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import { mediumDate, wallClock } from "@/lib/time";
import type { Article } from "@/lib/types";
import { ArticleCategoryBadge } from "./ArticleCategoryBadge";

const BACK_LINK_CLASSES =
  "inline-flex items-center gap-1.5 text-sm font-semibold text-forest hover:text-terracotta focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest";

function BackToNews({ className = BACK_LINK_CLASSES }: { className?: string }) {
  return (
    <Link to="/news" className={className}>
      <ArrowLeft aria-hidden className="h-4 w-4" />
      Back to News
    </Link>
  );
}

function ArticleSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading article" data-testid="article-page-skeleton" className="mt-8 space-y-4">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="h-6 w-full" />
      <Skeleton className="aspect-[16/9] w-full rounded-xl" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function ArticleBody({ article }: { article: Article }) {
  const site = useSite();
  const title = withCommunity(article.title, site);
  return (
    <article className="mt-8">
      <StructuredData data={articleData(article, site)} />
      <header>
        <div className="flex flex-wrap items-center gap-3 text-sm text-charcoal/75">
          <ArticleCategoryBadge category={article.category} />
          <time dateTime={article.createdAt} className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="h-4 w-4" />
            {mediumDate(wallClock(new Date(article.createdAt)))}
          </time>
        </div>
        <h1 className="mt-4 font-serif text-3xl font-bold leading-tight text-forest sm:text-5xl">{title}</h1>
        {article.excerpt && (
          <p className="mt-4 text-lg leading-relaxed text-charcoal/75 sm:text-xl">{withCommunity(article.excerpt, site)}</p>
        )}
      </header>
      {article.imageUrl ? (
        <img
          src={article.imageUrl}
          alt=""
          width={1200}
          height={675}
          fetchPriority="high"
          className="mt-8 aspect-[16/9] w-full rounded-xl bg-sand/60 object-cover shadow-sm"
        />
      ) : (
        <hr className="mt-8 border-forest/10" />
      )}
      {article.content ? (
        <ContentHtml html={withCommunity(article.content, site)} className="mt-8 text-[17px] sm:text-lg" />
      ) : (
        <div className="mt-8 flex items-center gap-3 rounded-xl border border-dashed border-forest/20 bg-white px-6 py-8 text-charcoal/70">
          <FileText aria-hidden className="h-6 w-6 shrink-0 text-forest/40" />
          <p>Article content is not available.</p>
        </div>
      )}
    </article>
  );
}

export function ArticlePage() {
  const site = useSite();
  const { slug = "" } = useParams();
  const { data: article, isPending } = useQuery(articleQuery(slug));
  // A seeded `null` is the server's 404; a failed request reads the same.
  const missing = !isPending && !article;
  usePageMeta(
    article
      ? {
          title: `${withCommunity(article.title, site)} | ${site.communityName} News`,
          description: article.excerpt
            ? withCommunity(article.excerpt, site)
            : `${withCommunity(article.title, site)}: news from ${site.communityName}, ${site.state}.`,
          image: article.imageUrl,
          type: "article",
        }
      : missing
        ? { title: "Article Not Found", description: "This article does not exist or has been moved.", status: 404, noindex: true }
        : { title: `News | ${site.communityName}`, description: `News from ${site.communityName}, ${site.state}.` },
  );

  if (missing) {
    return (
      <NotFoundState title="Article Not Found">
        <p>The article you're looking for doesn't exist or has been moved.</p>
        <div className="mt-8">
          <BackToNews className="btn-primary" />
        </div>
      </NotFoundState>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <BackToNews />
      {article ? <ArticleBody article={article} /> : <ArticleSkeleton />}
    </div>
  );
}
