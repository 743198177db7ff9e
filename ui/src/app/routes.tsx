import { Route, Routes } from "react-router";
import { Layout } from "@/components/layout/Layout";
import {
  AgentPage,
  AgentsPage,
  ArticlePage,
  BusinessPage,
  CategoryPage,
  CheckoutPage,
  ContactPage,
  DirectoryPage,
  EventsPage,
  GetListedPage,
  HelpfulLinksPage,
  HistoryPage,
  HomePage,
  NewsPage,
  NotFoundPage,
  PaymentSuccessPage,
  PropertyListingsPage,
  RealEstateHubPage,
  RememberWhenPage,
} from "@/app/page-components";

/** The route table of the UI (spec section 2). The server loads each route's data in `server/src/page_data.rs`. */
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
