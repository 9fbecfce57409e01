// The link's words: what is wrong with a link (its form, url-state.js; the names and values
// Python's registries do not know, link-state.js), and whether Copy link worked. A value a
// link gives is quoted shortened, as text (never markup).

export function shorten(text) {
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}

export const garbled = (part) => `The link has a garbled part (${shorten(part)}) that was ignored.`;
export const unknownKey = (key) => `The link has an unknown parameter "${shorten(key)}" that was ignored.`;
export const twice = (key) => `The link gives "${key}" twice; the first one is used.`;
export const noValue = (key) => `The link's "${key}" has no value.`;

// A value whose form is wrong (`key`: the link's key), with what the page does instead.
export const badForm = {
  step: (value) => `The link's step "${shorten(value)}" is not a whole number; the page opens at the start.`,
  stepTooLarge: (value, most) => `The link's step "${shorten(value)}" is too large (at most ${most.toLocaleString("en")}); the page opens at the start.`,
  weight: (value) => `The link's weight "${shorten(value)}" is not a number of at least 1; the default is used.`,
  view: (value, views) => `The link's view "${shorten(value)}" is not one of ${views.join(", ")}; the board is shown.`,
  packed: (key, most) => `The link's ${key} is not in the form a link carries it (base64url, at most ${most.toLocaleString("en")} characters): it was not opened.`,
  code: (key, most) => `The link's ${key === "hcode" ? "heuristic" : "search"} code is not in the form a link carries it (base64url, at most ${most.toLocaleString("en")} characters); the editor keeps its code.`,
  size: (value) => `The link's size "${shorten(value)}" is not like 4 or 3x5; the board's own size is used.`,
  moves: (most) => `The link's moves are longer than ${most.toLocaleString("en")} characters; they are left out, and no game is analysed.`,
  word: (key, value) => `The link's ${key} "${shorten(value)}" is not a word; the game is analysed without it.`,
  times: () => "The link's times are not gaps in whole milliseconds separated by commas (like 0,120,85); the game is analysed without them.",
  replay: (most) => `The link's replay is longer than ${most.toLocaleString("en")} characters; it is not opened.`,
};

// A game's other fields (notation, undos, times) in a link whose moves were refused, or in a
// link with no game (no moves, no view=analysis): they are left out.
export function withoutGame(keys, movesRefused) {
  const them = keys.join(", ");
  return movesRefused
    ? `The link's ${them} ${keys.length > 1 ? "go" : "goes"} with its moves, which were refused; ${keys.length > 1 ? "they are" : "it is"} left out${keys.includes("view") ? " (the board is shown)" : ""}.`
    : `The link gives ${them} but no moves (moves=) to go with ${keys.length > 1 ? "them" : "it"}; ${keys.length > 1 ? "they are" : "it is"} left out.`;
}

// A replay (replay=) in a link that also gives its own board or game: the replay's game is
// opened, in place of those (`keys`).
export function replayReplaces(keys) {
  return `The link gives a Slidysim replay and also its own ${keys.join(", ")}; the replay's scramble, moves and times are opened instead, and the link's ${keys.length > 1 ? "are" : "is"} left out.`;
}

// A link's step past the end of the game it opens for analysis (`moves` moves).
export function stepPastGame(wanted, moves) {
  return `The link's step ${wanted} is past the end of this ${moves}-move game; showing its last position.`;
}

// A name Python's registry does not have (`kind`: "algorithm" or "heuristic"; `names`: those it has).
export function unknownName(kind, name, names) {
  return `The link's ${kind} "${name}" is not one of ${names.join(", ")}; the default is used.`;
}

// A name the registry has that the link's board is not offered (a metric, an algorithm or a
// heuristic that does not apply to its size or goal).
export function notOffered(kind, name) {
  return `The link's ${kind} "${shorten(name)}" is not offered for this board (the ${kind[0].toUpperCase()}${kind.slice(1)} menu lists what is); the menu's choice is used.`;
}

// An option value (such as weight) outside its registry entry's range.
export function outOfRange(name, value, option) {
  return `The link's ${name} ${value} is not between ${option.minimum} and ${option.maximum}; the default is used.`;
}

// A step past the end of what the link opens on (a solution of `length` moves, or a search
// tree of `length` expansions).
export function stepPastEnd(wanted, length, tree) {
  return tree
    ? `The link's step ${wanted} is past this search tree's ${length} expansions; showing the last.`
    : `The link's step ${wanted} is past the end of this ${length}-move solution; showing the end.`;
}

export const COPIED = "Link copied.";

export function copyByHand(href) {
  return `Copy this link from the address bar: ${href}`;
}

// What a link opens besides its board (its `view`, a `game` to analyse, a `step`), said at the
// top of the page; "" for a link that carries a board alone. (Code it carries has its own
// notice, with Run: code-words.js's linkConsent.)
export function carries({ view = null, game = false, step = null, replay = false }) {
  if (replay) return "This link opens a Slidysim replay: its solve analysed move by move, with its time.";
  const at = step === null ? "" : game || view === "analysis" ? `, at move ${step}`
    : view === "tree" || view === "diagram" ? `, at expansion ${step}` : "";
  const opens = game || view === "analysis" ? "a game to analyse move by move"
    : view === "compare" ? "a comparison of every algorithm on this board"
      : view === "optimal" ? "every shortest solution of this board"
      : view === "tree" ? "the search tree of this board"
        : view === "diagram" ? "the search tree of this board, drawn as boards"
          : step !== null ? `the solution at step ${step}` : "";
  return opens ? `This link opens ${opens}${at}.` : "";
}
