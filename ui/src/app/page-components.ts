// The pages, loaded up front: the server bundle renders any of them
// synchronously. Browsers get `page-components.lazy.ts` instead (see `ui/build.mjs`),
// one chunk per page.
export { AgentPage } from "@/features/real-estate/AgentPage";
export { AgentsPage } from "@/features/real-estate/AgentsPage";
export { ArticlePage } from "@/features/news/ArticlePage";
export { BusinessPage } from "@/features/directory/BusinessPage";
export { CategoryPage } from "@/features/directory/CategoryPage";
export { CheckoutPage } from "@/features/checkout/CheckoutPage";
export { ContactPage } from "@/features/content/ContactPage";
export { DirectoryPage } from "@/features/directory/DirectoryPage";
export { EventsPage } from "@/features/events/EventsPage";
export { GetListedPage } from "@/features/content/GetListedPage";
export { HelpfulLinksPage } from "@/features/content/HelpfulLinksPage";
export { HistoryPage } from "@/features/content/HistoryPage";
export { HomePage } from "@/features/home/HomePage";
export { NewsPage } from "@/features/news/NewsPage";
export { NotFoundPage } from "@/components/layout/NotFoundPage";
export { PaymentSuccessPage } from "@/features/checkout/PaymentSuccessPage";
export { PropertyListingsPage } from "@/features/real-estate/PropertyListingsPage";
export { RealEstateHubPage } from "@/features/real-estate/RealEstateHubPage";
export { RememberWhenPage } from "@/features/content/RememberWhenPage";
