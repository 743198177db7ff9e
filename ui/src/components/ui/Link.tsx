import { createContext, useContext, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import { createPath, useLocation, useNavigate } from "react-router";

/**
 * The site's links, in place of react-router's `Link` and `NavLink`. Those resolve their target
 * against the matched routes on every render, twice per link (for the href and for the click
 * handler): with 30 to 110 links on a page, that was a fifth to a third of a server render.
 * Every link here names a path from the site's root, so its href is its target as given; a link
 * to another site is a plain `<a>` where it is written (the sponsor banners). A plain left click
 * navigates within the page, as react-router's does; other clicks (modifier keys, another
 * target) are left to the browser.
 */

/** Navigates within the page to `to`; a link to the location shown replaces its history entry
 * rather than adding the same one again, as react-router's links do. */
type Follow = (to: string) => void;

const FollowContext = createContext<Follow | null>(null);

/** Gives the links below one way to navigate, instead of each asking the router for its own. */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const follow: Follow = (to) => navigate(to, { replace: to === createPath(location) });
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path from the site's root (`/directory?search=…`). */
  to: string;
};

export function Link(props: LinkProps) {
  const { to, onClick, target } = props;
  const follow = useContext(FollowContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Outside `LinkNavigation` (no router) the browser follows the link.
    if (follow !== null && !event.defaultPrevented && isPlainClick(event, target)) {
      event.preventDefault();
      follow(to);
    }
  };
  // The anchor takes every prop as given but `to`, which is no attribute and so is left unset:
  // copying the props without it (a rest pattern) took Node's V8 about twice as long, on every link.
  const anchor: AnchorProps = { ...props, to: undefined, href: to, onClick: handleClick };
  return <a {...anchor} />;
}

/** An anchor's props, with the ones of `Link` and `NavLink` that are no attributes left unset. */
type AnchorProps = ComponentProps<"a"> & { to?: undefined; end?: undefined };

/** A left click with no modifier key on a link that opens in this window. */
function isPlainClick(event: MouseEvent, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === "_self") && !modified;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

/** A link that knows whether it leads to the page shown (or, unless `end`, to the section the
 * page shown is in), and then says so to assistive technology with `aria-current="page"`. */
export function NavLink(props: NavLinkProps) {
  const { to, end = false, className } = props;
  const isActive = leadsTo(to, useLocation().pathname, end);
  const link: LinkProps & { end?: undefined } = {
    ...props,
    end: undefined,
    "aria-current": isActive ? "page" : undefined,
    className: className({ isActive }),
  };
  return <Link {...link} />;
}

/** react-router's rule, case-insensitive as its `NavLink` is by default. */
function leadsTo(to: string, pathname: string, end: boolean): boolean {
  const target = to.toLowerCase();
  const current = pathname.toLowerCase();
  if (current === target) return true;
  const base = target !== "/" && target.endsWith("/") ? target.slice(0, -1) : target;
  return !end && current.startsWith(base) && current.charAt(base.length) === "/";
}
