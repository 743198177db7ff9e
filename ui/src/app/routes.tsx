import { Route, Routes } from "react-router";
import { Layout } from "@/components/layout/Layout";
import { CheckoutPage } from "@/features/checkout/CheckoutPage";
import { PaymentSuccessPage } from "@/features/checkout/PaymentSuccessPage";
import { ContactPage } from "@/features/content/ContactPage";
import { GetListedPage } from "@/features/content/GetListedPage";
import { HelpfulLinksPage } from "@/features/content/HelpfulLinksPage";
import { HistoryPage } from "@/features/content/HistoryPage";
import { RememberWhenPage } from "@/features/content/RememberWhenPage";
import { BusinessPage } from "@/features/directory/BusinessPage";
import { CategoryPage } from "@/features/directory/CategoryPage";
import { DirectoryPage } from "@/features/directory/DirectoryPage";
import { EventsPage } from "@/features/events/EventsPage";
import { HomePage } from "@/features/home/HomePage";
import { ArticlePage } from "@/features/news/ArticlePage";
import { NewsPage } from "@/features/news/NewsPage";
import { AgentPage } from "@/features/real-estate/AgentPage";
import { AgentsPage } from "@/features/real-estate/AgentsPage";
import { PropertyListingsPage } from "@/features/real-estate/PropertyListingsPage";
import { RealEstateHubPage } from "@/features/real-estate/RealEstateHubPage";
import { NotFoundPage } from "./pages/NotFoundPage";

/** The route table of the UI (spec section 2). The server mirrors it in `server/src/page_route.rs`. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="directory" element={<DirectoryPage />} />
        <Route path="business/:slug" element={<BusinessPage />} />
        <Route path="category/:slug" element={<CategoryPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="news/:slug" element={<ArticlePage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="helpful-links" element={<HelpfulLinksPage />} />
        <Route path="get-listed" element={<GetListedPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="remember-when" element={<RememberWhenPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        <Route path="real-estate" element={<RealEstateHubPage />} />
        <Route path="real-estate/:market/for-sale" element={<PropertyListingsPage />} />
        <Route path="real-estate/:market/for-lease" element={<PropertyListingsPage />} />
        <Route path="real-estate/:market/agents" element={<AgentsPage />} />
        <Route path="agent/:slug" element={<AgentPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
