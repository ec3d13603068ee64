import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

/**
 * Prints the ten slowest browser tests after a run: where the suite's time goes, and which
 * test is nearest its timeout on a slow machine.
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tests = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].map((test) => ({
        name: `${path.basename(testModule.moduleId)} > ${test.fullName}`,
        duration: test.diagnostic()?.duration ?? 0,
      })),
    );
    const slowest = tests.sort((a, b) => b.duration - a.duration).slice(0, SHOWN);
    if (!slowest.length) return;
    console.log(`\nThe ${slowest.length} slowest tests:`);
    for (const test of slowest) {
      console.log(`  ${(test.duration / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
    }
  }
}
