"""The one error of reading an assignment or a submission: ``AssignmentError``, naming the
field that is wrong (``title``, ``boards``, ``criteria[2].weight``, ...) and saying what is."""

from __future__ import annotations


class AssignmentError(ValueError):
    """An assignment or submission that cannot be read: ``field`` (the JSON key, with an index
    where it is in a list: ``criteria[1].max_mean``) and ``message`` (one sentence)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


__all__ = ["AssignmentError"]
