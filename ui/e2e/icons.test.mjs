// Icons are lucide-react's modules with our `createLucideIcon` (src/lib/lucide-icon.ts, put in
// place by build.mjs): lucide-react's `<svg>` element less the attributes every icon repeats (the
// stylesheet's `.lucide` draws the stroke), its drawing a `<use>` of the symbol the build wrote
// into the icon sprite. Together they must draw exactly what lucide-react draws.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { gotoHydrated, openPage, VIEWPORTS } from "./support/browser.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const assets = join(root, "dist/client/assets");
const SPRITE_URL = "/assets/sprite-under-test.svg";

/** Both icon factories bundled with React for Node, loaded as one module; ours link to `spriteUrl`. */
async function loadFactories(spriteUrl = SPRITE_URL) {
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
    define: { "process.env.NODE_ENV": '"production"', __ICON_SPRITE__: JSON.stringify(spriteUrl) },
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

/** The built sprite: its file name and the content of each symbol, by id. */
function builtSprite() {
  const names = readdirSync(assets).filter((name) => /^icons-[0-9a-f]+\.svg$/.test(name));
  assert.equal(names.length, 1, `one icon sprite in dist/client/assets, found ${names.join(", ")}`);
  const svg = readFileSync(join(assets, names[0]), "utf8");
  const symbols = new Map();
  for (const [, id, viewBox, content] of svg.matchAll(/<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)<\/symbol>/g)) {
    symbols.set(id, { viewBox, content });
  }
  return { name: names[0], symbols };
}

/** An `<svg>` element's markup split into its attributes (by name) and its content. */
function parts(markup) {
  const match = markup.match(/^<svg([^>]*)>(.*)<\/svg>$/);
  assert.ok(match, `not one <svg> element: ${markup}`);
  const attributes = Object.fromEntries([...match[1].matchAll(/\s([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  return { attributes, content: match[2] };
}

/** What lucide-react writes on every icon and our element leaves to the stylesheet, or to HTML. */
const REPEATED = ["xmlns", "viewBox", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"];

const without = (attributes, names) => Object.fromEntries(Object.entries(attributes).filter(([name]) => !names.includes(name)));

const CASES = [
  {},
  { className: "h-6 w-6", "aria-hidden": "true" },
  { className: "mt-0.5 h-4 w-4 shrink-0" },
  { "aria-label": "Open the menu" },
  { role: "img", title: "Menu" },
  { size: 16, color: "#b45309" },
  { size: 32, strokeWidth: 1.5, absoluteStrokeWidth: true },
  { width: 20, strokeWidth: 3 },
  { className: "h-8 w-8", style: { color: "#1d4ed8", strokeWidth: 1 } },
  { "data-testid": "icon", id: "i1" },
];

const ICONS = [
  ["Menu", "menu"],
  ["Store", "store"],
];

test("an icon is lucide-react's <svg> element less the attributes every icon repeats, drawn by its symbol in the sprite", async () => {
  const { render } = await loadFactories();
  const { symbols } = builtSprite();
  for (const [icon, id] of ICONS) {
    for (const props of CASES) {
      const ours = parts(render("ours", icon, props));
      const lucide = parts(render("lucide", icon, props));
      const what = `${icon} with ${JSON.stringify(props)}`;
      // The stroke props and styles are compared as drawn, in the browser test below.
      assert.deepEqual(without(ours.attributes, ["style"]), without(lucide.attributes, [...REPEATED, "style"]), what);
      assert.equal(ours.content, `<use href="${SPRITE_URL}#${id}"></use>`, what);
      assert.equal(symbols.get(id)?.content, lucide.content, `${what}: the sprite's drawing`);
      assert.equal(symbols.get(id)?.viewBox, "0 0 24 24");
    }
  }
});

test("the client bundle draws its icons from the sprite, without lucide-react's icon component", async () => {
  const inputs = Object.keys(JSON.parse(readFileSync(join(root, "dist/client-metafile.json"), "utf8")).inputs);
  const iconModules = inputs.filter((path) => path.includes("node_modules/lucide-react/dist/esm/icons/"));
  assert.ok(iconModules.length > 0);
  assert.ok(inputs.includes("src/lib/lucide-icon.ts"));
  assert.deepEqual(
    inputs.filter((path) => /lucide-react\/dist\/esm\/(Icon|createLucideIcon|context)\.mjs$/.test(path)),
    [],
  );
  const { symbols } = builtSprite();
  for (const path of iconModules) {
    const { __iconData: icon } = await import(pathToFileURL(join(root, path)).href);
    assert.ok(symbols.has(icon.name), `the sprite draws ${icon.name}`);
  }
});

test("brand logos are Simple Icons' drawings, in the sprite beside lucide's", async () => {
  const { symbols } = builtSprite();
  const simpleIcons = Object.values(await import("simple-icons"));
  const slugs = JSON.parse(readFileSync(join(root, "src/lib/brand-icons.json"), "utf8"));
  assert.ok(slugs.length > 0);
  for (const slug of slugs) {
    const icon = simpleIcons.find((candidate) => candidate.slug === slug);
    assert.ok(icon, `Simple Icons has ${slug}`);
    assert.deepEqual(symbols.get(`brand-${slug}`), { viewBox: "0 0 24 24", content: `<path d="${icon.path}"></path>` }, slug);
  }
});

/** In the page: the mean difference of two PNG images' channels, per pixel and channel (255 if their sizes differ). */
async function meanDifference([first, second]) {
  const pixels = async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height);
  };
  const [a, b] = await Promise.all([pixels(first), pixels(second)]);
  if (a.width !== b.width || a.height !== b.height) return 255;
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 1) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

describe("in a browser", () => {
  const session = useServerAndBrowser();

  test("an icon draws with the site's stylesheet what lucide-react's element draws, for every documented prop", async () => {
    const { name } = builtSprite();
    const { render } = await loadFactories(`/assets/${name}`);
    const { page, problems, close } = await openPage(session.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    // lucide-react's element, without the class token the site styles: drawn by its own attributes.
    const reference = (markup) => markup.replace(/class="lucide /, 'class="');
    const cells = ICONS.flatMap(([icon]) =>
      CASES.map((props) => ({ ours: render("ours", icon, props), lucide: reference(render("lucide", icon, props)) })),
    );
    await page.evaluate((cells) => {
      const sheet = document.createElement("div");
      sheet.style.cssText = "position:fixed;inset:0;z-index:10000;overflow:auto;background:#fff;color:#2b2b2b";
      const cell = (id, markup) => `<div id="${id}" style="display:flex;width:fit-content;padding:2px">${markup}</div>`;
      sheet.innerHTML = cells.map(({ ours, lucide }, index) => cell(`ours-${index}`, ours) + cell(`lucide-${index}`, lucide)).join("");
      document.body.append(sheet);
    }, cells);
    // Each of ours is drawn once the sprite has arrived.
    await page.waitForFunction(() => [...document.querySelectorAll("[id^='ours-'] use")].every((use) => use.getBBox().width > 0));
    for (const [index, { ours }] of cells.entries()) {
      const drawn = await page.locator(`#ours-${index}`).screenshot();
      const expected = await page.locator(`#lucide-${index}`).screenshot();
      // The same paths reach the screen through other transforms (the symbol's viewBox rather than
      // the element's), which can shade a few edge pixels of a thin stroke differently; a wrong
      // stroke, colour or size moves the whole image.
      const difference = await page.evaluate(meanDifference, [drawn.toString("base64"), expected.toString("base64")]);
      assert.ok(difference <= 1, `${ours} draws as lucide-react's element does (a mean difference of ${difference.toFixed(2)} of 255)`);
    }
    assert.deepEqual(problems, []);
    await close();
  });

  test("a phone draws the icons from the sprite, which is cached for good", async () => {
    const { name } = builtSprite();
    const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
    const sprite = page.waitForResponse((response) => new URL(response.url()).pathname === `/assets/${name}`);
    await gotoHydrated(page, `${session.server.baseUrl}/directory`);
    const response = await sprite;
    assert.equal(response.status(), 200);
    assert.equal(response.headers()["content-type"], "image/svg+xml");
    assert.match(response.headers()["cache-control"], /immutable/);

    const icon = page.locator("header svg.lucide-menu");
    await icon.waitFor();
    assert.equal(await icon.locator("use").getAttribute("href"), `/assets/${name}#menu`);
    // The symbol's paths are laid out inside the <use>: its box is the drawing's, not empty.
    await page.waitForFunction(() => {
      const box = document.querySelector("header svg.lucide-menu use").getBBox();
      return box.width > 10 && box.height > 5;
    });
    assert.deepEqual(problems, []);
    await close();
  });

  test("the footer's social links show each network's logo from the sprite and are named for screen readers", async () => {
    const { name } = builtSprite();
    const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const social = page.locator("footer").getByRole("list", { name: "Social media" });
    for (const [network, slug] of [["Facebook", "facebook"], ["Instagram", "instagram"], ["X", "x"]]) {
      const link = social.getByRole("link", { name: `${network} (coming soon)`, exact: true });
      assert.equal(await link.count(), 1, network);
      const logo = link.locator("svg[aria-hidden='true'] use");
      assert.equal(await logo.getAttribute("href"), `/assets/${name}#brand-${slug}`, network);
      // The symbol's path is laid out once the sprite has arrived.
      const width = await logo.evaluate(async (use) => {
        for (let tries = 0; tries < 100 && use.getBBox().width < 10; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
        return use.getBBox().width;
      });
      assert.ok(width >= 10, `${network}: the logo is drawn (${width} px wide)`);
    }
    assert.deepEqual(problems, []);
    await close();
  });
});
