// SolverChoice: which algorithm, heuristic and option values (such as a
// weight) the person chose. Everything it offers comes from Python's
// registries (`info.algorithms`, `info.heuristics`, each algorithm's
// `options`) and from the board's answer (what applies, the defaults), so a
// new algorithm or option appears in the page by itself; so do their descriptions.
// Its view (ChoiceView) writes the menus, the option fields and the words, and
// holds the limits (Seconds, Max nodes) a search is sent. Python's info is read from the
// page state (its one owner), never copied here.

import * as wording from "../common/wording.js";

// The Heuristic menu's name for a person's own heuristic (the code panel offers it; its code
// goes with the request, to the worker that runs a person's code).
export const CUSTOM = "custom";

export class SolverChoice {
  constructor({ view, state }) {
    Object.assign(this, { view, state });
    this.analysis = null; // the board the menus were filled for
    this.algorithm = null; // null: the board's default
    this.heuristic = null;
    this.values = {}; // option name -> the value chosen (or a link's)
    this.custom = null; // a person's heuristic on offer in the menu: {label, description, admissible, consistent, code, filename}
    this.search = null; // a person's search Compare all races too: {code, filename}
    // Python's info (at each start of the solver): the Seconds field gets its default time limit unless already set.
    state.on((changed) => { if (changed.includes("info") && state.info) view.offerTimeLimit(state.info.defaults.time_limit); });
  }

  // The limits a search is sent (time, and max nodes unless left to the algorithm).
  limits() {
    return this.view.limits();
  }

  // The menus' events; a change drops what was shown of the search chosen before.
  routes(app) {
    return {
      "choose-algorithm": (name) => { app.menusChanged(); this.chooseAlgorithm(name); },
      "choose-heuristic": (name) => { this.chooseHeuristic(name); app.menusChanged(); },
      "choose-option": (name, value) => { this.setValue(name, Number(value)); app.menusChanged({ solution: false }); },
    };
  }

  // Names and option values a link asked for, already checked against the registries.
  adopt({ algorithm, heuristic, options = {} }) {
    if (algorithm !== undefined) this.algorithm = algorithm;
    if (heuristic !== undefined) this.heuristic = heuristic;
    Object.assign(this.values, options);
  }

  // Offer a person's heuristic in the Heuristic menu ({label, description, code, filename, and
  // admissible and consistent: true or false when a check found so, else null}), or
  // stop offering it (null).
  offerCustom(custom) {
    this.custom = custom;
    if (this.analysis && this.state.info) this.fill(this.analysis);
  }

  // The registry's heuristics that apply to board `a`, and the person's own when offered.
  heuristicsFor(a) {
    const built = this.state.info.heuristics.filter((x) => a.applicable.heuristics.includes(x.name));
    if (!this.custom) return built;
    const { label, description, admissible, consistent } = this.custom;
    return [...built, { name: CUSTOM, label, description, admissible, consistent }];
  }

  // The fields that name the heuristic chosen in a request: {heuristic} or a person's code.
  heuristicFields(name = this.heuristicName) {
    if (name === CUSTOM && this.custom) return { heuristic_code: this.custom.code, heuristic_filename: this.custom.filename };
    return { heuristic: name };
  }

  // What the check found of the person's heuristic on offer, in a sentence (null when none is offered).
  customVerdict() {
    if (!this.custom) return null;
    const { admissible } = this.custom;
    if (admissible === true) return "The check found your heuristic admissible on every state of this size and goal: this is a shortest solution.";
    if (admissible === false) return "The check found your heuristic not admissible: this solution may not be the shortest.";
    return "Your heuristic has not been checked on every state of this size and goal, so this is not proven shortest.";
  }

  // A person's search ({code, filename}) to race beside the built-in algorithms in Compare all, or null.
  offerSearch(search) {
    this.search = search;
  }

  // A person's heuristic and search, when offered, for requests that take them beside the
  // built-in ones (Compare all).
  customFields() {
    const fields = this.custom ? { heuristic_code: this.custom.code, heuristic_filename: this.custom.filename } : {};
    if (this.search) Object.assign(fields, { search_code: this.search.code, search_filename: this.search.filename });
    return fields;
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

  // Whether the chosen algorithm keeps improving its answer until stopped (Python's registry).
  get anytime() {
    const entry = this.entry();
    return Boolean(entry && entry.anytime);
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
    this.view.setHeuristicEnabled(Boolean(entry && entry.uses_heuristic));
    this.view.showOptions(entry ? entry.options.map((o) => ({ ...o, value: this.value(o) })) : []);
    if (entry) this.view.setNodeLimitHint(entry.label, entry.default_max_nodes);
    this.describe();
  }

  // The chosen algorithm and (if it takes one) heuristic, in words from the registries.
  describe() {
    const entry = this.entry();
    const heuristic = (this.analysis ? this.heuristicsFor(this.analysis) : this.state.info.heuristics).find((h) => h.name === this.heuristicName);
    const used = entry && entry.uses_heuristic && heuristic ? heuristic : null;
    this.view.setAbout(entry ? wording.aboutSummary(entry, used) : "", entry ? wording.aboutAlgorithm(entry) : "", used ? wording.aboutHeuristic(used) : "");
  }

  // A solve request's algorithm, heuristic (if it takes one) and option values.
  request() {
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
