// The memory snapshot made whole again (web/solver/snapshot.js) from build.py's sparse form: the
// pages kept go back where they were, the rest is zeros; anything else is refused. The mark it
// starts with is the build's (the worker passes SNAPSHOT_MAGIC from the constants module;
// tests/test_sitebuild.py reads Python's own sparse snapshot with it).
import assert from "node:assert/strict";
import { test } from "node:test";

import { whole } from "../../web/solver/snapshot.js";

const MAGIC = "NPSS"; // sitebuild/snapshot.py's SNAPSHOT_MAGIC, as the constants module exports it

// build.py's `sparse`, written again here for the test: the mark, page size, length, count, numbers, pages.
function sparse(bytes, page) {
  const kept = [];
  for (let i = 0; i < bytes.length; i += page) if (bytes.subarray(i, i + page).some((b) => b !== 0)) kept.push(i / page);
  const pages = kept.map((k) => bytes.subarray(k * page, (k + 1) * page));
  const out = new Uint8Array(16 + 4 * kept.length + pages.reduce((n, p) => n + p.length, 0));
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC));
  view.setUint32(4, page, true);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, kept.length, true);
  kept.forEach((k, i) => view.setUint32(16 + 4 * i, k, true));
  let at = 16 + 4 * kept.length;
  for (const p of pages) { out.set(p, at); at += p.length; }
  return out;
}

test("the pages kept go back where they were, between zeros, a short last page included", () => {
  const bytes = new Uint8Array(4096 * 5 + 144);
  bytes[3] = 7; bytes[4096 * 2 + 100] = 9; bytes[bytes.length - 1] = 5;
  const packed = sparse(bytes, 4096);
  assert.equal(packed.length, 16 + 4 * 3 + 4096 * 2 + 144);
  assert.deepEqual(whole(packed, MAGIC), bytes);
});

test("anything else is refused: another file, cut short, a page past the end, too long", () => {
  const bytes = new Uint8Array(4096 * 3);
  bytes[5000] = 1;
  const packed = sparse(bytes, 4096);
  assert.throws(() => whole(new Uint8Array(1000), MAGIC), /not a snapshot/);
  assert.throws(() => whole(packed.subarray(0, packed.length - 1), MAGIC), /cut short/);
  assert.throws(() => whole(packed.subarray(0, 10), MAGIC), /not a snapshot/);
  const past = packed.slice();
  new DataView(past.buffer).setUint32(16, 9, true);
  assert.throws(() => whole(past, MAGIC), /past its end/);
  const longer = new Uint8Array(packed.length + 1);
  longer.set(packed);
  assert.throws(() => whole(longer, MAGIC), /longer/);
  assert.throws(() => whole(packed, "NPSX"), /not a snapshot/, "another build's mark");
});
