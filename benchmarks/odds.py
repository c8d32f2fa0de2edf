"""The exact-odds benchmark of issue 6, in one run: warbench against icepool.

Run: ``.venv/bin/python benchmarks/odds.py``. It runs, one after another, the core query set
(exploding pools, big sums, keep-highest), then Dystopian Wars gunnery with 13 and 60
exploding dice against DR/CR, a Full Thrust class-3 beam at short range against screen 2,
and the damage of 10 Armada attacks. Each script checks that both answers agree to 1e-12
before it prints a time, and prints the ratio icepool time / warbench time.
"""

from __future__ import annotations

import odds_armada
import odds_core
import odds_dystopian_wars
import odds_full_thrust


def main() -> None:
    for title, script in (
        ("core distributions", odds_core),
        ("Dystopian Wars gunnery", odds_dystopian_wars),
        ("Full Thrust beams", odds_full_thrust),
        ("Armada attacks", odds_armada),
    ):
        print(f"\n=== {title} ===")
        script.main()


if __name__ == "__main__":
    main()
