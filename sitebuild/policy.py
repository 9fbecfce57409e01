"""The policies: the page's Content-Security-Policy (index.html's meta tag, with the two sources
the sandbox needs) and the document of the sandbox's frame, whose own policy allows no request and
no script but its one inline script, by its hash."""

from __future__ import annotations

import base64
import hashlib

SANDBOX_BOOT = "custom/sandbox-boot.js"
"""The sandbox frame's one script, in web/: not shipped as a file but inline in the frame's
document (the constants module's FRAME_HTML)."""


def sandbox_frame(boot: str) -> tuple[str, str]:
    """The sandbox frame's document (its policy, then ``boot`` inline) and the hash that allows
    ``boot`` (a CSP source, 'sha256-...'). The policy forbids every request and every script but
    ``boot``; the page's own (which a srcdoc frame inherits) applies too."""
    if "</script" in boot.lower():
        raise SystemExit(f"build: web/{SANDBOX_BOOT} may not contain '</script'")
    digest = "sha256-" + base64.b64encode(hashlib.sha256(boot.encode()).digest()).decode()
    policy = (f"default-src 'none'; script-src '{digest}' 'wasm-unsafe-eval'; worker-src blob:; "
              "connect-src 'none'; base-uri 'none'; form-action 'none'")
    html = (f'<!doctype html><html><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}"></head>'
            f"<body><script>{boot}</script></body></html>")
    return html, f"'{digest}'"


def page_policy(html: str, boot_hash: str) -> str:
    """index.html with its policy allowing the sandbox: its frame's script (by ``boot_hash``),
    which a srcdoc frame's policy inherits, and workers from blob: (the frame's worker)."""
    rules = {"script-src 'self' 'wasm-unsafe-eval';": f"script-src 'self' 'wasm-unsafe-eval' {boot_hash};",
             "worker-src 'self';": "worker-src 'self' blob:;"}
    for old, new in rules.items():
        if html.count(old) != 1:
            raise SystemExit(f"build: index.html's Content-Security-Policy must hold {old!r} once")
        html = html.replace(old, new)
    return html
