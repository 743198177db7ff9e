// Icons are lucide-react's modules with our `createLucideIcon` (src/lib/lucide-icon.ts, put in
// place by build.mjs): the markup must be exactly what lucide-react itself renders.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Both icon factories bundled with React for Node, loaded as one module. */
async function loadFactories() {
  const entry = `
    import { createElement } from "react";
    import { renderToStaticMarkup } from "react-dom/server";
    import createLucideIcon from "./src/lib/lucide-icon.ts";
    import LucideMenu, { __iconData as menu } from "lucide-react/icons/menu";
    import LucideStore, { __iconData as store } from "lucide-react/icons/store";
    const ours = { Menu: createLucideIcon(menu), Store: createLucideIcon(store) };
    const lucide = { Menu: LucideMenu, Store: LucideStore };
    export const render = (factory, icon, props) => renderToStaticMarkup(createElement(factory === "ours" ? ours[icon] : lucide[icon], props));
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "js" },
    bundle: true,
    write: false,
    format: "cjs",
    platform: "node",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const dir = mkdtempSync(join(tmpdir(), "icons-"));
  try {
    const file = join(dir, "factories.cjs");
    writeFileSync(file, result.outputFiles[0].text);
    return createRequire(import.meta.url)(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES = [
  {},
  { className: "h-6 w-6", "aria-hidden": "true" },
  { className: "mt-0.5 h-4 w-4 shrink-0" },
  { "aria-label": "Open the menu" },
  { role: "img", title: "Menu" },
  { size: 16, color: "#b45309" },
  { size: 32, strokeWidth: 1.5, absoluteStrokeWidth: true },
  { width: 20, strokeWidth: 3 },
  { nonScalingStroke: true, className: "x" },
  { "data-testid": "icon", id: "i1" },
];

test("icons render exactly lucide-react's markup for every documented prop", async () => {
  const { render } = await loadFactories();
  for (const icon of ["Menu", "Store"]) {
    for (const props of CASES) {
      assert.equal(render("ours", icon, props), render("lucide", icon, props), `${icon} with ${JSON.stringify(props)}`);
    }
  }
});

test("the client bundle holds lucide-react's icon drawings but not its icon component", () => {
  const inputs = Object.keys(JSON.parse(readFileSync(join(root, "dist/client-metafile.json"), "utf8")).inputs);
  assert.ok(inputs.some((path) => path.includes("node_modules/lucide-react/dist/esm/icons/")));
  assert.ok(inputs.includes("src/lib/lucide-icon.ts"));
  assert.deepEqual(
    inputs.filter((path) => /lucide-react\/dist\/esm\/(Icon|createLucideIcon|context)\.mjs$/.test(path)),
    [],
  );
});
