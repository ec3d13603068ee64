#!/usr/bin/env node
// The Studio's commands, run from the site's root (docs/content.md):
//   node scripts/studio.mjs dev [--port N ...]  npm run studio: `sanity dev` on :3333 (its flags pass through)
//   node scripts/studio.mjs build [--if-configured] [--netlify]
//                                               npm run studio:build: into <BUILD_DIR>/client/studio
//   node scripts/studio.mjs install             npm ci in studio/ unless installed
//   node scripts/studio.mjs deploy              `sanity deploy` (a hosted Studio at /)
//   node scripts/studio.mjs typegen [--check] [--extracted]
//                                               npm run typegen: schema.json and app/lib/content/sanity.types.ts
//   node scripts/studio.mjs validate [--schema] [dir...]
//                                               npm run content:validate
// Each installs the Studio's own dependencies (studio/, React 19) when they are missing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const studioDir = path.join(root, "studio");
const typesFile = path.join(root, "app/lib/content/sanity.types.ts");

// The root .env (see .env.example) carries the Studio's variables too.
if (!process.env.SKIP_ENV_FILE && existsSync(path.join(root, ".env"))) {
  process.loadEnvFile(path.join(root, ".env"));
}

/** The Studio reads the site's project and dataset unless told otherwise. */
function studioEnv(extra = {}) {
  const env = { ...process.env };
  env.SANITY_STUDIO_PROJECT_ID ||= env.SANITY_PROJECT_ID ?? "";
  env.SANITY_STUDIO_DATASET ||= env.SANITY_DATASET ?? "";
  for (const name of ["SANITY_STUDIO_PROJECT_ID", "SANITY_STUDIO_DATASET"]) {
    if (!env[name]) delete env[name];
  }
  // Offline and quiet: no usage reports, no update checks.
  env.DO_NOT_TRACK = "1";
  env.NO_UPDATE_NOTIFIER = "1";
  return { ...env, ...extra };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The Studio without a project would start on a placeholder and fail in the browser: refuse here. */
function requireProject(env, command) {
  if (env.SANITY_STUDIO_PROJECT_ID) return;
  fail(
    `${command} needs a Sanity project: set SANITY_STUDIO_PROJECT_ID (or SANITY_PROJECT_ID) and SANITY_STUDIO_DATASET in .env. docs/content.md explains.`,
  );
}

function ensureInstalled() {
  if (existsSync(path.join(studioDir, "node_modules/.bin/sanity"))) return;
  console.log("Installing the Studio's dependencies (studio/, once)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
    cwd: studioDir,
    stdio: "inherit",
  });
  if (result.status !== 0) fail("Installing the Studio's dependencies failed (npm ci in studio/).");
}

function sanity(args, env = studioEnv()) {
  const bin = path.join(studioDir, "node_modules/.bin/sanity");
  const result = spawnSync(bin, args, { cwd: studioDir, stdio: "inherit", env });
  return result.status ?? 1;
}

/**
 * Builds the Studio into <BUILD_DIR>/client/studio (its static files) and puts
 * its index.html aside in <BUILD_DIR>/studio/, where the site's /studio route
 * serves it with the Studio's own CSP (app/lib/studio.server.ts).
 */
function build(flags) {
  const env = studioEnv();
  // The same folders as react-router.config.ts: Netlify's build goes to .netlify/build.
  const buildDir = path.resolve(
    root,
    process.env.BUILD_DIR ?? (flags.includes("--netlify") ? ".netlify/build" : "build"),
  );
  const out = path.join(buildDir, "client/studio");
  const page = path.join(buildDir, "studio/index.html");
  rmSync(path.dirname(page), { recursive: true, force: true });
  mkdirSync(path.dirname(page), { recursive: true });
  if (!env.SANITY_STUDIO_PROJECT_ID) {
    if (!flags.includes("--if-configured")) requireProject(env, "npm run studio:build");
    // No Studio in the build: /studio answers a 404 page that says how to add one
    // (app/lib/studio.server.ts), as the dev server does.
    rmSync(out, { recursive: true, force: true });
    rmSync(path.dirname(page), { recursive: true, force: true });
    console.log("No Sanity project set: /studio will explain how to set one up.");
    return 0;
  }
  ensureInstalled();
  const started = Date.now();
  const status = sanity(["build", out, "--yes"], env);
  if (status !== 0) return status;
  // Sanity's build links its icons and manifest at /static/ whatever the
  // basePath; they are in /studio/static/ beside the rest.
  const html = readFileSync(path.join(out, "index.html"), "utf8");
  writeFileSync(page, html.replace(/(href|src)="\/static\//g, '$1="/studio/static/'));
  rmSync(path.join(out, "index.html"));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`Studio built into ${path.relative(root, out)}/ in ${seconds} s.`);
  return 0;
}

function typegen(flags) {
  ensureInstalled();
  // The check never rewrites the committed file, which the browser tests' builds may be reading
  // (npm test runs it beside them): it generates a copy outside the project (where no lint, type
  // check or build can meet it half-written), compares, and removes it.
  const check = flags.includes("--check");
  const checkDir = check ? mkdtempSync(path.join(tmpdir(), "typegen-check-")) : null;
  const out = checkDir ? path.join(checkDir, "sanity.types.ts") : typesFile;
  const env = studioEnv({ SANITY_TYPEGEN_OUT: path.relative(studioDir, out) });
  try {
    // `--extracted`: studio/schema.json as `validate --schema` just wrote it, from the Studio it
    // had loaded anyway; loading it again is most of the time this takes.
    // Sanity CLI 7.11+ asks before overwriting schema.json, and refuses without a terminal.
    let status = flags.includes("--extracted")
      ? 0
      : sanity(["schema", "extract", "--path", "schema.json", "--force"], env);
    if (status === 0) status = sanity(["typegen", "generate"], env);
    if (status !== 0) return status;
    // Formatted like every other file, so the check compares like with like.
    const prettier = path.join(root, "node_modules/.bin/prettier");
    const config = ["--config", path.join(root, ".prettierrc.json")];
    if (existsSync(prettier))
      spawnSync(prettier, ["--write", "--log-level=warn", ...config, out], { stdio: "inherit" });
    if (check) {
      const committed = existsSync(typesFile) ? readFileSync(typesFile, "utf8") : null;
      if (readFileSync(out, "utf8") !== committed) {
        fail(
          "app/lib/content/sanity.types.ts is stale: the schema or a query changed. Run `npm run typegen` and commit the result.",
        );
      }
      console.log("app/lib/content/sanity.types.ts matches the schema and the queries.");
    }
    return 0;
  } finally {
    if (checkDir) rmSync(checkDir, { recursive: true, force: true });
  }
}

function validate(args) {
  ensureInstalled();
  const given = args.filter((arg) => !arg.startsWith("-"));
  const dirs = (given.length ? given : ["dataset"]).map((dir) => path.resolve(process.cwd(), dir));
  // `--schema`: also the Studio's schema into studio/schema.json, for `typegen --extracted`.
  const schema = args.includes("--schema") ? ["--schema", "schema.json"] : [];
  const result = spawnSync(process.execPath, ["scripts/validate-dataset.mjs", ...schema, ...dirs], {
    cwd: studioDir,
    stdio: "inherit",
    env: studioEnv({ CONTENT_VALIDATE_CWD: process.cwd() }),
  });
  return result.status ?? 1;
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "dev": {
    // Presentation previews the site's dev server unless told otherwise.
    const env = studioEnv({
      SANITY_STUDIO_PREVIEW_ORIGIN:
        process.env.SANITY_STUDIO_PREVIEW_ORIGIN || "http://localhost:3000",
    });
    requireProject(env, "npm run studio");
    ensureInstalled();
    // `npm run studio -- --port 3334` and any other flag of `sanity dev`.
    process.exit(sanity(["dev", ...rest], env));
    break;
  }
  case "build":
    process.exit(build(rest));
    break;
  case "install":
    ensureInstalled();
    break;
  case "deploy":
    ensureInstalled();
    process.exit(
      sanity(
        ["deploy", ...rest],
        studioEnv({ SANITY_STUDIO_BASEPATH: process.env.SANITY_STUDIO_BASEPATH || "/" }),
      ),
    );
    break;
  case "typegen":
    process.exit(typegen(rest));
    break;
  case "validate":
    process.exit(validate(rest));
    break;
  default:
    fail(
      "Usage: node scripts/studio.mjs dev [--port N] | build [--if-configured] | deploy | typegen [--check] [--extracted] | validate [--schema] [dir]",
    );
}
