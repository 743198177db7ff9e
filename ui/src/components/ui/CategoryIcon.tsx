import Bed from "lucide-react/icons/bed";
import Briefcase from "lucide-react/icons/briefcase";
import Calculator from "lucide-react/icons/calculator";
import Car from "lucide-react/icons/car";
import Church from "lucide-react/icons/church";
import Coffee from "lucide-react/icons/coffee";
import Dumbbell from "lucide-react/icons/dumbbell";
import Flame from "lucide-react/icons/flame";
import Gem from "lucide-react/icons/gem";
import GraduationCap from "lucide-react/icons/graduation-cap";
import House from "lucide-react/icons/house";
import Landmark from "lucide-react/icons/landmark";
import PawPrint from "lucide-react/icons/paw-print";
import Scale from "lucide-react/icons/scale";
import Scissors from "lucide-react/icons/scissors";
import Shield from "lucide-react/icons/shield";
import Shirt from "lucide-react/icons/shirt";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Sparkles from "lucide-react/icons/sparkles";
import Stethoscope from "lucide-react/icons/stethoscope";
import Store from "lucide-react/icons/store";
import Trees from "lucide-react/icons/trees";
import Utensils from "lucide-react/icons/utensils";
import Wrench from "lucide-react/icons/wrench";
import type { LucideIcon } from "lucide-react";
import type { CategoryColor } from "@/lib/types";

// A fixed map instead of lucide's full icon index keeps the bundle small;
// categories name their icon in kebab-case.
const ICONS: Record<string, LucideIcon> = {
  bed: Bed,
  briefcase: Briefcase,
  calculator: Calculator,
  car: Car,
  church: Church,
  coffee: Coffee,
  dumbbell: Dumbbell,
  flame: Flame,
  gem: Gem,
  "graduation-cap": GraduationCap,
  home: House,
  house: House,
  landmark: Landmark,
  "paw-print": PawPrint,
  scale: Scale,
  scissors: Scissors,
  shield: Shield,
  shirt: Shirt,
  "shopping-bag": ShoppingBag,
  sparkles: Sparkles,
  stethoscope: Stethoscope,
  store: Store,
  trees: Trees,
  utensils: Utensils,
  wrench: Wrench,
};

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Store;
  return <Icon aria-hidden className={className} />;
}

/** Solid swatch classes for a category's colour (icon circles, hero chips). */
export const CATEGORY_COLOR_CLASSES: Record<CategoryColor, string> = {
  green: "bg-emerald-600 text-white",
  pink: "bg-pink-600 text-white",
  blue: "bg-blue-600 text-white",
  red: "bg-red-600 text-white",
  orange: "bg-orange-600 text-white",
  indigo: "bg-indigo-600 text-white",
  teal: "bg-teal-600 text-white",
  purple: "bg-purple-600 text-white",
};
