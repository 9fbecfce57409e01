// The Set form's view (a teacher writes an assignment): the criteria to choose from, as Python's
// info lists them, the form's values as typed (Python reads and refuses them), a refusal shown at
// the field its key names, and the link written.

export class SetView {
  constructor(doc) {
    this.doc = doc;
    this.byId = (id) => doc.getElementById(id);
  }

  el(tag, text = null, attrs = {}) {
    const node = this.doc.createElement(tag);
    if (text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  text(id, text) {
    this.byId(id).textContent = text || "";
  }

  // Python's limits on the form's fields (info.assignment: its limits and default time limit).
  setLimits(facts) {
    this.byId("set-title").maxLength = facts.limits.title;
    this.byId("set-count").max = String(facts.limits.boards);
    const time = this.byId("set-time-limit");
    time.max = String(facts.limits.time_limit);
    if (!time.value) time.value = String(facts.default_time_limit);
  }

  // The criteria to choose from (Python's info.assignment.criteria), for the task chosen.
  fillCriteria(criteria) {
    const host = this.byId("set-criteria");
    const legend = host.querySelector("legend");
    const rows = criteria.map((c) => {
      const row = this.el("div", null, { class: "actions set-criterion" });
      row.dataset.criterion = c.name;
      row.dataset.tasks = c.tasks.join(",");
      const box = this.el("input", null, { type: "checkbox", id: `set-c-${c.name}` });
      const label = this.el("label", c.label, { for: `set-c-${c.name}`, title: c.description });
      const weight = this.el("input", null, { type: "number", min: "0", step: "any", value: "1", id: `set-w-${c.name}`, "aria-label": `Weight of ${c.label}` });
      weight.dataset.weight = c.name;
      row.append(box, label, weight);
      for (const p of c.parameters) {
        const field = this.el("input", null, { type: "number", step: p.whole ? "1" : "any", min: String(p.minimum), max: String(p.maximum), id: `set-p-${c.name}-${p.name}`, "aria-label": `${c.label}: ${p.label}` });
        field.dataset.parameter = p.name;
        row.append(field);
      }
      return row;
    });
    host.replaceChildren(legend, ...rows);
    this.filterCriteria();
  }

  filterCriteria() {
    const task = this.byId("set-task").value;
    for (const row of this.byId("set-criteria").querySelectorAll(".set-criterion")) row.hidden = !row.dataset.tasks.split(",").includes(task);
  }

  // The Set form's values, as they are typed (Python reads and refuses them).
  get fields() {
    const byId = this.byId;
    const criteria = [];
    for (const row of byId("set-criteria").querySelectorAll(".set-criterion")) {
      if (row.hidden || !row.querySelector("input[type=checkbox]").checked) continue;
      const entry = { name: row.dataset.criterion, weight: numberOr(row.querySelector("[data-weight]").value) };
      for (const field of row.querySelectorAll("[data-parameter]")) if (field.value !== "") entry[field.dataset.parameter] = numberOr(field.value);
      criteria.push(entry);
    }
    const random = byId("set-boards-random").checked;
    return {
      title: byId("set-title").value,
      task: byId("set-task").value,
      size: byId("set-size").value.trim(),
      goal: byId("set-goal").value,
      time_limit: numberOr(byId("set-time-limit").value),
      boards: random ? { seed: numberOr(byId("set-seed").value), count: numberOr(byId("set-count").value) }
        : byId("set-boards-text").value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean),
      criteria,
      instructions: byId("set-instructions").value,
    };
  }

  // Python's refusal shown at the field its `key` names (the first part of it), else under the form.
  setError(key, message) {
    for (const node of this.byId("set-form").querySelectorAll("[data-error]")) {
      node.textContent = "";
      node.hidden = true;
    }
    if (!message) return;
    const top = String(key || "").split(/[.[]/)[0];
    const node = this.byId("set-form").querySelector(`[data-error="${CSS.escape(top)}"]`) || this.byId("set-form").querySelector('[data-error="assignment"]');
    node.textContent = message;
    node.hidden = false;
  }

  setState(text, link = null) {
    this.text("set-state", text);
    const out = this.byId("set-link");
    out.hidden = !link;
    out.value = link || "";
  }
}

// A field's number, or its text when it is not one (Python says what is wrong with it).
function numberOr(text) {
  const trimmed = String(text).trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}
