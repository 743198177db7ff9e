// The home page's deferred parts as the browser loads them: one chunk, fetched
// when the first of them is let in by `Deferred` / `ServerRendered`.
import { lazy, type ComponentType } from "react";

const part = (name: "BannersAndEvents" | "HomeStructuredData" | "MembersAndCategories"): ComponentType =>
  lazy(() => import("./DeferredParts").then((module) => ({ default: module[name] })));

export const BannersAndEvents = part("BannersAndEvents");
export const HomeStructuredData = part("HomeStructuredData");
export const MembersAndCategories = part("MembersAndCategories");
