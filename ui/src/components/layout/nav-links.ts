/** Header navigation, in the spec's order. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/directory", label: "Directory" },
  { to: "/events", label: "Events" },
  { to: "/news", label: "News" },
  { to: "/history", label: "History" },
  { to: "/helpful-links", label: "Helpful Links" },
  { to: "/get-listed", label: "Get Listed" },
  { to: "/contact", label: "Contact" },
] as const;
