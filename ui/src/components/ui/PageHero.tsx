import type { ReactNode } from "react";

/**
 * The banner at the top of most pages: a background illustration with a dark
 * wash and a shadow under the white text, so it stays readable on any part of
 * the picture. `height` is in pixels. The illustration is the page's largest
 * paint, so it is fetched first.
 */
export function PageHero({
  title,
  subtitle,
  image,
  height = 400,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  image: string;
  height?: number;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate flex items-end overflow-hidden bg-forest" style={{ minHeight: height }}>
      <img src={image} alt="" width={1600} height={height} fetchPriority="high" className="absolute inset-0 -z-10 h-full w-full object-cover" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-dark/90 via-forest-dark/50 to-forest-dark/10" />
      <div className="mx-auto w-full max-w-7xl px-4 pb-10 pt-20 text-white text-shadow-md text-shadow-black/50">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-3 max-w-2xl text-lg text-white/90">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
