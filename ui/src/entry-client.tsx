import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { pageOfForm } from "./lib/form-outcome";
import { createQueryClient } from "./lib/query-client";
import type { PageData } from "./lib/site";

const dataElement = document.getElementById("page-data");
if (!dataElement?.textContent) throw new Error("page data missing from the document");
const data = JSON.parse(dataElement.textContent) as PageData;
// A plain form post the server refused is answered with the form's page at
// the address it was posted to (`/api/contact`); the router must see the
// page's own address, or it would show that address's 404 page.
if (data.form) window.history.replaceState(window.history.state, "", pageOfForm(data.form));
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
