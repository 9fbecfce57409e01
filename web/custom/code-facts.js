// What a person's code holds that reading it may miss: the characters that draw as nothing, or
// that change the direction of the text after them, so that the code reads differently from how
// Python runs it ("Trojan Source", CVE-2021-42574: a right-to-left override in a comment or a
// string shows `return 0` where Python returns something else); and its length in lines. The
// consent notice of a link's code says both before Run (code-words.js), the editor draws each
// such character as a red mark naming its code point (editor-entry.js), and the plain text area
// shown before the editor has loaded shows it written out (code-view.js).
//
// codeFacts(text) -> {lines, hidden: ["U+202E", ...] (each once, as first met), count}.

// Every control character but tab and the line breaks (Cc); every format character (Cf: the
// direction embeddings, overrides, isolates and marks, zero-width spaces and joiners, the soft
// hyphen, the byte order mark, the word joiner and invisible operators, the tag characters); the
// line and paragraph separators (Python does not end a line there, a browser may); and the
// characters that draw as blank letters or as nothing and are no format characters: the
// combining grapheme joiner, the Hangul fillers (U+3164 is a letter Python takes in a name), the
// Khmer inherent vowels, the Mongolian variation selectors, the Braille pattern blank (a red team's:
// `'a\u2800b'` reads as `'a b'`), the variation selectors and the object replacement character. CodeMirror's own list (highlightSpecialChars' default) is a part of this.
export const HIDDEN_CHARS = "(?![\\t\\n\\r])[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\u034f\\u115f\\u1160\\u17b4\\u17b5" +
  "\\u180b-\\u180f\\u2800\\u3164\\ufe00-\\ufe0f\\uffa0\\ufffc\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}]";

const LINE_BREAK = /\r\n|\r|\n/; // Python's (universal newlines), and CodeMirror's

// `code` (a code point) as Unicode writes it: "U+202E".
export function codePoint(code) {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

const NAMES = {
  0x00ad: "soft hyphen", 0x034f: "combining grapheme joiner", 0x061c: "Arabic letter mark",
  0x115f: "Hangul choseong filler", 0x1160: "Hangul jungseong filler", 0x17b4: "Khmer vowel inherent AQ",
  0x17b5: "Khmer vowel inherent AA", 0x180e: "Mongolian vowel separator", 0x200b: "zero width space",
  0x200c: "zero width non-joiner", 0x200d: "zero width joiner", 0x200e: "left-to-right mark", 0x200f: "right-to-left mark",
  0x2028: "line separator", 0x2800: "Braille pattern blank", 0x2029: "paragraph separator", 0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding", 0x202c: "pop directional formatting", 0x202d: "left-to-right override",
  0x202e: "right-to-left override", 0x2060: "word joiner", 0x2061: "function application", 0x2062: "invisible times",
  0x2063: "invisible separator", 0x2064: "invisible plus", 0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate", 0x2068: "first strong isolate", 0x2069: "pop directional isolate",
  0x3164: "Hangul filler", 0xfeff: "zero width no-break space (byte order mark)", 0xffa0: "halfwidth Hangul filler",
  0xfffc: "object replacement character",
};

// What the character `code` is, for a mark's title: "U+202E right-to-left override".
export function hiddenName(code) {
  const name = NAMES[code] ?? (
    (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef) || (code >= 0x180b && code <= 0x180f) ? "variation selector"
      : code >= 0xe0000 && code <= 0xe007f ? "tag character"
        : /\p{Cc}/u.test(String.fromCodePoint(code)) ? "control character" : "invisible format character");
  return `${codePoint(code)} ${name}`;
}

export function codeFacts(text) {
  const breaks = text.split(LINE_BREAK);
  const lines = breaks.length - (breaks[breaks.length - 1] === "" ? 1 : 0); // a last line break ends a line, it starts none
  const hidden = new Set();
  let count = 0;
  for (const [char] of text.matchAll(new RegExp(HIDDEN_CHARS, "gu"))) {
    hidden.add(codePoint(char.codePointAt(0)));
    count++;
  }
  return { lines, hidden: [...hidden], count };
}

// `text` with each hidden character written out in its place ("<U+202E>"), for a plain text area,
// which draws them as nothing.
export function escapeHidden(text) {
  return text.replace(new RegExp(HIDDEN_CHARS, "gu"), (char) => `<${codePoint(char.codePointAt(0))}>`);
}
