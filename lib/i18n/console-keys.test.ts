import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every key the console's code asks for exists in English (messages.test.ts then holds every other
 * language to English's keys). Found statically: a translator bound from `useTranslations("console.x")`,
 * `consoleTranslator("console.x")`, `consoleTranslatorIn(locale, "console.x")` or
 * `createTranslator({ namespace: "console.x" })`, then called as
 * `t("key")`, `t.rich("key")`, `t.markup("key")` or `t.has("key")`; a template key (`t(`kind.${kind}`)`)
 * must name an existing group by its fixed start.
 */

const ROOT = process.cwd();
type Messages = { [key: string]: string | Messages };

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function englishOf(part: string): Messages | undefined {
  const file = path.join(ROOT, "messages", "console", part, "en.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Messages) : undefined;
}

function lookup(messages: Messages | undefined, key: string): string | Messages | undefined {
  let node: string | Messages | undefined = messages;
  for (const step of key ? key.split(".") : []) node = node && typeof node === "object" ? node[step] : undefined;
  return node;
}

/** The namespace a translator is made for, when the call makes one. */
function namespaceOf(call: ts.Expression): string | undefined {
  const inner = ts.isAwaitExpression(call) ? call.expression : call;
  if (!ts.isCallExpression(inner)) return undefined;
  const callee = inner.expression.getText();
  const [first] = inner.arguments;
  if ((callee === "useTranslations" || callee === "consoleTranslator") && first && ts.isStringLiteral(first)) return first.text;
  if (callee === "consoleTranslatorIn" && inner.arguments[1] && ts.isStringLiteral(inner.arguments[1])) return inner.arguments[1].text;
  if (callee === "createTranslator" && first && ts.isObjectLiteralExpression(first)) {
    for (const property of first.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === "namespace" && ts.isStringLiteral(property.initializer)) return property.initializer.text;
    }
  }
  return undefined;
}

interface KeyUse {
  file: string;
  namespace: string;
  key: string;
  /** A template key: only its fixed start is known. */
  prefix: boolean;
}

function keyUses(file: string): KeyUse[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const translators = new Map<string, string>();
  const uses: KeyUse[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const namespace = namespaceOf(node.initializer);
      if (namespace?.startsWith("console.")) translators.set(node.name.text, namespace);
    }
    if (ts.isVariableDeclaration(node) && ts.isArrayBindingPattern(node.name) && node.initializer && ts.isAwaitExpression(node.initializer)) {
      // const [a, t] = await Promise.all([..., consoleTranslator("console.x")])
      const all = node.initializer.expression;
      if (ts.isCallExpression(all) && all.arguments[0] && ts.isArrayLiteralExpression(all.arguments[0])) {
        all.arguments[0].elements.forEach((element, index) => {
          const binding = (node.name as ts.ArrayBindingPattern).elements[index];
          const namespace = namespaceOf(element);
          if (namespace?.startsWith("console.") && binding && ts.isBindingElement(binding) && ts.isIdentifier(binding.name)) translators.set(binding.name.text, namespace);
        });
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && ["rich", "markup", "has", "raw"].includes(callee.name.text) ? callee.expression.text : undefined;
      const namespace = name ? translators.get(name) : undefined;
      const [key] = node.arguments;
      if (namespace && key) {
        if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) uses.push({ file, namespace, key: key.text, prefix: false });
        else if (ts.isTemplateExpression(key)) uses.push({ file, namespace, key: key.head.text, prefix: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const uses = ["app", "components", "lib/console"].flatMap(sourceFiles).flatMap(keyUses);

describe("the console's message keys", () => {
  it("are found in the code (the scan works)", () => {
    expect(uses.length).toBeGreaterThan(10);
  });

  it("each exist in English", () => {
    const missing = uses.filter(({ namespace, key, prefix }) => {
      const [, part, ...rest] = namespace.split(".");
      const messages = lookup(englishOf(part!), rest.join("."));
      if (prefix) {
        const start = key.replace(/\.$/, "");
        return start ? typeof lookup(messages as Messages, start) !== "object" : typeof messages !== "object";
      }
      return typeof lookup(messages as Messages, key) !== "string";
    });
    expect(missing.map(({ file, namespace, key }) => `${file}: ${namespace}.${key}`)).toEqual([]);
  });
});
