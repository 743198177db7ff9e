import type { ReactNode } from "react";
import type { Business } from "@/lib/types";
import { FallbackImage } from "./FallbackImage";

/**
 * A business's logo, contained with `logoPadding` around it, else its photo
 * filling the frame, else `icon` centred on the frame's colour. Decorative
 * where the business's name is read beside it anyway.
 */
export function BusinessPicture({
  business,
  width,
  height,
  loading,
  logoPadding,
  icon,
  decorative = false,
}: {
  business: Business;
  width: number;
  height: number;
  loading?: "lazy" | "eager";
  logoPadding: string;
  icon: ReactNode;
  decorative?: boolean;
}) {
  return (
    <FallbackImage
      // A new business starts again from its own logo.
      key={business.id}
      width={width}
      height={height}
      loading={loading}
      sources={[
        { src: business.logoUrl, alt: decorative ? "" : `${business.name} logo`, className: `h-full w-full object-contain ${logoPadding}` },
        { src: business.imageUrl, alt: decorative ? "" : `Photo of ${business.name}`, className: "h-full w-full object-cover" },
      ]}
      fallback={<div className="flex h-full w-full items-center justify-center text-forest/40">{icon}</div>}
    />
  );
}
