import { afterAll } from "vitest";

// Test files share their worker's process (vmForks, vitest.config.ts), and with it
// `process.env`: what one file sets for itself (a Sanity project, a secret) must not reach the
// next file the worker runs, whose content source would then read another backend.
const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) {
    if (!(name in before)) delete process.env[name];
  }
  Object.assign(process.env, before);
});
