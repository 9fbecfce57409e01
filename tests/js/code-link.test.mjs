// A person's code in a link (web/custom/code-link.js): it comes back as it went, whatever
// characters it holds; a garbled or oversized one is refused with the reason.
import test from "node:test";
import assert from "node:assert/strict";

import { pack, unpack } from "../../web/custom/code-link.js";
import { pythonInfo } from "./python-info.mjs";

const MAX_CODE = pythonInfo().link.code; // Python's cap on a program's text

test("code comes back from its link form as it went, in the fragment's characters", async () => {
  for (const text of ["def h(tiles, goal, rows, cols):\n    return 0\n", "# é ü 中文 🙂\n", "", "x = '\\u0000'\n".repeat(500)]) {
    const packed = await pack(text);
    assert.match(packed, /^[A-Za-z0-9_-]*$/);
    assert.equal(await unpack(packed, MAX_CODE), text);
  }
});

test("a garbled link form, or one that unpacks past the limit, is refused with why", async () => {
  await assert.rejects(unpack("%%%", MAX_CODE), /not base64url/);
  await assert.rejects(unpack("AAAA", MAX_CODE), /not compressed code/);
  assert.equal((await unpack(await pack("#".repeat(MAX_CODE)), MAX_CODE)).length, MAX_CODE);
  await assert.rejects(unpack(await pack("#".repeat(MAX_CODE + 1)), MAX_CODE), new RegExp(`more than ${MAX_CODE.toLocaleString("en")} characters`));
  const packed = await pack("\u{1F600}".repeat(MAX_CODE / 2)); // the longest code, of the widest characters
  assert.ok(packed.length <= pythonInfo().link.packed, "a link carries the longest code Python reads, packed");
});

// Raw deflate of `bytes`, in base64url (as a link carries code), without going through text.
async function packBytes(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  return Buffer.from(packed).toString("base64url");
}

test("code that is not UTF-8, not deflate, or past the cap is refused with its own reason", async () => {
  const notUtf8 = Uint8Array.from([...Buffer.from("def h(t,g,r,c):\n    return 0 # "), 0xff, 0xfe, 10]);
  await assert.rejects(unpack(await packBytes(notUtf8), MAX_CODE), /it unpacks to bytes that are not UTF-8 text$/);
  const hello = Buffer.from("hello world").toString("base64url"); // base64url, not deflate data
  await assert.rejects(unpack(hello, MAX_CODE), /it is base64url but not compressed code: its bytes are not deflate data/);
  await assert.rejects(unpack(`${hello}=`, MAX_CODE), /not deflate data/); // with its padding: still base64url
  const bomb = await packBytes(Buffer.from(`def h(t,g,r,c):\n    return 0\n${"#".repeat(1 << 20)}`));
  assert.ok(bomb.length < 5000);
  await assert.rejects(unpack(bomb, MAX_CODE), new RegExp(`more than ${MAX_CODE.toLocaleString("en")} characters, the longest code the page reads`));
});
