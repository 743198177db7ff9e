// Starts the real server binary on a free port with its own seeded SQLite
// database, for one browser test file.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const uiRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const repoRoot = resolve(uiRoot, "..");

// Ports are picked below the kernel's ephemeral range: a port from that range, once released, may
// be handed to any outgoing connection (Chromium's, fetch's) before the server binds it.
const pickedPorts = 10_000;
const ephemeralStart = (() => {
  try {
    return Number.parseInt(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8"), 10) || 32_768;
  } catch {
    return 32_768;
  }
})();
const firstPort = Math.max(1_024, ephemeralStart - pickedPorts);
// Test files run one after another, each in its own process: each starts at a different place.
let nextPort = process.pid;

function canListen(port) {
  return new Promise((answer) => {
    const server = createServer();
    server.unref();
    server.once("error", () => answer(false));
    server.listen(port, "127.0.0.1", () => server.close(() => answer(true)));
  });
}

export async function freePort() {
  const span = ephemeralStart - firstPort;
  for (let tried = 0; tried < span; tried += 1) {
    const port = firstPort + (nextPort++ % span);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

async function waitUntilUp(url, child) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server at ${url} did not come up`);
}

/** @param {{ env?: Record<string, string> }} [options] */
export async function startServer({ env = {} } = {}) {
  const binary = resolve(uiRoot, process.env.SERVER_BIN ?? "../target/debug/server");
  const dataDir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const databasePath = join(dataDir, "site.db");
  const port = await freePort();
  const serverEnv = {
    ...process.env,
    DATABASE_URL: `sqlite://${databasePath}`,
    SITE_SERVER__PORT: String(port),
    SITE_SERVER__PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SITE_RENDER__WORKERS: "1",
    // No SMTP server runs here: the outbox's retry warnings are expected noise.
    RUST_LOG: "warn,server::mail=error",
    ...env,
  };
  const seededAt = new Date();
  const seeded = spawnSync(binary, ["seed"], { cwd: repoRoot, env: serverEnv, stdio: "inherit" });
  if (seeded.status !== 0) throw new Error("seeding the test database failed");
  const child = spawn(binary, ["serve"], { cwd: repoRoot, env: serverEnv, stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/`, child);
  } catch (error) {
    // A server left running would keep the test process, and the run, alive.
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    /** The SQLite file the server uses (meaningful unless `env` names another DATABASE_URL). */
    databasePath,
    /**
     * Just before seeding: the seeder dates its events and articles from its own clock then, so
     * expectations derived from this instant hold even if the tests run past midnight.
     */
    seededAt,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((done) => (child.exitCode !== null ? done() : child.once("exit", done)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs SQL against a test database with the sqlite3 shell (waiting out the server's locks). */
export function sqlite(databasePath, sql) {
  return execFileSync("sqlite3", ["-cmd", ".timeout 5000", databasePath, sql], { encoding: "utf8" });
}
