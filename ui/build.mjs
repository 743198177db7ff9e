// Builds the three artefacts the Rust server needs:
//   dist/server/server-bundle.js  one script V8 evaluates (React + router + app)
//   dist/client/assets/*          hashed hydration entry, route chunks, stylesheet, icon sprite
//   dist/manifest.json            which hashed files the document shell links
//   dist/client-metafile.json     esbuild's map of the client chunks (e2e/page-weight.test.mjs)
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dist = join(root, "dist");
const assets = join(dist, "client", "assets");
rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

// react-router's package exports name only its development build (the same code with
// `ENABLE_DEV_WARNINGS = true`); both bundles take the production build instead. That build
// still names its contexts and components for React's developer tools (`Link.displayName =
// "Link"`) and makes them with calls esbuild cannot tell are free of side effects: each such
// top-level statement kept its part of the router whether the site uses it or not (the data
// router, forms, scroll restoration), about 5 KB brotli of every page's first load. Without the
// names and with those calls marked pure, esbuild leaves out what nothing imports. The build
// fails if the production build stops reading as this expects.
const reactRouterProduction = {
  name: "react-router-production",
  setup(pluginBuild) {
    const production = join(root, "node_modules/react-router/dist/production");
    const edits = { names: 0, pureCalls: 0 };
    pluginBuild.onResolve({ filter: /^react-router$/ }, () => ({ path: join(production, "index.mjs") }));
    pluginBuild.onLoad({ filter: /\/react-router\/dist\/production\/[^/]+\.mjs$/ }, ({ path }) => {
      const contents = readFileSync(path, "utf8")
        .replace(/^\w+\.displayName = "[^"]*";$/gm, () => {
          edits.names += 1;
          return "";
        })
        .replace(/^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, (_, declaration, call) => {
          edits.pureCalls += 1;
          return `${declaration}/* @__PURE__ */ ${call}`;
        });
      return { contents, loader: "js" };
    });
    pluginBuild.onEnd((result) => {
      if (result.errors.length === 0 && (edits.names === 0 || edits.pureCalls === 0)) {
        throw new Error(
          `react-router's production build no longer reads as expected: ${edits.names} names dropped, ${edits.pureCalls} calls marked pure (see reactRouterProduction in build.mjs)`,
        );
      }
    });
  },
};

// Every lucide-react icon module calls `createLucideIcon` once with its drawing; ours links the
// drawing in the icon sprite instead (src/lib/lucide-icon.ts). The build fails if the icons stop
// importing it the way this expects, rather than quietly rendering the slow way, or if a bundle
// draws an icon the sprite lacks.
function spriteLucideIcons(sprite) {
  let substituted = 0;
  return {
    name: "sprite-lucide-icons",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.\/createLucideIcon\.mjs$/ }, ({ importer }) => {
        if (!importer.includes("/node_modules/lucide-react/")) return undefined;
        if (!sprite.modules.has(importer)) {
          return { errors: [{ text: `${importer} is not in the icon sprite (see iconSprite in build.mjs)` }] };
        }
        substituted += 1;
        return { path: join(root, "src/lib/lucide-icon.ts") };
      });
      pluginBuild.onEnd((result) => {
        if (result.errors.length === 0 && substituted === 0) {
          throw new Error("no lucide-react icon imported ../createLucideIcon.mjs (see spriteLucideIcons in build.mjs)");
        }
      });
    },
  };
}

// React's packages are CommonJS, and esbuild reads a named import from one (`import { useState }
// from "react"`) through a getter it defines on a wrapper of the module, called again at every
// use: every JSX element and hook paid a function call for it, about 3% of a server render of
// `/events`. Both bundles import React and its JSX runtime through a module that copies their
// exports into variables once instead (`react/jsx-runtime` is what `jsx: "automatic"` imports).
// The build fails if nothing imports them the way this expects.
const reactExports = {
  name: "react-exports",
  setup(pluginBuild) {
    let substituted = 0;
    pluginBuild.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, ({ path, kind, namespace }) => {
      if (kind !== "import-statement" || namespace === "react-exports") return undefined;
      substituted += 1;
      return { path, namespace: "react-exports" };
    });
    pluginBuild.onEnd((result) => {
      if (result.errors.length === 0 && substituted === 0) {
        throw new Error("nothing imported react or react/jsx-runtime (see reactExports in build.mjs)");
      }
    });
    pluginBuild.onLoad({ filter: /./, namespace: "react-exports" }, ({ path }) => {
      const names = Object.keys(require(path)).filter((name) => name !== "default");
      const contents = `import cjs from ${JSON.stringify(path)};\nexport const { ${names.join(", ")} } = cjs;\nexport default cjs;\n`;
      return { contents, resolveDir: root, loader: "js" };
    });
  },
};

const shared = {
  bundle: true,
  minify: true,
  legalComments: "none",
  target: "es2022",
  jsx: "automatic",
  alias: { "@": join(root, "src") },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

// V8 without Node or Deno: a single classic script, browser builds of React.
const serverBundle = {
  ...shared,
  entryPoints: [join(root, "src/entry-server.tsx")],
  outfile: join(dist, "server", "server-bundle.js"),
  platform: "neutral",
  format: "iife",
  mainFields: ["browser", "module", "main"],
  conditions: ["browser", "import", "default"],
  inject: [join(root, "src/ssr/polyfills.ts")],
};

/** The part of a file name that changes with the file's content (immutable caching). */
const contentHash = (content) => createHash("sha256").update(content).digest("hex").slice(0, 10);

const escapeAttribute = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// The drawings of the lucide-react icons the app uses and of the brand logos it lists
// (src/lib/brand-icons.json, ids `brand-<slug>`), one `<symbol id="name">` each, in one
// hashed SVG file that pages link to (`<use href="sprite#name">`): an icon's paths are then
// neither rendered nor sent again on every page (7 to 9% of the HTML of the pages with the most
// icons, and a larger share of their server render). The server bundle holds every
// page, so the icons it imports are all the app's. A symbol's content is written as React
// writes the same elements, so it can be compared with lucide-react's own markup.
async function iconSprite() {
  const { metafile } = await build({ ...serverBundle, absWorkingDir: root, write: false, metafile: true, plugins: [reactRouterProduction] });
  const modules = Object.keys(metafile.inputs)
    .filter((path) => path.startsWith("node_modules/lucide-react/dist/esm/icons/"))
    .map((path) => join(root, path))
    .sort();
  const symbols = [];
  for (const path of modules) {
    const { __iconData: icon } = await import(pathToFileURL(path).href);
    const drawing = icon.node.map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`);
      return `<${tag}${written.join("")}></${tag}>`;
    });
    symbols.push(`<symbol id="${icon.name}" viewBox="0 0 ${icon.size} ${icon.size}">${drawing.join("")}</symbol>`);
  }
  // Brand logos, which lucide does not draw, from Simple Icons: each an SVG file of one path.
  for (const slug of JSON.parse(readFileSync(join(root, "src/lib/brand-icons.json"), "utf8"))) {
    const file = readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), "utf8");
    const drawing = /<path d="([^"]+)"\/>/.exec(file)?.[1];
    if (!drawing) throw new Error(`simple-icons/icons/${slug}.svg is not one path`);
    symbols.push(`<symbol id="brand-${slug}" viewBox="0 0 24 24"><path d="${drawing}"></path></symbol>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const name = `icons-${contentHash(svg)}.svg`;
  writeFileSync(join(assets, name), svg);
  return { url: `/assets/${name}`, modules: new Set(modules) };
}

const sprite = await iconSprite();
const spriteUrl = { define: { ...shared.define, __ICON_SPRITE__: JSON.stringify(sprite.url) } };

await build({ ...serverBundle, ...spriteUrl, plugins: [reactExports, reactRouterProduction, spriteLucideIcons(sprite)] });

// Browsers load each page, and parts of pages, as chunks of their own; the server bundle keeps
// them all inline. A module `name.lazy.ts` beside `name.ts` takes its place in the client
// bundle (`src/app/page-components.lazy.ts`, `src/features/home/deferred-parts.lazy.ts`).
const lazyModules = {
  name: "lazy-modules",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(@\/|\.)/ }, async ({ path, importer, kind, resolveDir, pluginData }) => {
      if (kind === "dynamic-import" || pluginData === "lazy-modules") return undefined;
      const resolved = await pluginBuild.resolve(path, { importer, kind, resolveDir, pluginData: "lazy-modules" });
      const lazy = resolved.path.replace(/\.tsx?$/, ".lazy.ts");
      if (resolved.errors.length > 0 || lazy === resolved.path || lazy === importer || !existsSync(lazy)) return resolved;
      return { path: lazy };
    });
  },
};

// esbuild puts modules in one chunk only when the same entry points reach them, and counts
// every `import()` as an entry point of its own: the code the entry shares with some pages
// but not others ends up in a dozen small chunks, each a request and each compressed on its
// own. A lazily loaded chunk only ever runs inside the running app, so it is built as if it
// imported the entry: then the entry and everything the pages share with it make one chunk
// (4 KB less brotli for `/` than the small chunks). The entry module still runs once.
// Our `import()`s load our own modules only (named exports, as everywhere in src/), so the
// wrapper's `export *` re-exports everything; a package is loaded through a module of ours
// (`src/lib/sonner.ts`).
const clientEntry = join(root, "src/entry-client.tsx");
const chunksFollowEntry = {
  name: "chunks-follow-entry",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /./ }, async ({ path, importer, kind, resolveDir, pluginData }) => {
      const fromSource = importer.startsWith(join(root, "src") + "/");
      if (kind !== "dynamic-import" || !fromSource || pluginData === "chunks-follow-entry") return undefined;
      const resolved = await pluginBuild.resolve(path, { importer, kind, resolveDir, pluginData: "chunks-follow-entry" });
      if (resolved.errors.length > 0) return resolved;
      if (!resolved.path.startsWith(join(root, "src") + "/")) {
        return { errors: [{ text: `import("${path}"): load packages through a module in src/ (see chunksFollowEntry in build.mjs)` }] };
      }
      return { path: resolved.path, namespace: "after-entry" };
    });
    pluginBuild.onLoad({ filter: /./, namespace: "after-entry" }, ({ path }) => ({
      contents: `import ${JSON.stringify(clientEntry)};\nexport * from ${JSON.stringify(path)};\n`,
      resolveDir: root,
      loader: "ts",
    }));
  },
};

const client = await build({
  ...shared,
  ...spriteUrl,
  plugins: [reactExports, reactRouterProduction, spriteLucideIcons(sprite), chunksFollowEntry, lazyModules],
  entryPoints: { "entry-client": clientEntry },
  outdir: assets,
  platform: "browser",
  format: "esm",
  splitting: true,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  metafile: true,
});

const cssSource = join(dist, "app.css");
execFileSync(
  join(root, "node_modules/.bin/tailwindcss"),
  ["-i", join(root, "src/styles/app.css"), "-o", cssSource, "--minify"],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
);
const css = readFileSync(cssSource);
const cssName = `app-${contentHash(css)}.css`;
writeFileSync(join(assets, cssName), css);
rmSync(cssSource);

const entry = Object.entries(client.metafile.outputs).find(
  ([, output]) => output.entryPoint?.endsWith("entry-client.tsx"),
);
if (!entry) throw new Error("client entry missing from esbuild output");
const [entryPath, entryOutput] = entry;
const manifest = {
  script: `/assets/${basename(entryPath)}`,
  modulePreloads: entryOutput.imports
    .filter((imported) => imported.kind === "import-statement")
    .map((imported) => `/assets/${basename(imported.path)}`),
  stylesheet: `/assets/${cssName}`,
};
writeFileSync(join(dist, "manifest.json"), JSON.stringify(manifest, null, 2));
// Which module went into which chunk and what each chunk imports: the page-weight test reads it.
writeFileSync(join(dist, "client-metafile.json"), JSON.stringify(client.metafile));

// Pre-compressed copies at the highest settings, so the server never compresses them per request.
for (const name of readdirSync(assets)) {
  const source = readFileSync(join(assets, name));
  writeFileSync(join(assets, `${name}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(assets, `${name}.gz`), gzipSync(source, { level: 9 }));
}
console.log(`built ${manifest.script} and ${manifest.stylesheet}`);
