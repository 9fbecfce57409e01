// URL state: the board and goal live in the fragment, e.g.
//   index.html#board=8,6,7,2,5,4,3,0,1&goal=blank-last
// This module only reads and writes the fragment's key/value structure; what
// the values mean (is it a valid board?) is for Python to say.

export const LINK_KEYS = ["board", "goal", "size"];

// Returns {params: {board?, goal?, size?}, problems: [message, ...]}.
export function readFragment(hash) {
  const params = {};
  const problems = [];
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return { params, problems };
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? "" : part.slice(eq + 1);
    let key;
    let value;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      value = decodeURIComponent(rawValue.replace(/\+/g, " "));
    } catch {
      problems.push(`The link has a garbled part (${shorten(part)}) that was ignored.`);
      continue;
    }
    if (!LINK_KEYS.includes(key)) {
      problems.push(`The link has an unknown parameter "${shorten(key)}" that was ignored.`);
    } else if (key in params) {
      problems.push(`The link gives "${key}" twice; the first one is used.`);
    } else if (eq < 0 || value === "") {
      problems.push(`The link's "${key}" has no value.`);
    } else {
      params[key] = value;
    }
  }
  return { params, problems };
}

// The fragment for a state; commas stay readable.
export function formatFragment({ board, goal, size }) {
  const parts = [];
  if (board) parts.push(`board=${encode(board)}`);
  if (goal) parts.push(`goal=${encode(goal)}`);
  if (size) parts.push(`size=${encode(size)}`);
  return `#${parts.join("&")}`;
}

function encode(value) {
  return encodeURIComponent(value).replace(/%2C/g, ",");
}

function shorten(text) {
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}
