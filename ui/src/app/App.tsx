import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { LinkNavigation } from "@/components/ui/Link";
import { FormOutcomeProvider, type FormOutcome } from "@/lib/form-outcome";
import { PageMetaProvider, type PageMetaCollector } from "@/lib/page-meta";
import { SiteProvider, type SiteConfig } from "@/lib/site";
import { AppRoutes } from "./routes";

/** The whole application below the router; server and browser wrap it in their own router. */
export function App({
  site,
  now,
  queryClient,
  metaCollector,
  form,
}: {
  site: SiteConfig;
  now: Date;
  queryClient: QueryClient;
  metaCollector: PageMetaCollector | null;
  form?: FormOutcome;
}) {
  return (
    <SiteProvider site={site} now={now}>
      <QueryClientProvider client={queryClient}>
        <PageMetaProvider collector={metaCollector}>
          <FormOutcomeProvider outcome={form}>
            <LinkNavigation>
              <AppRoutes />
            </LinkNavigation>
          </FormOutcomeProvider>
        </PageMetaProvider>
      </QueryClientProvider>
    </SiteProvider>
  );
}
