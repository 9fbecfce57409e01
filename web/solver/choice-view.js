// ChoiceView: writes the solver's controls: the Algorithm and Heuristic menus (from
// Python's registries), the chosen algorithm's option fields (one number field each,
// made from its registry entry), what the algorithm and heuristic guarantee (the
// registry's words through wording.js), the Max nodes hint and the Seconds field's
// default; and reads the limits a search is sent. Text goes in through textContent or
// form values, never as markup.

export class ChoiceView {
  constructor(doc) {
    this.doc = doc;
    this.menus = { algorithm: doc.getElementById("algorithm"), heuristic: doc.getElementById("heuristic"), metric: doc.getElementById("metric") };
    this.optionBox = doc.getElementById("algorithm-options");
    this.timeLimit = doc.getElementById("time-limit");
    this.maxNodes = doc.getElementById("max-nodes");
    this.maxNodesHint = doc.getElementById("max-nodes-hint");
    this.aboutSummary = doc.getElementById("about-summary");
    this.algorithmAbout = doc.getElementById("algorithm-about");
    this.heuristicAbout = doc.getElementById("heuristic-about");
    this.optionNames = null; // the option fields shown, by name
  }

  // Menu `id` ("algorithm", "heuristic" or "metric") from Python's registry entries ({name, label,
  // description}), on `selected` if it offers it; returns the name it shows.
  fillMenu(id, entries, selected) {
    const select = this.menus[id];
    const options = entries.map((entry) => {
      const option = this.doc.createElement("option");
      option.value = entry.name;
      option.textContent = entry.label;
      option.title = entry.description || "";
      return option;
    });
    select.replaceChildren(...options);
    if (entries.some((e) => e.name === selected)) select.value = selected;
    return select.value;
  }

  setHeuristicEnabled(enabled) {
    this.menus.heuristic.disabled = !enabled;
  }

  // The multi-tile metric chosen: the algorithm and its options are the metric's own.
  setAlgorithmEnabled(enabled) {
    this.menus.algorithm.disabled = !enabled;
    if (!enabled) this.optionBox.hidden = true;
  }

  // The chosen algorithm's options from Python's registry ({name, label, default,
  // minimum, maximum, step, description, value}): one number field each, whose id
  // is the option's name. The fields are rebuilt only when the list changes.
  showOptions(options) {
    const box = this.optionBox;
    const names = options.map((o) => o.name).join(" ");
    if (this.optionNames !== names) {
      this.optionNames = names;
      box.replaceChildren(...options.map((option) => this.optionField(option)));
    }
    for (const option of options) this.doc.getElementById(option.name).value = String(option.value);
    box.hidden = options.length === 0;
  }

  optionField(option) {
    const field = this.doc.createElement("div");
    field.className = "field";
    const label = this.doc.createElement("label");
    label.htmlFor = option.name;
    label.textContent = option.label;
    const input = this.doc.createElement("input");
    Object.assign(input, { id: option.name, type: "number", title: option.description || "" });
    Object.assign(input, { min: String(option.minimum), max: String(option.maximum), step: String(option.step) });
    input.dataset.option = option.name;
    field.append(label, input);
    return field;
  }

  // Python's default time limit for the Seconds field, unless the person already set one.
  offerTimeLimit(seconds) {
    if (this.timeLimit.value === "") this.timeLimit.value = String(seconds);
  }

  // The most a request may ask for (Python's info.caps: max_nodes, time_limit), as the Limits
  // fields' bounds.
  setCaps(caps) {
    this.maxNodes.max = String(caps.max_nodes);
    this.timeLimit.max = String(caps.time_limit);
  }

  // The limits to send; an empty Max nodes is left out, so Python uses the algorithm's own.
  limits() {
    const limits = { time_limit: Number(this.timeLimit.value) };
    if (this.maxNodes.value.trim() !== "") limits.max_nodes = Number(this.maxNodes.value);
    return limits;
  }

  // What the chosen algorithm and heuristic guarantee: a line, with the registry's words behind it.
  setAbout(summaryText, algorithmText, heuristicText) {
    setText(this.aboutSummary, summaryText);
    setText(this.algorithmAbout, algorithmText);
    setText(this.heuristicAbout, heuristicText);
    this.heuristicAbout.hidden = !heuristicText;
  }

  // What an empty Max nodes means for the chosen algorithm (wording.nodeLimitHint).
  setNodeLimitHint(text) {
    this.maxNodes.placeholder = "automatic";
    this.maxNodesHint.textContent = text;
  }
}

// Write `text` into `el` unless it is there already (a new text node means new layout).
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
