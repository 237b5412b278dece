"""The table itself: the AI players' seats, the active set in the middle, the person's hand."""

from __future__ import annotations

from typing import Any

from scout_core import Card, Event
from scout_core.cards import rotated as rotated_hand

from . import entry as ent
from .dom import by_id, card_node, clear, clear_keeping_focus, el, set_var
from .i18n import N_, _, language
from .session import Session, since_my_turn
from .words import (
    captured_text,
    card_name,
    card_place,
    cards_count,
    chips_text,
    combo_name,
    event_line,
    hand_owner,
    level_name,
    listed,
    minus,
    recent_title,
    sentence,
)


def render_seats(session: Session) -> None:
    """The other players around the table, in turn order after the person whose hand is
    drawn: cards held, captures, chips, last move, who plays."""
    game = session.game
    position = game.position
    box = clear(by_id("seats"))
    box.setAttribute("data-count", str(game.players - 1))
    for seat in [(session.viewer + k) % game.players for k in range(1, game.players)]:
        name = session.names[seat]
        thinking = session.thinking == seat
        to_move = game.to_move == seat and not session.summary_pending and not session.still
        person = session.settings.is_person(seat)
        who = _("Person") if person else level_name(session.level_of(seat))
        node = el(
            "article",
            "seat" + (" to-move" if to_move else ""),
            aria_label=_("{name}, a person at this device").format(name=name)
            if person
            else _("{name}, {level} AI").format(name=name, level=who),
            data_seat=seat,
        )
        head = el("div", "seat-head")
        head.append(el("h2", "seat-name", name))
        head.append(el("span", "badge lvl", who))
        if position.starter == seat and game.phase != "over":
            head.append(el("span", "badge starter", _("Starts")))
        node.append(head)
        backs = el("div", "backs", **{"aria-hidden": "true"})
        for _back in range(min(len(game.hands[seat]), 12)):
            backs.append(el("span", "back"))
        node.append(backs)
        facts = el("ul", "facts")
        in_hand = _("{cards} in hand").format(cards=cards_count(len(game.hands[seat])))
        facts.append(el("li", "", in_hand))
        facts.append(el("li", "", captured_text(position.captured[seat])))
        facts.append(el("li", "", chips_text(position.chips[seat])))
        if game.players > 2:
            spent = not position.scout_show[seat]
            facts.append(
                el(
                    "li",
                    "spent" if spent else "ready",
                    _("Scout & Show spent") if spent else _("Scout & Show ready"),
                )
            )
        total = _("Game total {points}").format(points=minus(game.totals[seat]))
        facts.append(el("li", "total", total))
        node.append(facts)
        last = next(
            (
                e
                for e in reversed(game.log)
                if e.seat == seat and e.round == game.round and e.action not in ("keep", "rotate")
            ),
            None,
        )
        if last is not None:
            said = event_line(last, session.names)
            node.append(el("p", "seat-last", _("Last move: {move}").format(move=said)))
        status = ""
        if thinking:
            status = _("Thinking…")
        elif to_move and not session.over:
            status = _("To play")
        if status:
            node.append(el("p", "seat-status", status))
        box.append(node)


def render_table(session: Session) -> None:
    """The active set in the middle; on the person's turn its ends are buttons to scout."""
    game = session.game
    entry = session.entry
    scouting = session.human_to_move() and entry.mode != "show" and game.phase == "play"
    table = game.table
    title = by_id("table-title")
    box = clear(by_id("table-cards"))
    if game.phase == "orient":
        title.textContent = _("Keep or rotate: every player chooses before the first turn")
    elif not table:
        title.textContent = (
            _("The table is empty")
            if game.owner is None
            else _("The table is empty (scouted empty; {name} owns it)").format(
                name=session.names[game.owner]
            )
        )
    else:
        combo, count = combo_name([c.value for c in table]), cards_count(len(table))
        if game.owner == session.viewer or game.owner is None:
            text = _("Active set: {combo}, yours \u2014 {cards}")
        else:
            text = _("Active set: {combo}, {name}'s \u2014 {cards}")
        owner = session.names[game.owner] if game.owner is not None else ""
        title.textContent = text.format(combo=combo, name=owner, cards=count)
    note = by_id("table-note")
    latest = [e for e in game.log if e.round == game.round and e.action not in ("keep", "rotate")]
    told = render_recent(session, latest)
    said = sentence(event_line(latest[-1], session.names)) if latest and not told else ""
    note.textContent = said
    placed = entry.insert_at is not None and entry.end is not None
    for i, card in enumerate(table):
        at_end = i == 0 or i == len(table) - 1
        end = "left" if i == 0 else "right"
        is_taken = entry.end is not None and (
            (entry.end == "left" and i == 0) or (entry.end == "right" and i == len(table) - 1)
        )
        if (
            session.human_to_move()
            and at_end
            and game.phase == "play"
            and (scouting or entry.mode == "show")
            and not entry.show_step
            and session.game.to_move == session.viewer
            and ent.scout_possible(game, session.viewer)
        ):
            if len(table) == 1:
                end = "left"
            if len(table) == 1:
                label = _("Scout the only card: {card}")
            elif end == "left":
                label = _("Scout the left end: {card}")
            else:
                label = _("Scout the right end: {card}")
            label = label.format(card=card_name(card))
            node = card_node(
                card,
                "button",
                "table-card scoutable"
                + (" taken" if is_taken else "")
                + (" gone" if is_taken and placed else ""),
                label,
                data_act=f"end-{end}",
                data_key=f"end-{end}",
                aria_pressed="true" if is_taken else "false",
            )
        else:
            node = card_node(card, "span", "table-card" + (" gone" if is_taken and placed else ""))
        box.append(node)


def render_recent(session: Session, events: list[Event]) -> bool:
    """Every move of the other players since the person's last one, with its cards, on the
    table until the person acts. Returns whether there was anything to tell."""
    recent = since_my_turn(events, session.viewer)
    box = by_id("recent")
    items = clear(by_id("recent-list"))
    box.hidden = not recent
    if not recent:
        return False
    mine = any(e.seat == session.viewer for e in events)
    by_id("recent-title").textContent = recent_title(mine)
    for n, event in enumerate(recent):
        item = el("li", "recent-item" + (" latest" if n == len(recent) - 1 else ""))
        item.append(el("span", "recent-text", sentence(event_line(event, session.names))))
        if event.scouted is not None:
            took = el("span", "recent-cards", aria_hidden="true")
            took.append(card_node(event.scouted, "span", "took"))
            item.append(took)
        if event.shown:
            shown = el("span", "recent-cards", aria_hidden="true")
            for card in event.shown:
                shown.append(card_node(card, "span"))
            item.append(shown)
        items.append(item)
    return True


_drawn_hand: dict[str, object] = {}
"""What the person's hand was last drawn from (the page draws one hand at a time)."""


def render_hand(
    session: Session, show_suggestions: bool, guide_cards: frozenset[int] = frozenset()
) -> None:
    """The person's hand, with the gaps to place a scouted card in, and the rotated preview.

    With ``show_suggestions`` the cards that take part in a legal show are marked; the guided
    hand marks ``guide_cards``, the ones to pick next.
    """
    game = session.game
    entry = session.entry
    me = session.viewer
    if session.handover_to() is not None:
        # Between two people's turns no hand is drawn at all: not the last person's, not the
        # next one's (the page's DOM holds no private card while the device changes hands).
        clear(by_id("hand-cards"))
        clear(by_id("preview"))
        by_id("hand-title").textContent = _("Hands are hidden while the device changes hands")
        _drawn_hand.clear()
        return
    human_turn = session.human_to_move()
    hand, new_index = ent.shown_hand(game, me, entry)
    position = game.position
    title = by_id("hand-title")
    chips = position.chips[me]
    parts = [
        _("{owner} \u2014 {cards}").format(
            owner=hand_owner(session.names[me]), cards=cards_count(len(game.hands[me]))
        ),
        captured_text(position.captured[me]),
        chips_text(chips),
    ]
    if game.players > 2:
        ready = position.scout_show[me]
        parts.append(_("Scout & Show ready") if ready else _("Scout & Show spent"))
    parts.append(_("game total {points}").format(points=minus(game.totals[me])))
    if position.starter == me and game.phase != "over":
        parts.append(_("you start"))
    title.textContent = listed(parts, N_("{first} \u00b7 {second}"))
    placing = human_turn and entry.end is not None and not entry.show_step
    selectable = human_turn and game.phase == "play" and (entry.mode == "show" or entry.show_step)
    in_shows: set[int] = set()
    if show_suggestions and selectable:
        for start, stop in ent.legal_slices(game, me, entry):
            in_shows.update(range(start, stop))
    guided = guide_cards if selectable else set()
    total = len(hand)
    base = game.hands[me]
    orienting = human_turn and game.phase == "orient"
    # Everything the rows below are drawn from. While others play none of it changes, and
    # building the same cards again made each of their moves' redraws take 7-10 ms, not 5.
    scouted_from = game.table if placing else None
    drawn = (language(), me, hand, new_index, base, entry, placing, selectable, orienting,
             frozenset(in_shows), frozenset(guided), scouted_from)  # fmt: skip
    if _drawn_hand.get("hand") == drawn:
        return
    _drawn_hand["hand"] = drawn
    box = clear_keeping_focus(by_id("hand-cards"))
    preview = clear(by_id("preview"))
    # One row, in the hand's order, whatever its size: the stylesheet overlaps the cards
    # (--n of them, each at --i) when they do not fit side by side, and lays out the gaps
    # (--s: where each one sits along the row; --row/--col: its place on a narrow screen).
    box.classList.toggle("placing", placing)
    if placing:
        new_card = ent.taken_card(game.table, entry)
        shown_cards = len(base) + (1 if entry.insert_at is not None else 0)
        set_var(box, "n", shown_cards)
        set_var(box, "cols", (len(base) + 2) // 2)
        i = 0
        for gap in range(len(base) + 1):
            filled = entry.insert_at == gap
            node = gap_button(gap, filled)
            set_var(node, "s", i)
            set_var(node, "row", gap % 2)
            set_var(node, "col", gap // 2)
            box.append(node)
            if filled and new_card is not None:
                card = card_node(
                    new_card,
                    "span",
                    "hand-card new",
                    _("The scouted card, {card}, goes in at position {number}").format(
                        card=card_name(new_card), number=gap + 1
                    ),
                )
                set_var(card, "i", i)
                box.append(card)
                i += 1
            if gap < len(base):
                card = hand_button(
                    card=base[gap],
                    i=gap,
                    total=len(base),
                    entry=entry,
                    selectable=False,
                    in_shows=set(),
                )
                set_var(card, "i", i)
                box.append(card)
                i += 1
    else:
        set_var(box, "n", total)
        for i, card in enumerate(hand):
            node = hand_button(
                card=card,
                i=i,
                total=total,
                entry=entry,
                selectable=selectable,
                in_shows=in_shows,
            )
            set_var(node, "i", i)
            if i in guided:
                node.classList.add("guide")
            if i == new_index:
                node.classList.add("new")
                node.lastChild.append(el("span", "visually-hidden", _(", the scouted card")))
            box.append(node)
    if orienting:
        preview.append(el("p", "preview-title", _("Rotated, your hand would be:")))
        row = el("div", "preview-cards")
        rotated = rotated_hand(game.hands[me])
        for i, card in enumerate(rotated):
            row.append(card_node(card, "span", "", card_place(card, i, total)))
        preview.append(row)


def hand_button(
    card: Card,
    *,
    i: int,
    total: int,
    entry: ent.Entry,
    selectable: bool,
    in_shows: set[int],
) -> Any:
    """One card of the hand, a button that selects it when ``selectable``."""
    selected = selectable and i in entry.selection
    classes = ["hand-card"]
    if selected:
        classes.append("selected")
    if i in in_shows:
        classes.append("playable")
    node = card_node(
        card,
        "button",
        " ".join(classes),
        card_place(card, i, total),
        data_act="card",
        data_i=i,
        data_key=f"card-{i}",
        aria_pressed="true" if selected else "false",
    )
    if not selectable:
        node.setAttribute("aria-disabled", "true")
    return node


def gap_button(gap: int, filled: bool) -> Any:
    """A place between two cards of the hand where the scouted card can go."""
    if filled:
        label = _("The card goes here: position {number}")
    else:
        label = _("Put the card here: position {number}")
    node = el(
        "button",
        "gap" + (" filled" if filled else ""),
        type="button",
        data_act="gap",
        data_i=gap,
        data_key=f"gap-{gap}",
        aria_pressed="true" if filled else "false",
    )
    node.append(
        el("span", "gap-mark", "+", aria_hidden="true"),
        el("span", "visually-hidden", label.format(number=gap + 1)),
    )
    return node


def render_handover(session: Session) -> None:
    """The cover between two people's turns (pass-and-play): it names who is next, and the
    table behind it is out of reach until they tap."""
    seat = session.handover_to()
    cover = by_id("handover")
    by_id("app").inert = seat is not None
    cover.hidden = seat is None
    if seat is None:
        return
    name = session.names[seat]
    by_id("handover-text").textContent = _("Pass the device to {name}").format(name=name)
    by_id("handover-button").textContent = _("I am {name}: show my hand").format(name=name)
