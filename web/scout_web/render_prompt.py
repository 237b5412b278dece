"""The prompt under the hand: what the player is told, and the buttons for what they can do."""

from __future__ import annotations

from typing import Any

from scout_core import Scout, ScoutShow, rules

from . import entry as ent
from .dom import button, by_id, clear_keeping_focus, el
from .i18n import _
from .session import Session
from .words import both, card_name, round_end_warning, show_choice, values_text


def render_prompt(
    session: Session, *, show_suggestions: bool, hint_text: str, hinting: bool, guided: bool
) -> None:
    """Say what the player can do now: the message, the action buttons, the legal shows.

    ``show_suggestions`` lists the legal shows, ``hint_text`` leads the message, ``hinting``
    says the hint is being worked out, and in the guided hand (``guided``) its script talks.
    """
    actions = clear_keeping_focus(by_id("actions"))
    clear_keeping_focus(by_id("suggestions"))
    entry = session.entry
    if not session.human_to_move():
        message = waiting(session, actions)
    elif session.game.phase == "orient":
        message = _("Keep your hand as dealt, or rotate it (order reversed, every card flipped)?")
        actions.append(button(_("Keep this hand"), "keep", primary=True, shortcut="K"))
        actions.append(button(_("Rotate it"), "rotate", shortcut="R"))
    elif entry.mode == "show":
        message = showing(session, actions, show_suggestions)
    else:
        message = scouting(session, actions)
    picking = entry.mode == "show" or entry.show_step
    if session.human_to_move() and session.game.phase == "play" and show_suggestions and picking:
        list_legal_shows(session)
    if session.can_undo():
        actions.append(button(_("Undo my move"), "undo", shortcut="U"))
    if hint_text and session.human_to_move():
        message = hint_text  # it says the move, why, and what to do: once
    warning = ending_note(session)
    if warning:
        message = both(message, warning)
    if hinting and session.human_to_move():
        message = _("Looking for a good move… (the strongest AI is thinking)")
        actions.append(button(_("Stop the hint"), "cancel-hint"))
    if guided:
        from .tutorial import guide  # noqa: PLC0415 - only in the guided hand

        message = guide(session)
        if session.game.moves:
            actions.append(button(_("Start a real game"), "new-game", primary=True))
        else:
            actions.append(button(_("Leave the guided hand"), "new-game"))
    set_message(message)


def waiting(session: Session, actions: Any) -> str:
    """The game is over, a round's scores wait to be seen, or another player decides."""
    if session.over:
        actions.append(button(_("See the final standings"), "open-final", primary=True))
        return _("The game is over.")
    if session.summary_pending:
        actions.append(button(_("See the round's scores"), "open-summary", primary=True))
        return _("The round is over.")
    game = session.game
    name = session.names[game.to_move] if game.to_move is not None else ""
    if session.handover_to() is not None:
        return _("Pass the device to {name}.").format(name=name)
    if game.phase == "orient":
        return _("{name} is choosing to keep or rotate their hand…").format(name=name)
    return _("{name} is playing…").format(name=name)


def showing(session: Session, actions: Any, show_suggestions: bool) -> str:
    """Picking cards to show (or choosing to scout instead)."""
    game, entry = session.game, session.entry
    move = ent.move_of(game, session.viewer, entry)
    label = _("Show")
    if move is not None:
        hand = game.hands[session.viewer]
        values = values_text([hand[i].value for i in entry.selection])
        label = _("Show {cards}").format(cards=values)
    actions.append(button(label, "confirm", primary=True, disabled=move is None, shortcut="S"))
    if game.table:
        can_scout = ent.scout_possible(game, session.viewer)
        actions.append(button(_("Scout"), "scout", disabled=not can_scout, shortcut="C"))
        if game.players > 2:
            possible = ent.scout_show_possible(game, session.viewer)
            actions.append(
                button(_("Scout & Show"), "scout-show", disabled=not possible, shortcut="A")
            )
    if entry.selection:
        actions.append(button(_("Clear"), "clear"))
    label = _("Hide legal shows") if show_suggestions else _("Legal shows")
    actions.append(button(label, "suggest", shortcut="G", pressed=show_suggestions))
    actions.append(button(_("Hint"), "hint", shortcut="H"))
    if entry.selection:
        return ent.selection_note(game, session.viewer, entry)
    if game.table:
        return _("Select cards side by side to show, or scout a card from an end of the table.")
    return _("Select cards side by side to show.")


def scouting(session: Session, actions: Any) -> str:
    """A Scout, or a Scout & Show, being entered."""
    game, entry = session.game, session.entry
    both_ways = entry.mode == "scout_show"
    if entry.show_step:
        move = ent.move_of(game, session.viewer, entry)
        confirm = button(
            _("Confirm Scout & Show"), "confirm", primary=True, disabled=move is None, shortcut="S"
        )
        actions.append(confirm)
        actions.append(button(_("Change the scout"), "back"))
    else:
        if entry.end is None:
            actions.append(button(_("Take left end"), "end-left", shortcut="["))
            actions.append(button(_("Take right end"), "end-right", shortcut="]"))
        card = ent.taken_card(game.table, entry)
        if card is not None:
            turn = _("Turn the card (now {card})").format(card=card_name(card))
            actions.append(button(turn, "flip", shortcut="F"))
        if entry.mode == "scout":
            move = ent.move_of(game, session.viewer, entry)
            ends = move is not None and rules.round_end_after(game, move) is not None
            label = _("Confirm scout (ends the round)") if ends else _("Confirm scout")
            actions.append(button(label, "confirm", primary=True, disabled=move is None))
        else:
            ready = entry.insert_at is not None and ent.can_follow_with_show(
                game, session.viewer, entry
            )
            actions.append(
                button(_("Continue to the show"), "to-show", primary=True, disabled=not ready)
            )
    cancel = _("Cancel Scout & Show") if both_ways else _("Cancel Scout")
    actions.append(button(cancel, "cancel", shortcut="Esc"))
    return ent.problem_of(game, session.viewer, session.entry)


def list_legal_shows(session: Session) -> None:
    """Every show that beats the table now, biggest first, each a button that picks it."""
    game, entry = session.game, session.entry
    suggestions = by_id("suggestions")
    hand, _new = ent.shown_hand(game, session.viewer, entry)
    slices = ent.legal_slices(game, session.viewer, entry)
    title = _("Legal shows:") if slices else _("No show beats the table: scout instead.")
    suggestions.append(el("span", "suggestions-title", title))
    for start, stop in slices[:24]:
        values = [c.value for c in hand[start:stop]]
        chosen = entry.selection == tuple(range(start, stop))
        choice = button(
            show_choice(values, start, stop), "select", small=True, index=start, pressed=chosen
        )
        choice.setAttribute("data-j", str(stop))
        choice.setAttribute("data-key", f"select-{start}-{stop}")
        suggestions.append(choice)


def ending_note(session: Session) -> str:
    """When the move ready to confirm would end the round, what it costs or brings (the
    engine says whether it does, and the scores)."""
    if not session.human_to_move() or session.game.phase != "play":
        return ""
    move = ent.move_of(session.game, session.viewer, session.entry)
    if move is None:
        return ""
    result = rules.round_end_after(session.game, move)
    if result is None:
        return ""
    what = "scout" if isinstance(move, Scout) else "move" if isinstance(move, ScoutShow) else "show"
    return round_end_warning(result, session.names, what, session.viewer)


def set_message(text: str) -> None:
    """The line that tells the player what is happening and what to do."""
    by_id("message").textContent = text
