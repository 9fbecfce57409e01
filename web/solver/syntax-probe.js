// Imported by browser-support.js to learn whether this browser parses class static blocks
// (ES2022), which the Python runtime's script (pyodide.asm.mjs) uses: a browser that cannot
// parse this module rejects the import with a SyntaxError.
export const staticBlocks = class { static { this.parsed = true; } }.parsed === true;
