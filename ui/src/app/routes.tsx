import { useLocation, useRoutes, type RouteObject } from "react-router";
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
import { TopBanner } from "@/features/home/SponsorBanners";

/** The route table of the UI (spec section 2). The server loads each route's data in `server/src/page_data.rs`. */
const pages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: "directory", element: <DirectoryPage /> },
  { path: "business/:slug", element: <BusinessPage /> },
  { path: "category/:slug", element: <CategoryPage /> },
  { path: "events", element: <EventsPage /> },
  { path: "news", element: <NewsPage /> },
  { path: "news/:slug", element: <ArticlePage /> },
  { path: "history", element: <HistoryPage /> },
  { path: "helpful-links", element: <HelpfulLinksPage /> },
  { path: "get-listed", element: <GetListedPage /> },
  { path: "contact", element: <ContactPage /> },
  { path: "remember-when", element: <RememberWhenPage /> },
  { path: "checkout", element: <CheckoutPage /> },
  { path: "payment-success", element: <PaymentSuccessPage /> },
  { path: "real-estate", element: <RealEstateHubPage /> },
  { path: "real-estate/:market/for-sale", element: <PropertyListingsPage /> },
  { path: "real-estate/:market/for-lease", element: <PropertyListingsPage /> },
  { path: "real-estate/:market/agents", element: <AgentsPage /> },
  { path: "agent/:slug", element: <AgentPage /> },
];

const layout = <Layout />;
// The home page opens with its top sponsor banner, above the header (spec section 2).
const homeLayout = <Layout banner={<TopBanner />} />;
const notFound: RouteObject = { path: "*", element: <NotFoundPage /> };

function tableOf(routes: RouteObject[], chrome = layout): RouteObject[] {
  return [{ element: chrome, children: [...routes, notFound] }];
}

function firstSegment(pathname: string): string {
  return pathname.split("/", 2)[1]?.toLowerCase() ?? "";
}

const firstSegmentOf = (route: RouteObject) => firstSegment(`/${route.path ?? ""}`);

/**
 * react-router flattens the table it is given and compiles a pattern per route
 * on every render, up to a sixth of a small page's render time. Every page's path
 * starts with a fixed segment, so the table is split by that segment once and
 * a render matches against its part alone. A path whose first segment names
 * no page (or is percent-encoded) gets the whole table, so matching is
 * unchanged.
 */
const tablesByFirstSegment = new Map<string, RouteObject[]>();
for (const segment of new Set(pages.map(firstSegmentOf))) {
  const routes = pages.filter((route) => firstSegmentOf(route) === segment);
  tablesByFirstSegment.set(segment, tableOf(routes, segment === "" ? homeLayout : layout));
}
const wholeTable = tableOf(pages);

export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(tablesByFirstSegment.get(firstSegment(pathname)) ?? wholeTable);
}
