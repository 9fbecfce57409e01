// Show every column: on a phone a table shows the columns read first (style.css); its button
// (.columns-toggle, aria-controls naming the table's wrapper) brings the rest, and hides them again.

export function bindColumnToggles(doc) {
  for (const button of doc.querySelectorAll(".columns-toggle")) {
    const wrap = doc.getElementById(button.getAttribute("aria-controls"));
    if (!wrap) continue;
    button.addEventListener("click", () => {
      const all = !wrap.hasAttribute("data-all-columns");
      wrap.toggleAttribute("data-all-columns", all);
      button.setAttribute("aria-pressed", String(all));
    });
  }
}
