"""An assignment or submission as a link's value: its canonical JSON deflated (zlib's raw
deflate, as the browser's ``CompressionStream("deflate-raw")`` writes it) and written in
base64url without padding, carried as ``#assignment=VALUE`` or ``#submission=VALUE``.

Reading a value never inflates past the format's byte limit (a small value that would inflate
to gigabytes is refused at the limit), and says which step failed.

>>> value = pack('{"a": 1}')
>>> value, unpack(value, 100, "assignment")
('q1ZKVLJSMKwFAA', '{"a": 1}')
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from urllib.parse import unquote

from .errors import AssignmentError

PARAMETERS = ("assignment", "submission")
"""The URL parameters (fragment or query) that carry an assignment and a submission."""
_VALUE = re.compile(r"^[A-Za-z0-9_-]+$")


def packed_limit(json_bytes: int) -> int:
    """The longest link value whose JSON may take ``json_bytes`` bytes: deflate hardly grows
    what it cannot shrink (5 bytes in 16 KB, and a few more), base64url takes 4 characters for 3."""
    return (json_bytes + json_bytes // 16_000 * 5 + 64) * 4 // 3 + 4


def pack(text: str) -> str:
    """``text`` (UTF-8) deflated raw and written in base64url, without padding."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = compressor.compress(text.encode("utf-8")) + compressor.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unpack(value: str, max_bytes: int, what: str) -> str:
    """The text a link value holds; AssignmentError (field ``what``) when it is not base64url,
    does not inflate, inflates past ``max_bytes`` bytes or is not UTF-8."""
    if len(value) > packed_limit(max_bytes):
        raise AssignmentError(what, f"the {what} link's value is too long ({len(value):,} characters; "
                                    f"at most {packed_limit(max_bytes):,})")
    if not _VALUE.match(value):
        raise AssignmentError(what, f"the {what} link's value is not base64url (letters, digits, - and _ only)")
    try:
        data = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise AssignmentError(what, f"the {what} link's value is not base64url") from None
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(data, max_bytes + 1)
    except zlib.error:
        raise AssignmentError(what, f"the {what} link's value does not inflate: it is cut short or garbled") from None
    if len(raw) > max_bytes or inflater.unconsumed_tail:
        raise AssignmentError(what, f"the {what} is too large: its JSON takes more than {max_bytes:,} bytes")
    if not inflater.eof:
        raise AssignmentError(what, f"the {what} link's value is cut short: it ends before its data does")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise AssignmentError(what, f"the {what} link's value does not hold UTF-8 text") from None


def link_value(text: str, what: str) -> str | None:
    """The ``what`` parameter's value in ``text`` when it is a link (an address with
    ``#what=`` or ``?what=``, or a bare ``what=VALUE``), else None. Other parameters are left
    alone; the value is URL-decoded."""
    text = text.strip()
    match = re.search(r"(?:^|[#?&])" + re.escape(what) + r"=([^&#\s]*)", text)
    if match is None:
        return None
    return unquote(match.group(1))


__all__ = ["PARAMETERS", "link_value", "pack", "packed_limit", "unpack"]
