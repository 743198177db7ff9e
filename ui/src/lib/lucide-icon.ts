/**
 * Takes the place of lucide-react's `createLucideIcon` in both bundles (`staticLucideIcons` in
 * `build.mjs`); the icon modules and their drawings stay lucide-react's own.
 *
 * lucide-react rebuilds every attribute of an icon on each render, through two component
 * layers, a context read and class merging: with 10 to 110 icons on a page, that was a sixth
 * to a quarter of a server render. An icon's paths never change, so they become React elements
 * once, when its module loads, and a render creates only the `<svg>` element around them.
 *
 * The markup is lucide-react's for the props it documents (`size`, `color`, `strokeWidth`,
 * `absoluteStrokeWidth`, `nonScalingStroke`, and `aria-hidden` unless the icon is labelled); a
 * `className` is appended to the icon's own classes without removing repeats. Not read:
 * `LucideProvider` defaults, which the app does not set.
 */
import { createElement, type ReactElement, type ReactNode, type SVGProps } from "react";

type Attributes = Record<string, string | number>;

interface IconData {
  name?: string;
  aliases?: string[];
  size?: number;
  node: [tag: string, attributes: Attributes][];
}

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
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

function drawing(node: IconData["node"], extra?: Attributes): ReactElement[] {
  return node.map(([tag, attributes]) => createElement(tag, extra ? { ...extra, ...attributes } : attributes));
}

export default function createLucideIcon(icon: IconData) {
  const drawn = drawing(icon.node);
  const ownClassName = ["lucide", ...[icon.name, ...(icon.aliases ?? [])].filter(Boolean).map((name) => `lucide-${name}`)].join(" ");
  const viewBoxSize = icon.size ?? DEFAULT_SIZE;
  const viewBox = `0 0 ${viewBoxSize} ${viewBoxSize}`;

  function LucideIcon({ size, color, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, children, ...rest }: IconProps) {
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
      ...(nonScalingStroke ? drawing(icon.node, { vectorEffect: "non-scaling-stroke" }) : drawn),
      children,
    );
  }
  return LucideIcon;
}
