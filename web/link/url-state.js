// URL state: what a link opens lives in the fragment, e.g.
//   index.html#board=8,6,7,2,5,4,3,0,1&goal=blank-last&size=3x3&algorithm=idastar&heuristic=pdb&step=12
//   index.html#board=1,2,3,4,5,6,0,7,8&step=2&view=analysis&moves=LRLL&notation=page (a game, analysed)
// This module reads and writes the fragment's structure and checks the form
// of each value (a number is a number). Whether a board or goal is valid is
// for Python to say; whether an algorithm exists is for the registry. Its notices' words are
// link-words.js's.

import * as words from "./link-words.js";

export const LINK_KEYS = ["board", "goal", "size", "algorithm", "heuristic", "weight", "step", "view", "hcode", "scode", "moves", "notation", "undos", "times", "replay", "metric", "assignment", "submission"];

// How long each field may be is Python's to say (npuzzle/webapi.py's LINK_LIMITS: a game's moves
// and times, a Slidysim replay, a person's heuristic (hcode) and search (scode) deflated in
// base64url, custom/code-link.js, as `packed`); a link is read before Python is loaded, so the
// build writes them into its constants module, and LinkState hands them in.

// What a link can open the page on besides the board: the comparison of every algorithm,
// the search tree of the chosen one as an outline or a diagram (its step then is the
// tree's expansion step), or the analysis of the game its moves= play from the board
// (its step then is the position shown), or every shortest solution of the board.
export const VIEWS = ["compare", "tree", "diagram", "analysis", "optimal"];

// The largest step a link may name (six digits: no solution, game or tree of the page is longer).
export const MAX_STEP = 999999;

// Returns {params: {...}, problems: [message, ...], refused: [key, ...]}. Bad parts are left out
// (`refused`: the link's keys whose value was refused, so that what depends on them is not
// opened without them). `limits`: Python's LINK_LIMITS, {moves, times, replay, packed, ...}.
export function readFragment(hash, limits) {
  const params = {};
  const problems = [];
  const refused = [];
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return { params, problems, refused };
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
      problems.push(words.garbled(part));
      continue;
    }
    if (!LINK_KEYS.includes(key)) {
      problems.push(words.unknownKey(key));
    } else if (key in params) {
      problems.push(words.twice(key));
    } else if (eq < 0 || value === "") {
      problems.push(words.noValue(key));
    } else {
      const problem = checkForm(key, value, limits);
      if (problem) {
        problems.push(problem);
        refused.push(key);
      } else params[key] = key === "step" ? Number(value) : value;
    }
  }
  return { params, problems, refused };
}

function checkForm(key, value, limits) {
  if (key === "step" && /^\d+$/.test(value) && !/^\d{1,6}$/.test(value)) {
    return words.badForm.stepTooLarge(value, MAX_STEP);
  }
  if (key === "step" && !/^\d{1,6}$/.test(value)) {
    return words.badForm.step(value);
  }
  // (Its range is the registry's, checked once Python's info is known: link-state.js.)
  if (key === "weight" && !(/^\d{1,7}(\.\d{1,7})?$/.test(value) && Number(value) >= 1)) {
    return words.badForm.weight(value);
  }
  if (key === "view" && !VIEWS.includes(value)) {
    return words.badForm.view(value, VIEWS);
  }
  if ((key === "hcode" || key === "scode") && !(value.length <= limits.packed && /^[A-Za-z0-9_-]+={0,2}$/.test(value))) {
    return words.badForm.code(key, limits.packed);
  }
  if (key === "size" && !/^\d{1,2}(x\d{1,2})?$/i.test(value)) {
    return words.badForm.size(value);
  }
  // A game's moves, notation and undos: their form only (whether they are moves, a notation
  // or an undos choice is Python's to say, naming what is wrong).
  if (key === "moves" && value.length > limits.moves) {
    return words.badForm.moves(limits.moves);
  }
  // A game's times (the gap before each move, in ms) and a Slidysim replay (its link or its r
  // value): their length and characters (what they say is Python's to read).
  if (key === "times" && !(value.length <= limits.times && /^\d{1,9}(,\d{1,9})*$/.test(value))) {
    return words.badForm.times();
  }
  // An assignment's or a submission's JSON, deflated in base64url (what it says is Python's to read).
  if ((key === "assignment" || key === "submission") && !(value.length <= (limits[key] ?? 0) && /^[A-Za-z0-9_-]+={0,2}$/.test(value))) {
    return words.badForm.packed(key, limits[key] ?? 0);
  }
  if (key === "replay" && value.length > limits.replay) {
    return words.badForm.replay(limits.replay);
  }
  if ((key === "notation" || key === "undos" || key === "metric") && !/^[a-z-]{1,20}$/i.test(value)) {
    return words.badForm.word(key, value);
  }
  return null;
}

// The fragment for a state; commas stay readable. Empty values are left out.
export function formatFragment(state) {
  const parts = [];
  for (const key of LINK_KEYS) {
    const value = state[key];
    if (value !== undefined && value !== null && value !== "") parts.push(`${key}=${encode(String(value))}`);
  }
  return `#${parts.join("&")}`;
}

function encode(value) {
  return encodeURIComponent(value).replace(/%2C/g, ",");
}
