// SolverChoice: which algorithm, heuristic and option values (such as a
// weight) the person chose. Everything it offers comes from Python's
// registries (`info.algorithms`, `info.heuristics`, each algorithm's
// `options`) and from the board's answer (what applies, the defaults), so a
// new algorithm or option appears in the page by itself; so do their descriptions.
// Its view (ChoiceView) writes the menus, the option fields and the words, and
// holds the limits (Seconds, Max nodes) a search is sent. Python's info is read from the
// page state (its one owner), never copied here.
//
// A feature adds to the menus through two hooks, read whenever the menus are filled or a
// request is made (it calls `refill()` when what it offers changed): `heuristics()`, entries
// for the Heuristic menu ({name, label, description, admissible, consistent: true, false or
// null when unknown, and `fields`, what names it in a request in place of {heuristic: name}),
// and `compareFields()`, fields it adds to Compare all's request. No feature is named here.

import * as wording from "../common/wording.js";
import { hook } from "../app/hooks.js";

export class SolverChoice {
  // `features`: the page's features (main.js fills the list), asked for the hooks above.
  constructor({ view, state, features = [] }) {
    Object.assign(this, { view, state, features });
    this.analysis = null; // the board the menus were filled for
    this.algorithm = null; // null: the board's default
    this.heuristic = null;
    this.values = {}; // option name -> the value chosen (or a link's)
    this.metric = "stm"; // what a solve minimises: every slide, or multi-tile moves (where the board allows)
    // Python's info (at each start of the solver): the Seconds field gets its default time limit unless
    // already set, and the Limits fields the most a request may ask for.
    state.on((changed) => {
      if (!changed.includes("info") || !state.info) return;
      view.offerTimeLimit(state.info.defaults.time_limit);
      view.setCaps(state.info.caps);
    });
  }

  // The limits a search is sent (time, and max nodes unless left to the algorithm).
  limits() {
    return this.view.limits();
  }

  // The menus' events; a change drops what was shown of the search chosen before (`app`: the app's door).
  routes(app) {
    return {
      "choose-algorithm": (name) => { app.menusChanged(); this.chooseAlgorithm(name); },
      "choose-heuristic": (name) => { this.chooseHeuristic(name); app.menusChanged(); },
      "choose-option": (name, value) => { this.setValue(name, Number(value)); app.menusChanged({ solution: false }); },
      "choose-metric": (name) => { app.menusChanged(); this.metric = name; this.fill(this.analysis); },
    };
  }

  // Names and option values a link asked for, already checked against the registries.
  adopt({ algorithm, heuristic, metric, options = {} }) {
    this.asked = { algorithm, heuristic, metric }; // until the link's board is shown: `unmet`
    if (metric !== undefined) this.metric = metric;
    if (algorithm !== undefined) this.algorithm = algorithm;
    if (heuristic !== undefined) this.heuristic = heuristic;
    Object.assign(this.values, options);
  }

  // What a link asked for (adopt) that the board it opened does not offer, once its board is
  // filled in: [{kind, name}].
  unmet() {
    const asked = this.asked || {};
    this.asked = null;
    const out = [];
    if (asked.metric !== undefined && asked.metric !== "stm" && !this.multiTile) out.push({ kind: "metric", name: asked.metric });
    if (asked.algorithm !== undefined && this.algorithmName !== asked.algorithm) out.push({ kind: "algorithm", name: asked.algorithm });
    if (asked.heuristic !== undefined && this.heuristicName !== asked.heuristic) out.push({ kind: "heuristic", name: asked.heuristic });
    return out;
  }

  // What the features offer in the Heuristic menu (their `heuristics` hook).
  offered() {
    return this.features.flatMap((feature) => feature[hook("heuristics")]?.() ?? []);
  }

  // What a feature offers changed: the menus are filled again (the choice kept if still offered).
  refill() {
    if (this.analysis && this.state.info) this.fill(this.analysis);
  }

  // The registry's heuristics that apply to board `a`, then those the features offer.
  heuristicsFor(a) {
    const built = this.state.info.heuristics.filter((x) => a.applicable.heuristics.includes(x.name));
    return [...built, ...this.offered()];
  }

  // The fields that name the heuristic chosen in a request: {heuristic}, or an offered one's own fields.
  heuristicFields(name = this.heuristicName) {
    const offered = this.offered().find((entry) => entry.name === name);
    return offered ? { ...offered.fields } : { heuristic: name };
  }

  // Compare all's request fields: every algorithm's option values, and what features add (their
  // `compareFields` hook).
  compareFields() {
    return Object.assign(this.allOptions(), ...this.features.map((feature) => feature[hook("compareFields")]?.()));
  }

  setValue(name, value) {
    this.values[name] = value;
  }

  get algorithmName() {
    return this.algorithm || (this.analysis ? this.analysis.default_algorithm : null);
  }

  get heuristicName() {
    return this.heuristic || (this.analysis ? this.analysis.default_heuristic : null);
  }

  entry(name = this.algorithmName) {
    return this.state.info.algorithms.find((x) => x.name === name);
  }

  // Whether the chosen algorithm keeps improving its answer until stopped (Python's registry);
  // never a multi-tile solve.
  get anytime() {
    const entry = this.entry();
    return Boolean(entry && entry.anytime) && !this.multiTile;
  }

  // Whether a solve finds the fewest multi-tile moves: chosen, and the board allows it (Python says).
  get multiTile() {
    const metrics = (this.analysis && this.analysis.applicable.metrics) || ["stm"];
    return this.metric === "mtm" && metrics.includes("mtm");
  }

  value(option) {
    return this.values[option.name] ?? option.default;
  }

  chooseAlgorithm(name) {
    this.algorithm = name;
    this.fill(this.analysis);
  }

  chooseHeuristic(name) {
    this.heuristic = name;
    this.describe();
  }

  // Offer what applies to board `a` (an analyze-shaped answer), and the chosen
  // algorithm's options.
  fill(a) {
    this.analysis = a;
    const algorithms = this.state.info.algorithms.filter((x) => a.applicable.algorithms.includes(x.name));
    const heuristics = this.heuristicsFor(a);
    const algorithm = this.view.fillMenu("algorithm", algorithms, this.algorithmName);
    if (algorithm !== this.algorithmName) this.algorithm = null;
    this.view.fillMenu("heuristic", heuristics, this.heuristicName);
    if (!heuristics.some((h) => h.name === this.heuristic)) this.heuristic = null;
    const entry = this.entry();
    const allowed = a.applicable.metrics || ["stm"];
    const metrics = (this.state.info.metrics || []).filter((m) => allowed.includes(m.name));
    if (metrics.length) this.view.fillMenu("metric", metrics, this.multiTile ? "mtm" : "stm");
    this.view.setHeuristicEnabled(Boolean(entry && entry.uses_heuristic) && !this.multiTile);
    this.view.showOptions(entry ? entry.options.map((o) => ({ ...o, value: this.value(o) })) : []);
    this.view.setAlgorithmEnabled(!this.multiTile);
    if (entry) this.view.setNodeLimitHint(wording.nodeLimitHint(entry));
    this.describe();
  }

  // The chosen algorithm and (if it takes one) heuristic, in words from the registries.
  describe() {
    if (this.multiTile) {
      const words = (this.state.info.metrics || []).find((m) => m.name === "mtm");
      this.view.setAbout(words ? words.label : "", words ? words.description : "", "");
      return;
    }
    const entry = this.entry();
    const heuristic = (this.analysis ? this.heuristicsFor(this.analysis) : this.state.info.heuristics).find((h) => h.name === this.heuristicName);
    const used = entry && entry.uses_heuristic && heuristic ? heuristic : null;
    this.view.setAbout(entry ? wording.aboutSummary(entry, used) : "", entry ? wording.aboutAlgorithm(entry) : "", used ? wording.aboutHeuristic(used) : "");
  }

  // A solve request's algorithm, heuristic (if it takes one) and option values; a multi-tile
  // solve's metric instead (`metric: false`: the algorithm's fields whatever the metric, for
  // a search that counts every slide).
  request({ metric = true } = {}) {
    if (metric && this.multiTile) return { metric: "mtm" };
    const entry = this.entry();
    const fields = { algorithm: this.algorithmName };
    if (entry && entry.uses_heuristic) Object.assign(fields, this.heuristicFields());
    for (const option of entry ? entry.options : []) fields[option.name] = this.value(option);
    return fields;
  }

  // What a link carries: the names and the chosen algorithm's option values.
  link() {
    const entry = this.entry();
    const fields = { algorithm: this.algorithmName, heuristic: this.heuristicName };
    for (const option of entry ? entry.options : []) fields[option.name] = this.value(option);
    if (this.multiTile) fields.metric = "mtm";
    return fields;
  }

  // Every algorithm's option values, for a comparison that runs them all.
  allOptions() {
    const fields = {};
    for (const entry of this.state.info.algorithms) {
      for (const option of entry.options) fields[option.name] = this.value(option);
    }
    return fields;
  }
}
