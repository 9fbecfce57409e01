// The code editor's entry, bundled by build.py with esbuild into custom/editor-bundle.js (this
// file is not shipped: its imports name npm packages). CodeMirror 6: Python highlighting,
// automatic indentation, line numbers, undo, bracket matching, search; the line of an error is
// marked as a diagnostic; every invisible or direction-changing character is drawn as a red mark
// naming its code point (code-facts.js), in place of the character itself, so none can hide or
// reorder what the code shows. The editor lives in a shadow root: there CodeMirror styles itself
// through a constructable style sheet, which the page's Content-Security-Policy (style-src
// 'self', no inline <style>) allows; in the document it would add a <style> element, refused.
//
// createEditor(host, {text, label, onChange}) -> {text, setText(text), markError(line, message),
// clearError(), focus()}. Tab indents; Escape then Tab (or Ctrl-M) leaves the editor by keyboard.
import { basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { indentWithTab } from "@codemirror/commands";
import { HighlightStyle, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { setDiagnostics } from "@codemirror/lint";
import { EditorState, RangeSetBuilder } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin, highlightSpecialChars, keymap } from "@codemirror/view";
import { HIDDEN_CHARS, codePoint, hiddenName } from "./code-facts.js";

// Colours from the page's stylesheet (custom properties reach into the shadow root), so the
// editor follows the light or dark scheme with the rest of the page.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: "var(--code-keyword)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--code-string)" },
  { tag: [tags.number, tags.bool, tags.atom, tags.null], color: "var(--code-number)" },
  { tag: tags.comment, color: "var(--code-comment)", fontStyle: "italic" },
  { tag: [tags.definition(tags.variableName), tags.function(tags.definition(tags.variableName))], color: "var(--code-definition)" },
  { tag: [tags.className, tags.typeName, tags.standard(tags.variableName)], color: "var(--code-type)" },
  { tag: tags.invalid, color: "var(--error)" },
]);

// A wrapped line keeps Python's indentation in sight: its continuation starts two columns past
// the line's own indentation (a hanging indent), not at column 0. A class per indentation, not a
// style attribute (the page's Content-Security-Policy refuses inline styles).
const MAX_HANG = 40; // columns: deeper lines hang at this
const hangRules = Object.fromEntries(Array.from({ length: MAX_HANG + 1 }, (_, n) => [
  `& .cm-line.cm-hang-${n}`, { paddingLeft: `calc(${n + 2}ch + 6px)`, textIndent: `-${n + 2}ch` },
]));
const hangs = Array.from({ length: MAX_HANG + 1 }, (_, n) => Decoration.line({ class: `cm-hang-${n}` }));
const indentOf = (text) => {
  let columns = 0;
  for (const ch of text) {
    if (ch === " ") columns += 1;
    else if (ch === "\t") columns += 4 - (columns % 4);
    else break;
  }
  return Math.min(columns, MAX_HANG);
};
const hangingIndent = ViewPlugin.fromClass(class {
  constructor(view) {
    this.decorations = this.build(view);
  }
  update(update) {
    if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
  }
  build(view) {
    const builder = new RangeSetBuilder();
    let last = -1;
    for (const { from, to } of view.visibleRanges) {
      for (let pos = from; pos <= to;) {
        const line = view.state.doc.lineAt(pos);
        if (line.from > last) builder.add(line.from, line.from, hangs[indentOf(line.text)]);
        last = line.from;
        pos = line.to + 1;
      }
    }
    return builder.finish();
  }
}, { decorations: (plugin) => plugin.decorations });

// Text typed over a selection is put in by CodeMirror, not by the browser: Chromium's own editing,
// replacing a selection across styled lines, writes an inline style the page's policy refuses
// (Ctrl+A then a key logged a style-src violation).
const typedOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || !event.data || view.composing) return false;
    if (view.state.selection.ranges.every((range) => range.empty)) return false; // the browser types; CodeMirror reads it
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(event.data), { scrollIntoView: true, userEvent: "input.type" });
    return true;
  },
});

// One theme for every editor on the page. CodeMirror shares one constructable style sheet
// among the shadow roots of a document; a theme made per editor adds its rules to that sheet after
// another root adopted it, and Firefox does not restyle the roots already showing it (the second
// editor drew without its border, size and font; the first one's active line was a line off).
const theme = EditorView.theme({
  "&": { fontSize: "14px", border: "1px solid var(--muted)", borderRadius: "6px", backgroundColor: "var(--panel)", color: "var(--text)" },
  "&.cm-focused": { outline: "3px solid var(--accent)", outlineOffset: "1px" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--code-selection)" },
  ".cm-activeLine": { backgroundColor: "var(--code-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--code-active-line)" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--line)" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "var(--accent)", color: "var(--accent-text)" },
  ".cm-panels": { backgroundColor: "var(--bg)", color: "var(--text)" },
  // The editor grows with its text and wraps long lines: nothing scrolls inside it, so
  // no scrolling region needs a keyboard stop of its own.
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", minHeight: "12em" },
  ".cm-gutters": { backgroundColor: "var(--bg)", color: "var(--muted)", borderRight: "1px solid var(--line)" },
  // CodeMirror draws the error's wavy line with a data: image, which the page's
  // Content-Security-Policy (img-src 'self') refuses: a text decoration instead.
  "& .cm-lintRange-error": { backgroundImage: "none", textDecoration: "underline wavy #dc2626", textDecorationSkipInk: "none" },
  "& .cm-lintRange-error.cm-lintRange-active": { backgroundColor: "#fee2e2" },
  ...hangRules,
  ".cm-hiddenChar": {
    color: "var(--error)", border: "1px solid var(--error)", borderRadius: "3px", padding: "0 2px", margin: "0 1px",
    fontSize: "85%", fontWeight: "bold",
  },
});

// CodeMirror's special characters (basicSetup's highlightSpecialChars: control characters, some
// zero-width and direction characters, each drawn as a red dot) widened to every hidden character
// of code-facts.js, each drawn as its code point ("U+202E") in a red box. The mark replaces the
// character in the page, so a direction override cannot reorder the line any more.
const hiddenChars = highlightSpecialChars({
  addSpecialChars: new RegExp(HIDDEN_CHARS, "u"),
  render(code) {
    const mark = document.createElement("span");
    mark.className = "cm-hiddenChar";
    mark.textContent = codePoint(code);
    mark.title = hiddenName(code);
    mark.setAttribute("aria-label", hiddenName(code));
    return mark;
  },
});

export function createEditor(host, { text = "", label = "Code", onChange = () => {} } = {}) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  const parent = document.createElement("div");
  parent.className = "code-editor";
  root.append(parent);
  const view = new EditorView({
    root,
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        hiddenChars,
        python(),
        indentUnit.of("    "), // Python's four spaces
        EditorView.lineWrapping,
        hangingIndent,
        typedOverSelection,
        keymap.of([indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
        syntaxHighlighting(highlight),
        theme,
      ],
    }),
  });
  return {
    get text() {
      return view.state.doc.toString();
    },
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    // Mark `line` (from 1) as the error's; a line past the end marks the last.
    markError(line, message) {
      const doc = view.state.doc;
      const at = doc.line(Math.min(Math.max(1, line), doc.lines));
      view.dispatch(setDiagnostics(view.state, [{ from: at.from, to: at.to, severity: "error", message }]));
    },
    clearError() {
      view.dispatch(setDiagnostics(view.state, []));
    },
    focus() {
      view.focus();
    },
  };
}
