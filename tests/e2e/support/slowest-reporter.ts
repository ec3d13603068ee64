import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 10;

/**
 * Prints the ten slowest browser tests after a run: where the suite's time goes, and which
 * test is nearest its timeout on a slow machine. Hooks count in the test that ran them.
 */
export default class SlowestReporter implements Reporter {
  private tests: { name: string; duration: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.basename(test.location.file);
    this.tests.push({
      name: `${file} > ${test.titlePath().slice(3).join(" > ")}`,
      duration: result.duration,
    });
  }

  onEnd(_result: FullResult) {
    const slowest = this.tests.sort((a, b) => b.duration - a.duration).slice(0, SHOWN);
    if (!slowest.length) return;
    console.log(`\nThe ${slowest.length} slowest tests:`);
    for (const test of slowest) {
      console.log(`  ${(test.duration / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
    }
  }

  printsToStdio() {
    return false;
  }
}
