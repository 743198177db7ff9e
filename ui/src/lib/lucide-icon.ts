/**
 * Takes the place of lucide-react's `createLucideIcon` in both bundles (`spriteLucideIcons` in
 * `build.mjs`); the icon modules stay lucide-react's own.
 *
 * An icon's paths never change, so they are drawn once, in the icon sprite the build writes
 * (`iconSprite` in `build.mjs`), and an icon is an `<svg>` element around a `<use>` of its symbol
 * there: pages with many icons are 7 to 9% lighter, the server renders two elements per icon
 * instead of up to a dozen, and the sprite is one cached file for every page.
 *
 * The element is lucide-react's without what every icon would repeat: the stroke, five attributes
 * there, is the `.lucide` class's in the stylesheet (`app.css`), and in HTML an `<svg>` needs no
 * `xmlns`, nor a `viewBox` of its own (the symbol's fits the drawing to the element's box). That
 * is seven attributes fewer per icon, which took 8 to 11% off the main pages' HTML and about a
 * tenth off the CPU time of a render of `/events`.
 *
 * It draws what lucide-react's draws for the props lucide-react documents (`size`, `color`,
 * `strokeWidth`, `absoluteStrokeWidth`; a stroke they change is set inline, so that it outranks
 * the class), with `aria-hidden` unless the icon is labelled; a `className` is appended to the
 * icon's own classes without removing repeats. Not supported: `nonScalingStroke` (a stroke effect
 * on each path, which the sprite's shared paths cannot take per use) and `LucideProvider`
 * defaults; the app uses neither.
 */
import { createElement, type CSSProperties, type SVGProps } from "react";
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

/** The props an icon reads itself; every other one is an attribute of its `<svg>`. */
const ICON_PROPS = new Set(["size", "color", "strokeWidth", "absoluteStrokeWidth", "className", "style", "children"]);

export default function createLucideIcon(icon: IconData) {
  const drawing = createElement("use", { href: spriteSymbol(icon.name) });
  const ownClassName = ["lucide", ...[icon.name, ...(icon.aliases ?? [])].map((name) => `lucide-${name}`)].join(" ");
  const viewBoxSize = icon.size ?? DEFAULT_SIZE;

  // Props are read by name and the others copied in one loop: in Node's V8 a rest pattern
  // (`...rest`) copied them about half as fast as a spread, and pages draw dozens of icons.
  function LucideIcon(props: IconProps) {
    const { size, color, strokeWidth, absoluteStrokeWidth, className, style, children } = props;
    const svg: Record<string, unknown> = {
      width: size ?? DEFAULT_SIZE,
      height: size ?? DEFAULT_SIZE,
      className: className ? `${ownClassName} ${className}` : ownClassName,
      "aria-hidden": "true",
    };
    if (color || strokeWidth != null || absoluteStrokeWidth || style) {
      const ownStroke: CSSProperties = {};
      if (color) ownStroke.stroke = color;
      if (strokeWidth != null || absoluteStrokeWidth) {
        const width = Number(strokeWidth ?? DEFAULT_STROKE_WIDTH);
        ownStroke.strokeWidth = absoluteStrokeWidth ? (width * viewBoxSize) / Number(size ?? DEFAULT_SIZE) : width;
      }
      const inlineStyle = { ...ownStroke, ...style };
      if (Object.keys(inlineStyle).length > 0) svg.style = inlineStyle;
    }
    // lucide-react's rule: an icon with a name for assistive technology is not hidden from it
    // (an `aria-hidden` the caller gives, even unset, is the caller's). Unset, React writes none.
    let labelled = Boolean(children);
    for (const name in props) {
      if (ICON_PROPS.has(name)) continue;
      const value = props[name as keyof IconProps];
      svg[name] = value;
      if (value != null && (name.startsWith("aria-") || name === "role" || name === "title")) labelled = true;
    }
    if (labelled && !("aria-hidden" in props)) svg["aria-hidden"] = undefined;
    return createElement("svg", svg, drawing, children);
  }
  return LucideIcon;
}
