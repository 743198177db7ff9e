// react-router's <StaticRouter>, with a navigator that percent-encodes plain
// paths without building a URL object. Every <NavLink> and route match has its
// path encoded on each render; in a bare V8 isolate URL is the core-js
// polyfill, whose parser costs about a quarter of a small page's render time.
import type { ReactNode } from "react";
import { createPath, Router, type Navigator, type Path, type To } from "react-router";

/** A path of unreserved characters and single slashes, which a URL parser returns unchanged. */
const PLAIN_PATH = /^\/(?:[\w~-]+\/)*[\w~-]*$/;

/** A path (or address) as a URL parser splits and percent-encodes it. */
export function encodeLocation(to: To): Path {
  const href = typeof to === "string" ? to : createPath(to);
  if (PLAIN_PATH.test(href)) return { pathname: href, search: "", hash: "" };
  // What react-router's own static navigator does (a URL parser drops a trailing space).
  const url = new URL(href.replace(/ $/, "%20"), "http://localhost");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function stateless(): never {
  throw new Error("a server render cannot navigate");
}

const serverNavigator: Navigator = {
  createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  encodeLocation,
  go: stateless,
  push: stateless,
  replace: stateless,
};

export function ServerRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router location={location} navigator={serverNavigator} static>
      {children}
    </Router>
  );
}
