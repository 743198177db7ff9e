import { useEffect } from "react";
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

/** Marks the document once React has taken over the server HTML (tests and tools wait for it). */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

hydrateRoot(
  root,
  <BrowserRouter>
    <MarkHydrated />
    <App site={data.site} now={new Date(data.now)} queryClient={createQueryClient(data.queries)} metaCollector={null} form={data.form} />
  </BrowserRouter>,
);
