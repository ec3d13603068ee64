// The step runner `npm test` and `npm run test:quick` share: each step is a command, counted
// as one check or, for a test runner, as its tests (from the runner's JSON report).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Node's compile cache (nodejs.org/api/module.html#module-compile-cache) for every process the
 * steps start: the servers, builds and command-line tools the tests start by the dozen each read
 * the code the first of them compiled (docs/performance.md, "The test suite").
 */
const COMPILE_CACHE = path.resolve(".cache/node-compile-cache");

export class Tally {
  passed = 0;
  failed = 0;
  failures = [];
  timings = [];
  // While a step streams its output, other steps' output waits here, to follow it whole.
  streaming = 0;
  held = [];

  /**
   * Runs a command. Buffered (the default), its output is printed whole when it ends, so two
   * steps running side by side never interleave; `stream` prints as it goes, and what buffered
   * steps print meanwhile follows once it ends.
   */
  run(label, command, args, { env = {}, stream = false } = {}) {
    return new Promise((resolve) => {
      const started = Date.now();
      if (stream) {
        this.streaming += 1;
        console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
      }
      const child = spawn(command, args, {
        stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"],
        env: {
          NODE_COMPILE_CACHE: COMPILE_CACHE,
          ...process.env,
          ...(stream ? {} : { FORCE_COLOR: "1" }),
          ...env,
        },
      });
      let output = "";
      child.stdout?.on("data", (chunk) => (output += chunk));
      child.stderr?.on("data", (chunk) => (output += chunk));
      let finished = false;
      const done = (status) => {
        if (finished) return;
        finished = true;
        const ms = Date.now() - started;
        this.timings.push([label, ms]);
        if (stream) {
          this.streaming -= 1;
          if (!this.streaming) for (const text of this.held.splice(0)) console.log(text);
        } else {
          const seconds = (ms / 1000).toFixed(1);
          let text = `\n▶ ${label} (${seconds} s): ${command} ${args.join(" ")}`;
          if (output.trim()) text += `\n${output.trimEnd()}`;
          if (this.streaming) this.held.push(text);
          else console.log(text);
        }
        resolve(status === 0);
      };
      child.once("error", (error) => {
        output += String(error);
        done(1);
      });
      child.once("close", done);
    });
  }

  /** A step that counts as one check. */
  async check(label, command, args, options) {
    const ok = await this.run(label, command, args, options);
    this.count(label, ok);
    return ok;
  }

  count(label, ok) {
    if (ok) this.passed += 1;
    else this.fail(label);
  }

  fail(label) {
    this.failed += 1;
    this.failures.push(label);
  }

  /** Vitest, counted from its JSON report. */
  async vitest(label, report, args = []) {
    const ok = await this.run(label, "npx", [
      "vitest",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]);
    try {
      const json = JSON.parse(readFileSync(report, "utf8"));
      this.passed += json.numPassedTests;
      this.failed += json.numFailedTests;
      // A suite that failed to load has no tests to count but is a failure.
      const broken = json.testResults.filter(
        (file) => file.status === "failed" && !file.assertionResults.length,
      );
      this.failed += broken.length;
      // A runner that failed with nothing counted still fails the run.
      if (!ok && !json.numFailedTests && !broken.length) this.failed += 1;
      if (!ok || json.numFailedTests || broken.length) this.failures.push(label);
    } catch {
      this.fail(`${label} (no report)`);
    }
    return ok;
  }

  /** Playwright's runner, counted from its JSON report. */
  async playwright(label, report, args = [], { env = {}, stream = true } = {}) {
    const ok = await this.run(label, "npx", ["playwright", "test", ...args], {
      env: { ...env, E2E_JSON_REPORT: report },
      stream,
    });
    try {
      const { stats, errors } = JSON.parse(readFileSync(report, "utf8"));
      this.passed += stats.expected;
      // No test is retried, so none can be flaky; one that were would count as a failure.
      this.failed += stats.unexpected + stats.flaky;
      // A run that failed with no test counted (a global setup or a file that threw) still fails.
      if (!ok && !stats.unexpected && !stats.flaky) this.failed += Math.max(1, errors.length);
      if (!ok || stats.unexpected || stats.flaky) this.failures.push(label);
    } catch {
      this.fail(`${label} (no report)`);
    }
    return ok;
  }

  /** The closing lines: time per step, what failed, and "N passed, N failed". */
  summary(started) {
    console.log("\nTime per step:");
    for (const [label, ms] of this.timings) {
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${label}`);
    }
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  in all`);
    if (this.failures.length) console.log(`\nFailed: ${this.failures.join(", ")}`);
    console.log(`\n${this.passed} passed, ${this.failed} failed`);
    return this.failed || this.failures.length ? 1 : 0;
  }
}
