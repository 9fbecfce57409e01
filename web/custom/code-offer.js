// CodeOffer: what "Your code" adds to the solver, through the hooks SolverChoice and the
// controller ask every feature (CodePanel answers them from here):
//
// - `heuristics()`: the person's heuristic in the Heuristic menu, named "custom", described with
//   what its latest check proved on the board's size and goal, with the fields that carry its
//   code in a request (so Solve, Compare all, Why h, the search tree and the trace use it, and
//   their requests go to the worker that runs a person's code);
// - `compareFields()`: that heuristic and the person's search, for Compare all to race;
// - `solvedNote(reply)`: after a solve that is shortest only if the heuristic is admissible,
//   what the check found, for the status line.

import * as words from "./code-words.js";

// The Heuristic menu's name for a person's heuristic (a link names it so).
export const CUSTOM = "custom";

export class CodeOffer {
  constructor() {
    this.heuristic = null; // the menu's entry, while the heuristic is offered
    this.search = null; // {code, filename}: the search Compare all races, while offered
  }

  get offered() {
    return this.heuristic !== null;
  }

  // Offer the heuristic ({code, filename}) with `proved`, its check's result on the board's size
  // and goal (null when none was made of this code there); or stop offering it (null).
  offerHeuristic(code, proved = null) {
    if (!code) {
      this.heuristic = null;
      return;
    }
    const complete = Boolean(proved && proved.complete);
    this.heuristic = {
      name: CUSTOM,
      label: words.offeredLabel(code.filename),
      description: words.offeredDescription(proved),
      admissible: proved ? (proved.admissible === false ? false : complete ? true : null) : null,
      consistent: proved ? (proved.consistent === false ? false : complete ? true : null) : null,
      fields: { heuristic_code: code.code, heuristic_filename: code.filename },
    };
  }

  // Race the search ({code, filename}) in Compare all, or stop (null).
  offerSearch(code) {
    this.search = code || null;
  }

  heuristics() {
    return this.heuristic ? [this.heuristic] : [];
  }

  compareFields() {
    const fields = this.heuristic ? { ...this.heuristic.fields } : {};
    if (this.search) Object.assign(fields, { search_code: this.search.code, search_filename: this.search.filename });
    return fields;
  }

  // The check's verdict on a solve's answer that is shortest only if the heuristic is admissible
  // (Python's `optimal_if_admissible`), else null.
  solvedNote(reply) {
    if (!this.heuristic || !reply.ok || reply.result.optimal_if_admissible !== true) return null;
    return words.verdict(this.heuristic.admissible);
  }
}
