import type { EventCategory } from "@/lib/types";

/** Each event category's colours: the badge and the date block share a hue. */
export const EVENT_CATEGORY_STYLES: Record<EventCategory, { label: string; badge: string; dateBlock: string }> = {
  government: { label: "Government", badge: "bg-blue-100 text-blue-800", dateBlock: "bg-[#34587a] text-white" },
  community: { label: "Community", badge: "bg-emerald-100 text-emerald-800", dateBlock: "bg-forest text-white" },
  business: { label: "Business", badge: "bg-amber-100 text-amber-900", dateBlock: "bg-[#94600f] text-white" },
  cultural: { label: "Cultural", badge: "bg-purple-100 text-purple-800", dateBlock: "bg-[#74457a] text-white" },
};

/** Unknown categories read as community events, the spec's default. */
export function eventCategoryStyle(category: string) {
  return EVENT_CATEGORY_STYLES[category as EventCategory] ?? EVENT_CATEGORY_STYLES.community;
}
