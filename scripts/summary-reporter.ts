import type { Reporter, TestModule } from 'vitest/node';

/** Prints a plain `vitest: N passed, N failed, N skipped` line last, which CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      // A module that failed to load has no tests but must count as a failure.
      if (mod.state() === 'failed' && tests.length === 0) failed++;
      for (const t of tests) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
