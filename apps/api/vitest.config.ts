import { defineConfig } from 'vitest/config';

// CI (.ci/run) collects a JSON report per suite in CC_REPORT_DIR for its one summary line.
const reportDir = process.env.CC_REPORT_DIR;
const suffix = process.env.CC_REPORT_SUFFIX ?? 'pglite';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // A loaded 2-core CI box runs two files at once: the slowest cases (many sign-ups, argon2) need headroom.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/api-${suffix}.json` } : undefined,
  },
});
