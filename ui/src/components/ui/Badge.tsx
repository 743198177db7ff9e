import BadgeCheck from "lucide-react/icons/badge-check";
import Star from "lucide-react/icons/star";
import type { ReactNode } from "react";

const TONES = {
  featured: "bg-terracotta text-white",
  verified: "bg-forest text-white",
  verifiedOnDark: "bg-white text-forest",
} as const;

function Badge({ tone, icon, children }: { tone: keyof typeof TONES; icon: ReactNode; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {icon}
      {children}
    </span>
  );
}

export function FeaturedBadge({ children = "Featured" }: { children?: ReactNode }) {
  return (
    <Badge tone="featured" icon={<Star aria-hidden className="h-3 w-3 fill-current" />}>
      {children}
    </Badge>
  );
}

/** `onDark` keeps the badge visible on the forest-green backgrounds it would otherwise blend into. */
export function VerifiedBadge({ children = "Verified", onDark = false }: { children?: ReactNode; onDark?: boolean }) {
  return (
    <Badge tone={onDark ? "verifiedOnDark" : "verified"} icon={<BadgeCheck aria-hidden className="h-3 w-3" />}>
      {children}
    </Badge>
  );
}
