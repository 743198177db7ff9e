// The pages as the browser loads them: one chunk each, fetched when a route
// first shows. `ui/build.mjs` puts this module in place of `page-components.ts` for the
// client bundle. While hydrating, a page whose chunk is still on its way keeps
// the server's HTML until it arrives (see the Suspense boundary in Layout).
import { lazy, type ComponentType } from "react";

export const AgentPage: ComponentType = lazy(() => import("@/features/real-estate/AgentPage").then((module) => ({ default: module.AgentPage })));
export const AgentsPage: ComponentType = lazy(() => import("@/features/real-estate/AgentsPage").then((module) => ({ default: module.AgentsPage })));
export const ArticlePage: ComponentType = lazy(() => import("@/features/news/ArticlePage").then((module) => ({ default: module.ArticlePage })));
export const BusinessPage: ComponentType = lazy(() => import("@/features/directory/BusinessPage").then((module) => ({ default: module.BusinessPage })));
export const CategoryPage: ComponentType = lazy(() => import("@/features/directory/CategoryPage").then((module) => ({ default: module.CategoryPage })));
export const CheckoutPage: ComponentType = lazy(() => import("@/features/checkout/CheckoutPage").then((module) => ({ default: module.CheckoutPage })));
export const ContactPage: ComponentType = lazy(() => import("@/features/content/ContactPage").then((module) => ({ default: module.ContactPage })));
export const DirectoryPage: ComponentType = lazy(() => import("@/features/directory/DirectoryPage").then((module) => ({ default: module.DirectoryPage })));
export const EventsPage: ComponentType = lazy(() => import("@/features/events/EventsPage").then((module) => ({ default: module.EventsPage })));
export const GetListedPage: ComponentType = lazy(() => import("@/features/content/GetListedPage").then((module) => ({ default: module.GetListedPage })));
export const HelpfulLinksPage: ComponentType = lazy(() => import("@/features/content/HelpfulLinksPage").then((module) => ({ default: module.HelpfulLinksPage })));
export const HistoryPage: ComponentType = lazy(() => import("@/features/content/HistoryPage").then((module) => ({ default: module.HistoryPage })));
export const HomePage: ComponentType = lazy(() => import("@/features/home/HomePage").then((module) => ({ default: module.HomePage })));
export const NewsPage: ComponentType = lazy(() => import("@/features/news/NewsPage").then((module) => ({ default: module.NewsPage })));
export const NotFoundPage: ComponentType = lazy(() => import("@/components/layout/NotFoundPage").then((module) => ({ default: module.NotFoundPage })));
export const PaymentSuccessPage: ComponentType = lazy(() => import("@/features/checkout/PaymentSuccessPage").then((module) => ({ default: module.PaymentSuccessPage })));
export const PropertyListingsPage: ComponentType = lazy(() => import("@/features/real-estate/PropertyListingsPage").then((module) => ({ default: module.PropertyListingsPage })));
export const RealEstateHubPage: ComponentType = lazy(() => import("@/features/real-estate/RealEstateHubPage").then((module) => ({ default: module.RealEstateHubPage })));
export const RememberWhenPage: ComponentType = lazy(() => import("@/features/content/RememberWhenPage").then((module) => ({ default: module.RememberWhenPage })));
