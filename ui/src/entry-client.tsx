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

hydrateRoot(
  root,
  <BrowserRouter>
    <App site={data.site} now={new Date(data.now)} queryClient={createQueryClient(data.queries)} metaCollector={null} form={data.form} />
  </BrowserRouter>,
);
