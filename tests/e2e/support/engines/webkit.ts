import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { MINIBROWSER, WEBKIT_DRIVER, XVFB } from "../../../../scripts/engines.mjs";
import type { Engine, EnginePage } from "./types";
import { installWatcher } from "./watcher";

// WebDriver's key codes (W3C WebDriver, "Keyboard actions").
const KEYS = {
  Escape: "\uE00C",
  Enter: "\uE007",
  Tab: "\uE004",
  ArrowLeft: "\uE012",
  ArrowRight: "\uE014",
} as const;
const ELEMENT = "element-6066-11e4-a52e-4f735466cecc";
/** One in-page wait, and the session's script timeout just above it. */
const WAIT_SLICE = 1_000;
const SCRIPT_TIMEOUT = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** An X server of its own on a display it picks (-displayfd): MiniBrowser has no headless mode. */
function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(
    XVFB,
    ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
    {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdio[3]!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("\n")) resolve({ display: `:${output.trim()}`, child });
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver classic, plain HTTP), under an
 * Xvfb of its own. `--full-screen` drops the GTK toolbar, whose width kept the window at
 * 447 px or more; the window's size is then the viewport's (docs/testing.md).
 */
export async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(base + path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (json.value && typeof json.value === "object" && "error" in json.value && json.value.error)
      throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  for (let started = Date.now(); ;) {
    const ready = await call("GET", "/status").then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 20_000) throw new Error("WebKitWebDriver did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
    "POST",
    "/session",
    {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": {
            binary: MINIBROWSER,
            // Safari's autoplay policy: muted video may play by itself, sound waits for a gesture.
            args: [
              "--automation",
              "--full-screen",
              "--enable-smooth-scrolling=true",
              "--autoplay-policy=allow-without-sound",
            ],
          },
          // A script left by a document that went (a reload) is answered only at this timeout:
          // waits run in short slices under it (waitFor below).
          timeouts: { pageLoad: 30_000, script: SCRIPT_TIMEOUT, implicit: 0 },
        },
      },
    },
  );
  const s = `/session/${session.sessionId}`;
  const run = <T>(script: string, args: unknown[]) =>
    call<{ ok?: T; error?: string }>("POST", `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${script}).apply(null, Array.from(arguments).slice(0, -1)))
          .then((ok) => done({ ok: ok === undefined ? null : ok }), (e) => done({ error: String(e && e.stack || e) }));`,
      args,
    }).then((result) => {
      if (result.error) throw new Error(`In the page: ${result.error}`);
      return result.ok as T;
    });

  const wait = <A>(predicate: (arg: A) => unknown, arg: A, timeout: number) =>
    run<boolean>(
      `async (arg, timeout) => {
        const predicate = ${predicate.toString()};
        const end = performance.now() + timeout;
        while (!predicate(arg)) {
          if (performance.now() > end) return false;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        return true;
      }`,
      [arg, timeout],
    );

  const page: EnginePage = {
    async goto(url) {
      const href = new URL(url).href;
      // The command can come back while the previous document is still shown: wait for this one.
      const arrived = (timeout: number) =>
        page.waitFor(
          (target) => location.href === target && document.readyState === "complete",
          href,
          timeout,
        );
      await call("POST", `${s}/url`, { url });
      let loaded = await arrived(10_000);
      if (!loaded) {
        // WebKitWebDriver has answered the command and left the window on the last page,
        // loaded and idle: the command is sent again, once (docs/testing.md).
        const shown = await run<string>("() => location.href", []).catch(() => href);
        if (shown !== href) await call("POST", `${s}/url`, { url });
        loaded = await arrived(20_000);
      }
      if (!loaded) {
        const shown = await run<string>(
          "() => `${location.href} (${document.readyState})`",
          [],
        ).catch((error: Error) => error.message);
        throw new Error(`${url} did not load within 30 s; the window shows ${shown}`);
      }
      await run(installWatcher.toString(), []);
    },
    evaluate: (fn, ...args) => run(fn.toString(), args),
    async waitFor(predicate, arg, timeout = 15_000) {
      // Polled from here in short in-page slices: a document that goes mid-wait (a reload)
      // costs one slice and its script timeout, and the next slice runs in the new document.
      const end = Date.now() + timeout;
      for (;;) {
        const slice = Math.min(WAIT_SLICE, Math.max(0, end - Date.now()));
        const met = await wait(predicate, arg, slice).catch((error: Error) => {
          if (/unload|no such frame|script timeout|timed out/i.test(error.message)) return false;
          throw error;
        });
        if (met) return true;
        if (Date.now() >= end) return false;
      }
    },
    async click(selector) {
      // As Puppeteer's click does: wait for the element to be there and shown first.
      const shown = await page.waitFor((css) => {
        const element = document.querySelector(css);
        return element !== null && element.getClientRects().length > 0;
      }, selector);
      if (!shown) throw new Error(`No ${selector} shown within 15 s`);
      const found = await call<Record<string, string>>("POST", `${s}/element`, {
        using: "css selector",
        value: selector,
      });
      // WebDriver's element click scrolls it into view and fails if something else is on top.
      const id = found[ELEMENT] ?? Object.values(found)[0];
      await call("POST", `${s}/element/${id}/click`, {});
    },
    async press(key) {
      const value = KEYS[key];
      await call("POST", `${s}/actions`, {
        actions: [
          {
            type: "key",
            id: "keyboard",
            actions: [
              { type: "keyDown", value },
              { type: "keyUp", value },
            ],
          },
        ],
      });
    },
    async screenshot(file) {
      await writeFile(file, Buffer.from(await call<string>("GET", `${s}/screenshot`), "base64"));
    },
    reported: () => [],
    async close() {
      // One window for every test of the worker: what a test left behind goes.
      await run("() => { localStorage.clear(); sessionStorage.clear(); }", []).catch(() => {});
      await call("DELETE", `${s}/cookie`).catch(() => {});
      await call("POST", `${s}/url`, { url: "about:blank" });
    },
  };
  return {
    name: "webkit",
    version: session.capabilities.browserVersion,
    async open(width, height) {
      await call("POST", `${s}/window/rect`, { width, height });
      return page;
    },
    async close() {
      await call("DELETE", s).catch(() => {});
      driver.kill();
      xvfb.child.kill();
    },
  };
}
