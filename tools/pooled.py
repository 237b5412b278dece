"""Several seeds' paired matches taken together: what a change did over all their games.

Each argument names two ``--log`` files of the arena that played the same games (the same
seed, players and rounds), the changed bot's first: ``AFTER_LOG:BEFORE_LOG``. Every pair is
reported as ``--paired-with`` reports it, then all of them as one pairing, every game
weighed alike:

    python tools/pooled.py s2_new.log:s2_old.log s3_new.log:s3_old.log

A match stopped early counts the games both of its logs hold.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scout_core import arena


def read(path: str) -> arena.ArenaResult:
    """The games a log records; raise ``ValueError`` naming the file when it cannot."""
    try:
        with open(path, encoding="utf-8") as lines:
            # The labels and table size only title a report, which this tool does not print.
            return arena.read_log(path, path, 2, lines)
    except (OSError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from None


def pairs_of(arguments: list[str]) -> list[tuple[str, str]]:
    """``(after, before)`` for each ``AFTER_LOG:BEFORE_LOG``; raise ``ValueError`` for
    another form."""
    pairs = []
    for argument in arguments:
        after, colon, before = argument.rpartition(":")
        if not (colon and after and before):
            raise ValueError(f"{argument!r} is not of the form AFTER_LOG:BEFORE_LOG")
        pairs.append((after, before))
    return pairs


def _indented(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def main(argv: list[str] | None = None) -> None:
    """Report each pair of logs, then all of them pooled."""
    parser = argparse.ArgumentParser(prog="python tools/pooled.py", description=__doc__)
    parser.add_argument("pairs", nargs="+", metavar="AFTER_LOG:BEFORE_LOG")
    args = parser.parse_args(argv)
    try:
        matches = [(read(after), read(before)) for after, before in pairs_of(args.pairs)]
        for (after, before), text in zip(matches, args.pairs, strict=True):
            try:
                pairing = arena.pair(after, before)
            except ValueError as error:
                raise ValueError(f"{text}: {error}") from None
            print(f"{text}\n" + _indented(pairing.report()))
        print("all together\n" + _indented(arena.pool(matches).report()))
    except ValueError as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
