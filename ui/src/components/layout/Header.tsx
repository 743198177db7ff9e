import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink } from "@/components/ui/Link";
import { useSite } from "@/lib/site";
import { NAV_LINKS } from "./nav-links";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-forest text-white" : "text-charcoal hover:bg-sand hover:text-forest"
  }`;

export function Header() {
  const site = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and puts the focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-forest/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-3" onClick={closeMenu}>
          <img src="/images/brand/logo-mark.svg" alt="" width={40} height={40} className="h-10 w-10" />
          <span className="leading-tight">
            <span className="block font-serif text-lg font-bold text-forest">{site.communityName}</span>
            <span className="block text-xs uppercase tracking-widest text-charcoal/70">
              Community Directory
            </span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          ref={toggle}
          type="button"
          className="rounded-md p-2 text-forest hover:bg-sand lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          // One name; aria-expanded says whether it is open (a name that changed too would say it twice).
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-forest/10 bg-white lg:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass} onClick={closeMenu}>
                  <span className="block">{link.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
