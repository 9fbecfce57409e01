// The analysis's chart: the distance to the goal at every position of the game (an SVG, drawn
// from the model's points, which are Python's), so a person sees at a glance where moves were
// lost: the game's line, a band where only bounds are known, the optimal path (the diagonal
// from the start's distance down to the goal, one move a step) beside it, each mistake marked,
// the position shown, and a best finish being played (a dashed diagonal from its position).
// Every point carries its facts as data-* (position, lower, upper, distance, verdict) for tests
// and tools; the chart's geometry (data-left, data-right, data-last, data-width) lets a click
// anywhere on it name the nearest position (analysis-input.js).

import { el, text } from "../common/svg.js";

const HEIGHT = 220;
const PAD = { left: 40, right: 14, top: 12, bottom: 28 };

// `points`: [{index, lower, upper, verdict, best}] (verdict: of the move into the position, or
// null; best: the tiles of its best moves, once known);
// `selected`: the position shown; `finish`: {from, length} while a best finish plays, else null;
// `marker`: {x, y} where the finish's playback stands (else the selected point is marked);
// `width`: the chart's width in pixels (drawn one unit a pixel, so its text keeps its size on a
// phone). The chart itself is hidden from screen readers: its frame is a slider that says the
// position shown.
// `timing`: Python's timing of the game as played (a replay's: the gap before each move, the
// pauses), drawn as bars rising from the bottom, a pause's bar marked; null for none.
export function drawAnalysisChart(doc, { points, selected, finish = null, marker = null, width = 640, timing = null }) {
  const w = Math.max(240, Math.round(width));
  const last = Math.max(1, points.length - 1);
  const start = points[0] || { lower: null, upper: null };
  const exactStart = start.lower !== null && start.lower === start.upper;
  const startDistance = exactStart ? start.lower : 0; // the optimal path is drawn only from an exact distance
  const span = Math.max(last, startDistance, finish ? finish.from + finish.length : 0);
  const top = Math.max(1, ...points.map((p) => p.upper ?? p.lower ?? 0));
  const px = (x) => PAD.left + (x / span) * (w - PAD.left - PAD.right);
  const py = (y) => HEIGHT - PAD.bottom - (y / top) * (HEIGHT - PAD.top - PAD.bottom);
  const svg = el(doc, "svg", {
    viewBox: `0 0 ${w} ${HEIGHT}`, "aria-hidden": "true", focusable: "false",
    "data-left": px(0), "data-right": px(span), "data-last": points.length - 1, "data-span": span, "data-width": w,
  });
  for (const y of new Set([0, Math.round(top / 2), top])) {
    svg.append(el(doc, "line", { x1: PAD.left, x2: w - PAD.right, y1: py(y), y2: py(y), class: "grid" }));
    svg.append(text(doc, PAD.left - 6, py(y) + 4, String(y), "axis", "end"));
  }
  for (const x of new Set([0, Math.round(span / 2), span])) {
    svg.append(text(doc, px(x), HEIGHT - 8, String(x), "axis", x === 0 ? "start" : x === span ? "end" : "middle"));
  }
  // The optimal path: from the start's distance, one nearer the goal every move.
  if (exactStart) {
    svg.append(el(doc, "line", { x1: px(0), y1: py(startDistance), x2: px(startDistance), y2: py(0), class: "optimal-path" }));
  }
  // Bounds where the distance is not exact: a band from the lower to the upper bound.
  for (const p of points) {
    if (p.lower === null || p.lower === p.upper) continue;
    const high = p.upper ?? top;
    svg.append(el(doc, "line", { x1: px(p.index), x2: px(p.index), y1: py(p.lower), y2: py(high), class: "bounds" }));
  }
  // The game's line through the exact distances (broken where a distance is not known yet).
  let d = "";
  let drawing = false;
  for (const p of points) {
    const exact = p.lower !== null && p.lower === p.upper;
    if (!exact) { drawing = false; continue; }
    d += `${drawing ? "L" : "M"}${px(p.index).toFixed(1)},${py(p.lower).toFixed(1)}`;
    drawing = true;
  }
  if (d) svg.append(el(doc, "path", { d, class: "game-line" }));
  if (finish) {
    const y0 = points[finish.from]?.lower ?? 0;
    svg.append(el(doc, "line", { x1: px(finish.from), y1: py(y0), x2: px(finish.from + finish.length), y2: py(0), class: "finish-path" }));
  }
  if (timing && timing.gaps.length === points.length - 1) drawTimes(doc, svg, timing, px, py(0));
  const chosen = points[selected];
  if (chosen) svg.append(el(doc, "line", { x1: px(selected), x2: px(selected), y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "cursor" }));
  // One point per position, with its facts; a mistake's point (the position it led to) larger.
  const gap = (w - PAD.left - PAD.right) / span; // between two positions
  const small = Math.max(1.2, Math.min(3.2, gap * 0.4));
  const dots = el(doc, "g", { class: "points" });
  for (const p of points) {
    const y = p.lower === null ? null : p.lower === p.upper ? p.lower : (p.lower + (p.upper ?? p.lower)) / 2;
    const attrs = {
      cx: px(p.index).toFixed(1), cy: (y === null ? py(0) : py(y)).toFixed(1), r: p.verdict === "mistake" ? small + Math.min(2.2, small) : small,
      class: `point ${p.verdict || "pending"}${y === null ? " unknown" : ""}`,
      "data-position": p.index, "data-lower": p.lower ?? "", "data-upper": p.upper ?? "",
      "data-distance": p.lower !== null && p.lower === p.upper ? p.lower : "", "data-verdict": p.verdict ?? "",
    };
    if (p.best) attrs["data-best"] = p.best.join(",");
    dots.append(el(doc, "circle", attrs));
  }
  svg.append(dots);
  const at = marker || (chosen && chosen.lower !== null ? { x: selected, y: chosen.lower === chosen.upper ? chosen.lower : (chosen.lower + (chosen.upper ?? chosen.lower)) / 2 } : null);
  if (at) svg.append(el(doc, "circle", { cx: px(at.x), cy: py(at.y), r: small + 4, class: "selected-ring" }));
  return svg;
}

// The time before each move: a bar at the position the move led to, its height the gap over the
// longest, in the plot's lower third (the distances' scale is not the time's); a pause's bar marked.
function drawTimes(doc, svg, timing, px, bottom) {
  const longest = Math.max(1, ...timing.gaps);
  const reach = (HEIGHT - PAD.top - PAD.bottom) / 3;
  const paused = new Set(timing.pauses.map((p) => p.move));
  const bars = el(doc, "g", { class: "time-gaps" });
  timing.gaps.forEach((ms, k) => {
    const x = px(k + 1);
    bars.append(el(doc, "line", {
      x1: x.toFixed(1), x2: x.toFixed(1), y1: bottom, y2: (bottom - (ms / longest) * reach).toFixed(1),
      class: paused.has(k + 1) ? "time-gap pause" : "time-gap", "data-move": k + 1, "data-ms": ms,
    }));
  });
  svg.append(bars);
}

// The position nearest a click at `clientX` on a chart drawn above (its geometry in its data-*
// and `box`, its bounding box on screen), or null.
export function positionAt(svg, box, clientX) {
  const data = svg.dataset;
  const last = Number(data.last);
  if (!(last >= 0) || !box.width) return null;
  const x = ((clientX - box.left) / box.width) * Number(data.width);
  const ratio = (x - Number(data.left)) / (Number(data.right) - Number(data.left));
  return Math.min(last, Math.max(0, Math.round(ratio * Number(data.span))));
}
