import { useQuery } from "@tanstack/react-query";
import Newspaper from "lucide-react/icons/newspaper";
import { PageHero } from "@/components/ui/PageHero";
import { usePageMeta } from "@/lib/page-meta";
import { articlesQuery } from "@/lib/queries";
import { useSite } from "@/lib/site";
import { ArticleCard, ArticleCardSkeleton } from "./ArticleCard";

const SKELETON_COUNT = 3;

const articleCount = (count: number) => `${count} ${count === 1 ? "article" : "articles"}`;

function NoArticles() {
  return (
    <div className="rounded-xl border border-dashed border-forest/20 bg-white px-6 py-16 text-center">
      <Newspaper aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
      <h3 className="mt-4 font-serif text-2xl font-semibold text-forest">No articles available</h3>
      <p className="mt-2 text-charcoal/70">Check back later for community news and updates.</p>
    </div>
  );
}

export function NewsPage() {
  const site = useSite();
  const { data, isPending } = useQuery(articlesQuery());
  // The spec gives the list no error screen of its own; a failed request shows the empty state.
  const articles = data ?? [];
  usePageMeta({
    title: `News | ${site.communityName}, ${site.state}`,
    description: `Local news, business stories and community updates from ${site.communityName}, ${site.state}.`,
  });

  return (
    <>
      <PageHero
        title={`${site.communityName} News`}
        subtitle="Stories from City Hall, Main Street and the neighbors who make this town home."
        image="/images/hero/news.svg"
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-serif text-3xl font-bold text-forest">Latest Articles</h2>
          {/* In place before the data arrives, so that the count is announced. */}
          <p className="text-sm text-charcoal/70" aria-live="polite">
            {!isPending && articleCount(articles.length)}
          </p>
        </div>
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading articles" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <li key={index}>
                <ArticleCardSkeleton />
              </li>
            ))}
          </ul>
        ) : articles.length === 0 ? (
          <NoArticles />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
