"""Counts in words: "1 die", "3 dice", "1 hull point", "2 hull points"."""

from __future__ import annotations

#: Nouns whose plural is not the noun and an s.
IRREGULAR = {"die": "dice"}


def counted(number: int, noun: str) -> str:
    """``number`` of ``noun``, the noun plural unless there is one.

    >>> counted(1, "die"), counted(600, "die"), counted(1, "hull point"), counted(0, "carrier")
    ('1 die', '600 dice', '1 hull point', '0 carriers')
    """
    if number == 1:
        return f"{number} {noun}"
    head, _, last = noun.rpartition(" ")
    plural = IRREGULAR.get(last, f"{last}s")
    return f"{number} {head} {plural}" if head else f"{number} {plural}"
