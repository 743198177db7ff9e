import {
  Bed,
  Briefcase,
  Calculator,
  Car,
  Church,
  Coffee,
  Dumbbell,
  Flame,
  Gem,
  GraduationCap,
  House,
  Landmark,
  PawPrint,
  Scale,
  Scissors,
  Shield,
  Shirt,
  ShoppingBag,
  Sparkles,
  Stethoscope,
  Store,
  Trees,
  Utensils,
  Wrench,
  type LucideIcon,
} from "lucide-react";
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
