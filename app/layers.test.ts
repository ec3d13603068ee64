import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layers of app/ (eslint.config.js): routes and root.tsx, components, hooks, lib, from the
// top; a layer imports only those below it, statically or by `import()`.
const eslint = new ESLint();

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.map((message) => `${message.line}:${message.ruleId}`);
}

describe("the app's layers", () => {
  // Loading the config and its plugins is the slow part: once, with room on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile("app/root.tsx"), 120_000);

  it("keep lib from importing a hook, a component, a route or the root", async () => {
    const code = [
      'import { useLatest } from "~/hooks/useLatest";',
      'import { Link } from "../../components/Link";',
      'export const load = () => import("~/routes/culture");',
      'export { links } from "~/root";',
      "export { useLatest, Link };",
    ].join("\n");
    expect(await problems("app/lib/media/example.ts", code)).toEqual([
      "1:no-restricted-imports",
      "2:no-restricted-imports",
      "3:no-restricted-syntax",
      "4:no-restricted-imports",
    ]);
  });

  it("keep hooks from loading a component, even on demand", async () => {
    const code = 'export const load = () => import("~/components/LiveContent");';
    expect(await problems("app/hooks/useExample.ts", code)).toEqual(["1:no-restricted-syntax"]);
  });

  it("keep components from importing a route", async () => {
    const code = 'export { loader } from "~/routes/culture";';
    expect(await problems("app/components/Example.tsx", code)).toEqual(["1:no-restricted-imports"]);
  });

  it("let each layer import the ones below it, and its own", async () => {
    const files = {
      "app/routes/example.tsx": '"~/components/Link", "~/hooks/useLatest", "~/lib/site"',
      "app/components/Example.tsx": '"./Link", "~/hooks/useLatest", "~/lib/site"',
      "app/hooks/useExample.ts": '"./useLatest", "~/lib/site"',
      "app/lib/media/example.ts": '"../site", "~/lib/live/config", "./video"',
    };
    for (const [file, modules] of Object.entries(files)) {
      const code = JSON.parse(`[${modules}]`)
        .map((module: string, i: number) => `export * as m${i} from "${module}";`)
        .join("\n");
      expect(await problems(file, code), file).toEqual([]);
    }
  });

  it("still send every link through the one link component", async () => {
    const code = 'export { Link } from "react-router";';
    expect(await problems("app/lib/example.ts", code)).toEqual(["1:no-restricted-imports"]);
    expect(await problems("app/components/Link.tsx", code)).toEqual([]);
  });
});
