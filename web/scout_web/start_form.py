"""The start screen: the new-game form (a row per seat, names with friends, the settings it
describes) and the statistics beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dom import by_id, clear, el, query, storage_get
from .i18n import _
from .prefs import PREFS_KEY, Prefs, read_prefs
from .session import PERSON, Settings, levels
from .words import level_name, minus, number, seat_names

if TYPE_CHECKING:
    from .keeping import Keeper

MAX_SEATS = 5


class StartForm:
    """Fills the form from the player's last choices and reads a new game's settings from it."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper
        self.version = ""  # the engine's, shown under the statistics

    def fill(self, prefs: Prefs) -> None:
        """The start form as the player last filled it."""
        by_id("opt-players").value = str(prefs.players)
        by_id("opt-rounds").value = str(prefs.rounds)
        by_id("opt-speed").value = prefs.speed
        self.fill_levels(prefs.players, prefs)

    def fill_levels(self, players: int, prefs: Prefs | None = None) -> None:
        """A row per seat: who plays it (an AI level or a person here) and a person's name.
        Without ``prefs``, what the form holds now is kept for the seats that remain."""
        box = by_id("opt-levels")
        typed = [query(f"#opt-name-{seat}") for seat in range(MAX_SEATS)]
        chosen_before = prefs or Prefs(
            levels=tuple(str(node.value) for node in box.querySelectorAll("select")),
            names=tuple("" if node is None else str(node.value) for node in typed),
        )
        for node in list(box.querySelectorAll(".level")):
            node.remove()
        names = seat_names(players)
        for seat in range(players):
            wrap = el("div", "level")
            if seat == 0:
                wrap.append(el("span", "seat-label", names[0]))
            else:
                ident = f"opt-level-{seat}"
                wrap.append(el("label", "seat-label", names[seat], for_=ident))
                select = el("select", "", id=ident, name=f"level{seat}")
                chosen = chosen_before.level(seat)
                for level in [*levels(), PERSON]:
                    text = _("A person here") if level == PERSON else level_name(level)
                    option = el("option", "", text, value=level)
                    if level == chosen:
                        option.setAttribute("selected", "")
                    select.append(option)
                wrap.append(select)
            name = el(
                "input",
                "name-input",
                id=f"opt-name-{seat}",
                name=f"name{seat}",
                autocomplete="off",
                maxlength="60",
                placeholder=_("Player {number}").format(number=seat + 1),
                aria_label=_("Name of the person playing {seat}").format(seat=names[seat])
                if seat
                else _("Your name"),
            )
            name.value = chosen_before.name(seat)
            wrap.append(name)
            box.append(wrap)
        self.show_name_fields()

    def show_name_fields(self) -> None:
        """Names are asked for only in a game with friends: of every seat a person plays."""
        selects = list(by_id("opt-levels").querySelectorAll("select"))
        people = {0} | {i + 1 for i, node in enumerate(selects) if str(node.value) == PERSON}
        shared = len(people) > 1
        for seat in range(len(selects) + 1):
            by_id(f"opt-name-{seat}").hidden = not (shared and seat in people)
        by_id("opt-practice").disabled = shared

    def settings(self, *, muted: bool) -> Settings | None:
        """The new game the form describes (remembered for next time), or None after saying
        what is wrong with it."""
        form = by_id("new-game")
        players = int(form.elements.namedItem("players").value)
        rounds_value = int(form.elements.namedItem("rounds").value)
        seed_text = str(form.elements.namedItem("seed").value).strip()
        message = by_id("form-message")
        seed: int | None = None
        if seed_text:
            if not seed_text.isdigit() or len(seed_text) > 15:
                message.textContent = _("The deal number is a whole number, like 1234.")
                message.hidden = False
                return None
            seed = int(seed_text)
        message.hidden = True
        chosen = tuple(
            str(form.elements.namedItem(f"level{seat}").value) for seat in range(1, players)
        )
        typed = tuple(str(form.elements.namedItem(f"name{seat}").value) for seat in range(players))
        settings = Settings(
            players=players,
            rounds=rounds_value or None,
            levels=chosen,
            names=typed,
            seed=seed,
            speed=str(form.elements.namedItem("speed").value),
            practice=bool(form.elements.namedItem("practice").checked),
        )
        if self.keeper.writer:
            language = read_prefs(storage_get(PREFS_KEY)).lang  # "" while it follows the browser
            prefs = Prefs.of(settings, muted=muted, lang=language)
            self.keeper.store(PREFS_KEY, prefs.to_json())
        return settings

    def draw_stats(self) -> None:
        stats = self.keeper.stats()
        by_id("status").textContent = _("Rules engine scout_core {version}").format(
            version=self.version
        )
        box = clear(by_id("stats"))
        average = "—" if stats.average is None else number(stats.average)
        best = "—" if stats.best is None else minus(stats.best)
        for term, value in (
            (_("Games played"), str(stats.played)),
            (_("Wins"), str(stats.won)),
            (_("Average score"), average),
            (_("Best score"), best),
        ):
            box.append(el("dt", "", term), el("dd", "", value))
