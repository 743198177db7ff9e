// Builds the three artefacts the Rust server needs:
//   dist/server/server-bundle.js  one script V8 evaluates (React + router + app)
//   dist/client/assets/*          hashed hydration entry, route chunks, stylesheet
//   dist/manifest.json            which hashed files the document shell links
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, "dist");
const assets = join(dist, "client", "assets");
rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

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
await build({
  ...shared,
  entryPoints: [join(root, "src/entry-server.tsx")],
  outfile: join(dist, "server", "server-bundle.js"),
  platform: "neutral",
  format: "iife",
  mainFields: ["browser", "module", "main"],
  conditions: ["browser", "import", "default"],
  inject: [join(root, "src/ssr/polyfills.ts")],
});

// Browsers load each page as its own chunk; the server bundle keeps them all inline.
const lazyPages = {
  name: "lazy-pages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@\/app\/page-components$/ }, () => ({
      path: join(root, "src/app/page-components.lazy.ts"),
    }));
  },
};

const client = await build({
  ...shared,
  plugins: [lazyPages],
  entryPoints: { "entry-client": join(root, "src/entry-client.tsx") },
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
const cssName = `app-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
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

// Pre-compressed copies at the highest settings, so the server never compresses them per request.
for (const name of readdirSync(assets)) {
  const source = readFileSync(join(assets, name));
  writeFileSync(join(assets, `${name}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(assets, `${name}.gz`), gzipSync(source, { level: 9 }));
}
console.log(`built ${manifest.script} and ${manifest.stylesheet}`);
