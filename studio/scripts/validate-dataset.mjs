// `npm run content:validate -- [--schema file] [dir...]` (through scripts/studio.mjs): checks
// dataset folders in `sanity dataset import` layout against this Studio's
// schema, offline. The checking runs in validate-dataset.worker.ts under the
// Sanity CLI's Studio loader (loaded once for every folder); this prints one
// line per problem, `<_id> <path>: <message>`, and exits 1 when there is any.
// `--schema file` also writes the schema there, as `sanity schema extract` would.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { studioWorkerTask } from "@sanity/cli-core";

const studioRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const schemaAt = args.indexOf("--schema");
const schemaFile = schemaAt === -1 ? null : path.resolve(args.splice(schemaAt, 2)[1] ?? "");
const dirs = (args.length ? args : [path.join(studioRoot, "../dataset")]).map((dir) =>
  path.resolve(dir),
);

const result = await studioWorkerTask(new URL("./validate-dataset.worker.ts", import.meta.url), {
  studioRootPath: studioRoot,
  workerData: { dirs, withSchema: schemaFile !== null },
}).catch((error) => ({ type: "error", error: error?.message ?? String(error) }));

if (result.type !== "reports") {
  console.error(`content:validate could not run: ${result.error}`);
  process.exit(2);
}
if (schemaFile) {
  mkdirSync(path.dirname(schemaFile), { recursive: true });
  writeFileSync(schemaFile, `${JSON.stringify(result.schema, null, 2)}\n`);
}
let failed = false;
for (const { dir, problems, documents } of result.reports) {
  const where = path.relative(process.env.CONTENT_VALIDATE_CWD ?? process.cwd(), dir) || ".";
  for (const problem of problems) {
    const warning = problem.level === "error" ? "" : " (warning)";
    console.log(`${where}: ${problem.id} ${problem.path}: ${problem.message}${warning}`);
  }
  const errors = problems.filter((problem) => problem.level === "error").length;
  if (errors) {
    failed = true;
    console.log(`${where}: ${errors} problem${errors === 1 ? "" : "s"} in ${documents} documents.`);
  } else {
    console.log(`${where}: ${documents} documents match the Studio's schema.`);
  }
}
process.exit(failed ? 1 : 0);
