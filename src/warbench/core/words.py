"""Counts in words: "1 die", "3 dice", "1 hull point", "2 hull points"."""

from __future__ import annotations

#: Nouns whose plural is not the noun and an s.
IRREGULAR = {"box": "boxes", "die": "dice", "entry": "entries", "hex": "hexes", "life": "lives"}


def counted(number: int, noun: str) -> str:
    """``number`` of ``noun``, the noun plural unless there is one.

    >>> counted(1, "die"), counted(600, "die"), counted(1, "hull point"), counted(0, "carrier")
    ('1 die', '600 dice', '1 hull point', '0 carriers')
    >>> counted(2, "hex"), counted(1, "life"), counted(2, "life")
    ('2 hexes', '1 life', '2 lives')
    """
    if number == 1:
        return f"{number} {noun}"
    head, _, last = noun.rpartition(" ")
    plural = IRREGULAR.get(last, f"{last}s")
    return f"{number} {head} {plural}" if head else f"{number} {plural}"


def one_of(names: list[str], join: str = "or") -> str:
    """Names listed as a person says them.

    >>> one_of(["Dawnbreaker"]), one_of(["Dawnbreaker", "Sparks", "Iron Oath"])
    ('Dawnbreaker', 'Dawnbreaker, Sparks or Iron Oath')
    >>> one_of(["Dawnbreaker", "Sparks"], "and")
    'Dawnbreaker and Sparks'
    """
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {join} {names[-1]}"
