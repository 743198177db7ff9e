// The JavaScript and CSS a browser downloads to show and hydrate a page, computed
// from the build output: `dist/manifest.json` (what the document links) and
// `dist/client-metafile.json` (esbuild's record of every chunk and its imports).
// Sizes are those of the pre-compressed `.br` copies the server sends.
import { readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const uiRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(uiRoot, "dist");
const assets = join(dist, "client", "assets");

/**
 * The source module of a route's page chunk, read from the lazy page table
 * (`src/app/page-components.lazy.ts`), e.g. `HomePage` → `src/features/home/HomePage`.
 */
export function pageModule(component) {
  const table = readFileSync(join(uiRoot, "src/app/page-components.lazy.ts"), "utf8");
  const match = table.match(new RegExp(`export const ${component}\\b[^\\n]*?import\\("@/([^"]+)"\\)`));
  if (!match) throw new Error(`${component} is not in page-components.lazy.ts`);
  return `src/${match[1]}`;
}

const brotliBytes = (name) => statSync(join(assets, `${name}.br`)).size;
const rawBytes = (name) => statSync(join(assets, name)).size;

/**
 * Every chunk in the first load of a page: the entry script, everything it imports
 * statically (the modulepreloads), the page's own chunk and that chunk's static imports.
 * Dynamic imports (code loaded on a user's action) are not followed.
 */
export function firstLoad(component) {
  const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8"));
  const { outputs } = JSON.parse(readFileSync(join(dist, "client-metafile.json"), "utf8"));
  const byName = new Map(Object.entries(outputs).map(([path, output]) => [basename(path), output]));

  const source = pageModule(component);
  const pageChunk = [...byName].find(([name, output]) => name.endsWith(".js") && output.entryPoint?.replace(/^[a-z-]+:/, "").replace(/\.tsx?$/, "").endsWith(source));
  if (!pageChunk) throw new Error(`no chunk has ${source} as its entry point`);

  const chunks = [];
  const visit = (name, role) => {
    if (chunks.some((chunk) => chunk.name === name)) return;
    const output = byName.get(name);
    if (!output) throw new Error(`${name} is not in the esbuild metafile`);
    chunks.push({ name, role, raw: rawBytes(name), brotli: brotliBytes(name), inputs: output.inputs });
    for (const imported of output.imports) {
      if (imported.kind === "import-statement") visit(basename(imported.path), `imported by ${name}`);
    }
  };
  visit(basename(manifest.script), "entry");
  for (const preload of manifest.modulePreloads) visit(basename(preload), "modulepreload");
  visit(pageChunk[0], `${component} chunk`);

  const stylesheet = basename(manifest.stylesheet);
  return {
    chunks,
    js: { raw: sum(chunks, "raw"), brotli: sum(chunks, "brotli") },
    css: { name: stylesheet, raw: rawBytes(stylesheet), brotli: brotliBytes(stylesheet) },
  };
}

function sum(items, key) {
  return items.reduce((total, item) => total + item[key], 0);
}

/** A table of the chunks and totals, for failure messages and the console. */
export function formatWeight(weight) {
  const rows = weight.chunks.map((chunk) => `  ${chunk.name.padEnd(28)} ${String(chunk.brotli).padStart(7)} B br ${String(chunk.raw).padStart(8)} B raw  (${chunk.role})`);
  return [
    ...rows,
    `  JS total  ${weight.js.brotli} B brotli (${weight.js.raw} B raw) in ${weight.chunks.length} files`,
    `  CSS       ${weight.css.brotli} B brotli (${weight.css.raw} B raw) ${weight.css.name}`,
  ].join("\n");
}
