// The server bundle's single export: `globalThis.__ssr.render(url, dataJson)`
// returns `{status, head, body}`, which the Rust side reads field by field.
import { renderToString } from "react-dom/server.browser";
import { App } from "./app/App";
import { renderHead } from "./ssr/head";
import { ServerRouter } from "./ssr/server-router";
import { createQueryClient } from "./lib/query-client";
import { PageMetaCollector } from "./lib/page-meta";
import type { PageData } from "./lib/site";

export interface Rendered {
  status: number;
  head: string;
  body: string;
}

function render(url: string, dataJson: string): Rendered {
  const data = JSON.parse(dataJson) as PageData;
  const collector = new PageMetaCollector();
  const body = renderToString(
    <ServerRouter location={url}>
      <App site={data.site} now={new Date(data.now)} queryClient={createQueryClient(data.queries)} metaCollector={collector} form={data.form} />
    </ServerRouter>,
  );
  return { status: collector.meta.status, head: renderHead(collector.meta, url, data.site), body };
}

(globalThis as Record<string, unknown>).__ssr = { render };
