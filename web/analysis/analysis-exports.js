// The analysis's exports: the per-move table as CSV (downloaded) or Markdown (copied), both
// written by Python with its result; the moves of the game, or the best finish from the
// position shown, written in a notation by Python when asked (`write_moves`), copied and
// shown for copying by hand. `model` is the AnalysisModel shown, `view` its AnalysisView, `app`
// the app's door (the clipboard, the solver, Python's info).

import * as protocol from "../solver/protocol.js";
import * as words from "./analysis-words.js";

export async function exportTable(kind, { model, view, app }) {
  const r = model && model.result;
  if (!r) return;
  if (kind === "csv") return view.download("npuzzle-analysis.csv", "text/csv", r.csv);
  try {
    await app.copy(r.markdown);
    view.setExportState(words.COPIED);
  } catch {
    view.setExportState(words.CLIPBOARD_REFUSED);
  }
}

// `what`: "moves" or "finish"; `to`: a notation's name; `info`: Python's (the notations' labels).
export async function writeIn(what, to, { model, view, app }) {
  const m = model;
  if (!m || !m.result) return;
  const { goal, size, board } = m.game;
  const p = m.position(m.selected);
  if (what === "finish" && !(p && p.finish)) return view.setNote(words.noFinish(p));
  const game = what === "finish"
    ? { board: p.board.join(","), goal, size, moves: p.finish.join(" "), notation: "numbers" }
    : { board, goal, size, moves: m.tiles.join(" "), notation: "numbers" };
  const reply = await app.ask(protocol.writeMoves(game, to)).answer;
  if (!reply.ok) return view.setExportState(words.refused(reply.error));
  view.setWritten(reply.text);
  let copied = true;
  try {
    await app.copy(reply.text);
  } catch {
    copied = false;
  }
  const label = (app.info().notations.find((n) => n.name === reply.notation) || { label: reply.notation }).label;
  view.setExportState(words.written(what, label, reply.moves, copied));
}
