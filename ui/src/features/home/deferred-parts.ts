// The home page's deferred parts, loaded up front: the server bundle renders them
// synchronously. Browsers get `deferred-parts.lazy.ts` instead (see `ui/build.mjs`).
export { BannersAndEvents, HomeStructuredData, MembersAndCategories } from "./DeferredParts";
