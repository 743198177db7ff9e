import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { createQueryClient } from "./lib/query-client";
import type { PageData } from "./lib/site";

const dataElement = document.getElementById("page-data");
if (!dataElement?.textContent) throw new Error("page data missing from the document");
const data = JSON.parse(dataElement.textContent) as PageData;
const root = document.getElementById("root");
if (!root) throw new Error("#root missing from the document");

// As a transition, hydration yields to the browser every few milliseconds
// instead of one long task that would hold up a slow phone's first input;
// an input arriving meanwhile hydrates what it targets at once.
startTransition(() => {
  hydrateRoot(
    root,
    <BrowserRouter>
      <App site={data.site} now={new Date(data.now)} queryClient={createQueryClient(data.queries)} metaCollector={null} form={data.form} />
    </BrowserRouter>,
  );
});
