// One seeded server and one Chromium for the tests of a file or `describe`
// block: started before its first test, stopped after its last.
import { after, before } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { startServer } from "./server.mjs";

/**
 * @param {Parameters<typeof startServer>[0]} [options] passed to `startServer`
 * @returns {{ server: Awaited<ReturnType<typeof startServer>>, browser: import("playwright-core").Browser }}
 *   filled in by the `before` hook, so read its fields inside tests
 */
export function useServerAndBrowser(options) {
  const session = /** @type {any} */ ({});
  before(async () => {
    session.server = await startServer(options);
    session.browser = await launchBrowser();
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
