import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const pages = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  for (const [, heading] of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Links to this repository's files: `[text](target)` that are not URLs, without code spans. */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/.test(target));
}

describe("README.md and docs/", () => {
  it("link only to pages and headings that exist", () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const target of relativeLinks(fs.readFileSync(path.join(root, page), "utf8"))) {
        const [file, anchor] = target.split("#");
        const linked = file === "" ? page : path.posix.join(path.posix.dirname(page), file);
        if (!fs.existsSync(path.join(root, linked))) {
          broken.push(`${page}: ${target} (no file ${linked})`);
          continue;
        }
        if (anchor !== undefined && !headingAnchors(fs.readFileSync(path.join(root, linked), "utf8")).has(anchor)) {
          broken.push(`${page}: ${target} (no heading #${anchor} in ${linked})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("link every docs page from the README", () => {
    const linked = new Set(relativeLinks(fs.readFileSync(path.join(root, "README.md"), "utf8")).map((target) => target.split("#")[0]));
    expect(pages.filter((page) => page !== "README.md" && !linked.has(page))).toEqual([]);
  });

  it("describe every setting of .env.example in the settings table of docs/operations.md", () => {
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    const settings = [...example.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(settings).toContain("DATABASE_URL");
    const operations = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");
    const described = new Set([...operations.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]));
    expect(settings.filter((name) => !described.has(name))).toEqual([]);
  });
});
