// A person's code in a link (web/custom/code-link.js): it comes back as it went, whatever
// characters it holds; a garbled or oversized one is refused with the reason.
import test from "node:test";
import assert from "node:assert/strict";

import { MAX_CODE, pack, unpack } from "../../web/custom/code-link.js";

test("code comes back from its link form as it went, in the fragment's characters", async () => {
  for (const text of ["def h(tiles, goal, rows, cols):\n    return 0\n", "# é ü 中文 🙂\n", "", "x = '\\u0000'\n".repeat(500)]) {
    const packed = await pack(text);
    assert.match(packed, /^[A-Za-z0-9_-]*$/);
    assert.equal(await unpack(packed), text);
  }
});

test("a garbled link form, or one that unpacks past the limit, is refused with why", async () => {
  await assert.rejects(unpack("%%%"), /not base64url/);
  await assert.rejects(unpack("AAAA"), /not compressed code/);
  await assert.rejects(unpack(await pack("#".repeat(MAX_CODE + 1))), /more than 100,000 characters/);
});
