// formatCount (web/common/wording.js) writes a whole number as toLocaleString("en") does (the
// oracle: the engine's own locale data), without using it; anything else is the engine's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatCount } from "../../web/common/wording.js";

test("whole numbers are grouped by thousands as the English locale groups them", () => {
  const values = [0, 7, -7, 999, 1000, -1000, 12345, 999999, 1000000, 1234567, -1234567, 2 ** 31, Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER];
  for (let n = 1; n < 1e15; n = n * 10 + (n % 7)) values.push(n, n + 1, -n);
  assert.ok(values.length > 40);
  for (const n of values) assert.equal(formatCount(n), n.toLocaleString("en"), String(n));
});

test("what is not a safe whole number is the engine's to write", () => {
  for (const n of [-0, 1.5, 1234.5678, -0.25, 2 ** 60, 1e21, Infinity, NaN]) assert.equal(formatCount(n), n.toLocaleString("en"));
});
