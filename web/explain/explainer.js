// Explainer: "Why h". While its panel is open, it asks Python for the breakdown of the
// chosen heuristic on the board shown (a replay's step, else the edited board) and hands
// it to its views (ExplainView, and BoardView for the marks on the tiles). One request at
// a time: a change meanwhile asks again once it is answered (so fast playback cannot pile
// them up), and the same board, goal and heuristic are not asked twice in a row.

import * as protocol from "../solver/protocol.js";
import * as words from "./explain-words.js";

export class Explainer {
  constructor({ view }) {
    this.view = view;
    this.app = null; // the app's door, from routes
    this.inFlight = null; // {pending}: a request under way, and whether another is wanted
    this.asked = null; // the request last answered or under way (JSON), while the panel stays open
  }

  routes(app) {
    this.app = app;
    return { "why-h": () => this.update() };
  }

  // What it explains: whether the solver answers now, the board on screen (null unless valid),
  // the board shown (a replay's step, else the edited board) and the heuristic chosen.
  subject() {
    const app = this.app;
    const analysis = app.analysis();
    return { ready: app.ready(), analysis, tiles: analysis && (app.replay.stepBoard() || analysis.tiles), heuristic: app.choice.heuristicFields() };
  }

  // Follow the page: called whenever something it shows may have changed.
  update() {
    const { ready, analysis, tiles, heuristic } = this.subject();
    if (!this.view.open || !ready || !analysis) {
      this.asked = null;
      this.app.board.explain(null);
      if (this.view.open) this.view.clear(ready ? words.NO_BOARD : words.LOADING);
      return;
    }
    const request = protocol.breakdown(analysis, tiles, heuristic);
    const key = JSON.stringify(request);
    if (this.inFlight) {
      this.inFlight.pending = this.inFlight.pending || key !== this.asked;
      return;
    }
    if (key === this.asked) return;
    this.asked = key;
    const inFlight = { pending: false };
    this.inFlight = inFlight;
    this.app.ask(request).answer.then((reply) => {
      this.inFlight = null;
      if (inFlight.pending) return this.update();
      if (!this.view.open) return this.app.board.explain(null);
      if (!reply.ok) {
        this.asked = null;
        this.app.board.explain(null);
        return this.view.clear(reply.error.message);
      }
      this.view.show(reply);
      this.app.board.explain(reply);
    });
  }
}
