"""The public record of a game: what every seat saw happen (R17)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from .cards import Card, format_cards, parse_cards
from .moves import End

Action = Literal["keep", "rotate", "show", "scout", "scout_show"]


class Event(NamedTuple):
    """One public fact: a seat's keep/rotate choice (told once all have chosen), a Show, a Scout
    (the card as it lay on the table, not where it went) or a Scout & Show."""

    round: int
    seat: int
    action: Action
    scouted: Card | None = None
    end: End | None = None
    shown: tuple[Card, ...] = ()
    captured: int = 0

    def __str__(self) -> str:
        """The public part of the move: ``scout right 7/3 + show 4/9 5/2``."""
        if self.action in ("keep", "rotate"):
            return self.action
        scout = f"scout {self.end} {self.scouted}" if self.scouted is not None else ""
        show = f"show {format_cards(self.shown)}" if self.shown else ""
        return " + ".join(part for part in (scout, show) if part)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "round": self.round,
            "seat": self.seat,
            "move": str(self),
            "captured": self.captured,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Read what :meth:`to_dict` wrote; raise ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"log: each event is an object, not {data!r}")
        rnd, seat, text, captured = (data.get(k) for k in ("round", "seat", "move", "captured"))
        if not (
            isinstance(rnd, int) and isinstance(seat, int) and isinstance(captured, int)
        ) or not isinstance(text, str):
            raise ValueError(f"log: event needs round, seat, captured (ints) and move: {data!r}")
        if text in ("keep", "rotate"):
            return cls(rnd, seat, "keep" if text == "keep" else "rotate")
        scout_part, plus, show_part = text.partition(" + ")
        try:
            if scout_part.startswith("show "):
                return cls(rnd, seat, "show", shown=parse_cards(scout_part[5:]), captured=captured)
            words = scout_part.split()
            if len(words) != 3 or words[0] != "scout" or words[1] not in ("left", "right"):
                raise ValueError(text)
            end: End = "left" if words[1] == "left" else "right"
            card = Card.parse(words[2])
            if not plus:
                return cls(rnd, seat, "scout", card, end)
            if not show_part.startswith("show "):
                raise ValueError(text)
            shown = parse_cards(show_part[5:])
            return cls(rnd, seat, "scout_show", card, end, shown, captured)
        except ValueError:
            raise ValueError(f"log: not an event: {text!r}") from None
