/**
 * Sums the JSON reports the suites write into CC_REPORT_DIR (Vitest `json` reporter, Playwright
 * `json` reporter) and prints ONE plain line `N passed, N failed` (docs/design.md §2: Vitest's own summary
 * is not one CI recognises). Exits 1 when a report counts failures or none was written.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: ci-summary <report-dir>');
let passed = 0;
let failed = 0;
let skipped = 0;
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (jest-compatible) JSON
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    // Playwright JSON: expected = passed, unexpected = failed, flaky passed on retry
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    console.log(
      `${file}: ${s.expected + s.flaky} passed, ${s.unexpected} failed${s.flaky ? ` (${s.flaky} flaky)` : ''}`,
    );
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
