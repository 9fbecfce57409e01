// Every module of the assignment panel loads (its syntax), and every element its views and input
// name by id is in index.html, once: a misspelt id fails here, not in a browser.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import test from "node:test";

const root = new URL("../../", import.meta.url);
const html = readFileSync(new URL("index.html", root), "utf8");

test("the assignment panel's ids are index.html's, each once", () => {
  const folder = new URL("web/assign/", root);
  const named = new Set();
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".js"))) {
    const source = readFileSync(new URL(file, folder), "utf8");
    for (const [, id] of source.matchAll(/(?:byId|getElementById)\("([a-z0-9-]+)"\)/g)) named.add(id);
  }
  assert.ok(named.size > 30, `${named.size} ids named`);
  for (const id of named) {
    const count = html.split(`id="${id}"`).length - 1;
    assert.equal(count, 1, `id "${id}" is in index.html ${count} times`);
  }
});

test("every module of the assignment panel loads", async () => {
  const folder = new URL("web/assign/", root);
  const files = readdirSync(folder).filter((f) => f.endsWith(".js"));
  assert.ok(files.length >= 7);
  for (const file of files) await import(new URL(file, folder).href);
});
