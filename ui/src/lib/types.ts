// The API's JSON shapes (spec section 3), as `server/src/api` serialises them.

export interface Business {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logoUrl: string | null;
  imageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
  featured: boolean;
  verified: boolean;
}

export type CategoryColor = "green" | "pink" | "blue" | "red" | "orange" | "indigo" | "teal" | "purple";

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: CategoryColor;
  /** A lucide icon name in kebab-case, e.g. "utensils". */
  icon: string;
  businessCount: number;
}

export type EventCategory = "government" | "community" | "business" | "cultural";

export interface CommunityEvent {
  id: number;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  /** ISO 8601 instant. */
  startDate: string;
  endDate: string | null;
  location: string | null;
  category: EventCategory;
}

export type ArticleCategory = "news" | "community" | "business" | "events";

export interface Article {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  /** Sanitised HTML. */
  content: string | null;
  imageUrl: string | null;
  category: ArticleCategory;
  createdAt: string;
  published: boolean;
}

export type BannerPlacement = "home-top" | "home-sidebar" | "history";

export interface SponsorBanner {
  id: number;
  name: string;
  imageUrl: string;
  linkUrl: string;
  altText: string;
  placement: BannerPlacement;
}
