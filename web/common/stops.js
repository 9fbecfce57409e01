// Why a job stopped early, in the page's words: the one place the page words the values of an
// answer's `stopped` key (Python's StopReason early stops, npuzzle/search/result.py: "node-limit",
// "time-limit", "cancelled"). The values are Python's: the page gets them from `info`
// (`stop_reasons`), and every feature that says why a search, a check, an analysis or a shortening
// stopped asks `stoppedBy` here, each with its own way of saying who cancelled (a parameter, not
// a map of its own). Python words the same values once too (StopReason.stopped_by).
// tests/js/stops.test.mjs and tests/test_stops.py fail when the two sides disagree on a value.

// The limits by value; a cancel is worded by its caller's `cancelled`.
export const NODE_LIMIT = "node-limit";
const LIMITS = { [NODE_LIMIT]: "node limit", "time-limit": "time limit" };
const CANCELLED = "cancelled";

// Every value this module words (those of info.stop_reasons, when both sides agree).
export const WORDED = [...Object.keys(LIMITS), CANCELLED];

// What follows "stopped by": "the node limit", "the time limit", or, for a cancel, who cancelled
// (`cancelled`: "you" by default; the speed panel's "Stop"); `short`: a table cell's "node limit",
// "time limit", "cancelled". null for a value that is not an early stop (null, "solved", ...).
export function stoppedBy(stopped, { cancelled = "you", short = false } = {}) {
  if (stopped === CANCELLED) return short ? CANCELLED : cancelled;
  if (!Object.hasOwn(LIMITS, stopped)) return null;
  return short ? LIMITS[stopped] : `the ${LIMITS[stopped]}`;
}

// Whether `stopped` is a cancel (not a limit).
export function wasCancelled(stopped) {
  return stopped === CANCELLED;
}

// The values of Python's `info.stop_reasons` this module has no words for (none when both sides
// agree).
export function unworded(info) {
  return (info.stop_reasons || []).filter((value) => stoppedBy(value) === null);
}
