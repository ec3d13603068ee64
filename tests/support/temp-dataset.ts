import { cp, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { IMAGE_FACTS_FILE } from "../../app/lib/content/image-facts.server";

/**
 * A writable copy of a dataset (documents and image facts copied, media linked), so a test can
 * edit content the way an editor's publish would. The image facts come along as a clone has
 * them: without them each server on the copy decodes every image before its first answer.
 */
export async function copyDataset(source: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "dataset-copy-"));
  await cp(path.join(source, "data.ndjson"), path.join(dir, "data.ndjson"));
  await cp(path.join(source, IMAGE_FACTS_FILE), path.join(dir, IMAGE_FACTS_FILE)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    },
  );
  for (const folder of ["images", "videos"]) {
    await symlink(path.join(source, folder), path.join(dir, folder)).catch(() => undefined);
  }
  return {
    dir,
    /** Rewrites one document, as a publish in the Studio would. */
    async edit(id: string, change: (doc: Record<string, unknown>) => Record<string, unknown>) {
      const file = path.join(dir, "data.ndjson");
      const lines = (await readFile(file, "utf8")).split("\n").filter(Boolean);
      const next = lines.map((line) => {
        const doc = JSON.parse(line) as Record<string, unknown>;
        return doc._id === id ? JSON.stringify(change(doc)) : line;
      });
      await writeFile(file, `${next.join("\n")}\n`);
    },
    /** Adds a document, as a first publish in the Studio would. */
    async add(doc: Record<string, unknown>) {
      const file = path.join(dir, "data.ndjson");
      const text = await readFile(file, "utf8");
      await writeFile(file, `${text.trimEnd()}\n${JSON.stringify(doc)}\n`);
    },
  };
}
