import Bed from "lucide-react/icons/bed";
import Briefcase from "lucide-react/icons/briefcase";
import House from "lucide-react/icons/house";
import Mountain from "lucide-react/icons/mountain";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Utensils from "lucide-react/icons/utensils";
import type { LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/Link";

interface Tile {
  label: string;
  caption: string;
  icon: LucideIcon;
  /** Tiles without a target are shown but lead nowhere yet (spec). */
  to?: string;
}

const TILES: Tile[] = [
  { label: "Food & Dining", caption: "Restaurants, cafes & BBQ", icon: Utensils, to: "/category/food-dining" },
  { label: "Shopping", caption: "Boutiques & Main Street shops", icon: ShoppingBag, to: "/category/shopping" },
  { label: "Services", caption: "Pros you can count on", icon: Briefcase, to: "/directory" },
  { label: "Things to Do", caption: "Parks, trails & festivals", icon: Mountain },
  { label: "Places to Stay", caption: "Inns and bed & breakfasts", icon: Bed },
  { label: "Real Estate", caption: "Homes, land & agents", icon: House, to: "/real-estate" },
];

const tileClass = "flex h-full flex-col items-center gap-2 rounded-xl border border-forest/10 bg-white p-5 text-center shadow-sm";

function TileContent({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  return (
    <>
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-sand text-forest">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <span className="font-serif text-lg font-semibold text-forest">{tile.label}</span>
      <span className="text-xs text-charcoal/70">{tile.caption}</span>
    </>
  );
}

export function HomeTiles() {
  return (
    <nav aria-label="Explore" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {TILES.map((tile) => (
          <li key={tile.label}>
            {tile.to ? (
              <Link
                to={tile.to}
                className={`${tileClass} transition hover:-translate-y-0.5 hover:border-forest/30 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest`}
              >
                <TileContent tile={tile} />
              </Link>
            ) : (
              <div className={tileClass}>
                <TileContent tile={tile} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
