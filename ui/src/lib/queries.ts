// One definition per read the UI makes (spec section 7). The query key is
// the API path; the server seeds a server-rendered page's cache under the
// same paths (server/src/page_data.rs), so hydration refetches nothing.
// A seeded `null` means the server answered 404.

import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiPath, getJson } from "./api";
import type { Article, Business, Category, CommunityEvent, SponsorBanner } from "./types";

/** Upcoming events requested by the home widget (spec section 9). */
export const UPCOMING_EVENTS_LIMIT = 5;

function read<T>(path: string, failure: string, notFound?: string) {
  return queryOptions({
    queryKey: [path],
    queryFn: async (): Promise<T | null> => {
      try {
        return await getJson<T>(path);
      } catch (error) {
        if (notFound && error instanceof ApiError && error.status === 404) throw new Error(notFound);
        throw new Error(failure, { cause: error });
      }
    },
  });
}

export const featuredBusinessesQuery = () =>
  read<Business[]>("/api/businesses/featured", "Failed to fetch businesses");

export const businessesQuery = (search?: string) =>
  read<Business[]>(
    search ? `/api/businesses?search=${encodeURIComponent(search)}` : "/api/businesses",
    "Failed to fetch businesses",
  );

export const categoryBusinessesQuery = (categoryId: number) =>
  read<Business[]>(`/api/businesses?categoryId=${categoryId}`, "Failed to fetch businesses");

export const businessQuery = (slug: string) =>
  read<Business>(apiPath("/api/businesses", slug), "Failed to fetch business", "Business not found");

export const categoriesQuery = () => read<Category[]>("/api/categories", "Failed to fetch categories");

export const categoryQuery = (slug: string) =>
  read<Category>(apiPath("/api/categories", slug), "Failed to fetch category", "Category not found");

export const eventsQuery = () => read<CommunityEvent[]>("/api/events", "Failed to fetch events");

export const upcomingEventsQuery = () =>
  read<CommunityEvent[]>(`/api/events/upcoming?limit=${UPCOMING_EVENTS_LIMIT}`, "Failed to fetch events");

export const articlesQuery = () => read<Article[]>("/api/articles?published=true", "Failed to fetch articles");

export const articleQuery = (slug: string) =>
  read<Article>(apiPath("/api/articles", slug), "Failed to fetch article", "Article not found");

export const bannersQuery = () => read<SponsorBanner[]>("/api/banners", "Failed to fetch banners");
