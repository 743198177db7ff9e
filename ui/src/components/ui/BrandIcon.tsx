import { spriteSymbol } from "@/lib/icon-sprite";
import type brandIcons from "@/lib/brand-icons.json";

/** The Simple Icons slugs of the brand logos the build draws into the icon sprite. */
export type BrandSlug = (typeof brandIcons)[number];

/**
 * A brand's logo (Simple Icons), filled with the text colour. Decorative:
 * the link or button it sits in carries the name.
 */
export function BrandIcon({ slug, className }: { slug: BrandSlug; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <use href={spriteSymbol(`brand-${slug}`)} />
    </svg>
  );
}
