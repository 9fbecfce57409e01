// What a link's code holds that reading it may miss (web/custom/code-facts.js) and how the consent
// notice says it (code-words.js linkConsent): its length in lines as Python counts them, and each
// invisible or direction-changing character ("Trojan Source"), tab and the line breaks aside.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { HIDDEN_CHARS, codeFacts, codePoint, escapeHidden, hiddenName } from "../../web/custom/code-facts.js";
import { linkConsent } from "../../web/custom/code-words.js";

// A comment that reads "# is the user an admin?" followed by `return 0` in a browser that
// honours the override, while Python sees one comment line with "0 nruter" in it.
const TROJAN = "def h(tiles, goal, rows, cols):\n    # check\u202e \u2066return 0\u2069\u2066 \n    return sum(t != g for t, g in zip(tiles, goal) if t)\u200b\n";

test("a code's lines are Python's: a last line break ends a line, \\r and \\r\\n break lines too", () => {
  assert.equal(codeFacts("").lines, 0);
  assert.equal(codeFacts("x = 1").lines, 1);
  assert.equal(codeFacts("x = 1\n").lines, 1);
  assert.equal(codeFacts("x = 1\ny = 2").lines, 2);
  assert.equal(codeFacts("x = 1\r\ny = 2\rz = 3\n").lines, 3);
  assert.equal(codeFacts("\n\n").lines, 2);
  assert.equal(codeFacts("# \u2028 is no line break for Python\n").lines, 1);
  assert.equal(codeFacts(TROJAN).lines, 3);
});

test("every invisible or direction-changing character is found, each code point named once, in the order met", () => {
  assert.deepEqual(codeFacts(TROJAN), { lines: 3, hidden: ["U+202E", "U+2066", "U+2069", "U+200B"], count: 5 });
  const hidden = [
    0x0000, 0x0007, 0x000b, 0x000c, 0x001b, 0x007f, 0x0085, 0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b,
    0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060,
    0x2061, 0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206a, 0x206f, 0x3164, 0xfe00, 0xfe0f, 0xfeff,
    0xffa0, 0xfff9, 0xfffb, 0xfffc, 0xe0001, 0xe0020, 0xe0041, 0xe007f, 0xe0100, 0xe01ef,
  ];
  for (const code of hidden) {
    const char = String.fromCodePoint(code);
    assert.deepEqual(codeFacts(`a = "${char}"\n`), { lines: 1, hidden: [codePoint(code)], count: 1 }, codePoint(code));
  }
  // What Python needs and what anyone sees: tab, the line breaks, spaces, letters of any script.
  for (const text of ["\tx = 1\r\n", "x = 'é ü 中文 🙂 שלום مرحبا'\n", "a\u00a0b\u3000c\n", "x = '\\u202e'\n"]) {
    assert.deepEqual(codeFacts(text).hidden, [], JSON.stringify(text));
  }
  assert.equal(codePoint(0x9), "U+0009");
  assert.equal(codePoint(0xe0041), "U+E0041");
});

test("CodeMirror's own special characters are among them, but the line breaks", () => {
  // @codemirror/view's highlightSpecialChars default, read from the installed package.
  const view = readFileSync(new URL("../../node_modules/@codemirror/view/dist/index.js", import.meta.url), "utf8");
  const [, source] = view.match(/const Specials = \/\*@__PURE__\*\/new RegExp\(("[^"]*")/);
  const defaults = new RegExp(JSON.parse(source), "u");
  const ours = new RegExp(`^${HIDDEN_CHARS}$`, "u");
  let shared = 0;
  for (let code = 0; code < 0x10000; code++) {
    const char = String.fromCodePoint(code);
    if (!defaults.test(char) || char === "\n" || char === "\r") continue;
    assert.ok(ours.test(char), codePoint(code));
    shared++;
  }
  assert.ok(shared > 60, `${shared} of CodeMirror's`);
});

test("a hidden character is written out for a text area, and named for a mark's title", () => {
  assert.equal(escapeHidden("a\u202eb\u200bc\td\n"), "a<U+202E>b<U+200B>c\td\n");
  assert.equal(escapeHidden("plain\n"), "plain\n");
  assert.equal(hiddenName(0x202e), "U+202E right-to-left override");
  assert.equal(hiddenName(0xfe0f), "U+FE0F variation selector");
  assert.equal(hiddenName(0xe0041), "U+E0041 tag character");
  assert.equal(hiddenName(0x1b), "U+001B control character");
  assert.equal(hiddenName(0x206a), "U+206A invisible format character");
});

test("the consent notice says each part's length and which hidden characters it holds", () => {
  const { text, about } = linkConsent([{ which: "heuristic", code: TROJAN }]);
  assert.equal(text, "This link carries a heuristic of 3 lines written by someone else. It has not run: read it under Your code, then press Run to use it. Until then the menus offer the site's own algorithms and heuristics.");
  assert.equal(about.note, "The heuristic holds 5 invisible or direction-changing characters (U+202E, U+2066, U+2069, U+200B), each marked in the code by its code point.");
  assert.deepEqual({ ...about, note: undefined }, { lines: { heuristic: 3 }, hidden: ["U+202E", "U+2066", "U+2069", "U+200B"], count: 5, note: undefined });

  const both = linkConsent([{ which: "heuristic", code: "x = 1" }, { which: "search", code: "# \u202e\n" }]);
  assert.equal(both.text, "This link carries a heuristic of 1 line and a search of 1 line written by someone else. It has not run: read it under Your code, then press Run to use it. Until then the menus offer the site's own algorithms and heuristics.");
  assert.equal(both.about.note, "The search holds 1 invisible or direction-changing character (U+202E), marked in the code by its code point.");
  const two = linkConsent([{ which: "heuristic", code: "\u200b\n" }, { which: "search", code: "\u2066\u2069\n" }]);
  assert.equal(two.about.note, "The heuristic holds 1 invisible or direction-changing character (U+200B), the search 2 (U+2066, U+2069), each marked in the code by its code point.");
  assert.equal(linkConsent([{ which: "search", code: "def search(problem):\n    return None\n" }]).about.note, "");
  // A flood of tag characters is counted in full and named up to 8.
  const tags = Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0xe0041 + i)).join("");
  assert.match(linkConsent([{ which: "heuristic", code: tags }]).about.note, /holds 20 .* \(U\+E0041, .*, U\+E0048 and 12 more\)/);
});
