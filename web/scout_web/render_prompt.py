"""The prompt under the hand: what the player is told, and the buttons for what they can do."""

from __future__ import annotations

from . import entry as ent
from .dom import button, by_id, clear, el
from .session import Session
from .words import HUMAN, values_text


def render_prompt(
    session: Session, *, show_suggestions: bool, hint_text: str, hinting: bool, guided: bool
) -> None:
    """Say what the player can do now: the message, the action buttons, the legal shows.

    ``show_suggestions`` lists the legal shows, ``hint_text`` leads the message, ``hinting``
    says the hint is being worked out, and in the guided hand (``guided``) its script talks.
    """
    game = session.game
    entry = session.entry
    actions = clear(by_id("actions"))
    suggestions = clear(by_id("suggestions"))
    message = ""
    if session.over:
        message = "The game is over."
        actions.append(button("See the final standings", "open-final", primary=True))
    elif session.summary_pending:
        message = "The round is over."
        actions.append(button("See the round's scores", "open-summary", primary=True))
    elif not session.human_to_move():
        seat = game.to_move
        name = session.names[seat] if seat is not None else ""
        if game.phase == "orient":
            message = f"{name} is choosing to keep or rotate their hand…"
        else:
            message = f"{name} is playing…"
    elif game.phase == "orient":
        message = "Keep your hand as dealt, or rotate it (order reversed, every card flipped)?"
        actions.append(button("Keep this hand", "keep", primary=True, shortcut="K"))
        actions.append(button("Rotate it", "rotate", shortcut="R"))
    elif entry.mode == "show":
        hand = game.hands[HUMAN]
        if entry.selection:
            message = ent.selection_note(hand, entry.selection, game.table)
        else:
            message = "Select cards side by side to show" + (
                ", or scout a card from an end of the table." if game.table else "."
            )
        move = ent.move_of(game, HUMAN, entry)
        label = "Show"
        if move is not None:
            label = f"Show {values_text([hand[i].value for i in entry.selection])}"
        actions.append(button(label, "confirm", primary=True, disabled=move is None, shortcut="S"))
        if game.table:
            actions.append(
                button("Scout", "scout", disabled=not ent.scout_possible(game, HUMAN), shortcut="C")
            )
            if game.players > 2:
                actions.append(
                    button(
                        "Scout & Show",
                        "scout-show",
                        disabled=not ent.scout_show_possible(game, HUMAN),
                        shortcut="A",
                    )
                )
        if entry.selection:
            actions.append(button("Clear", "clear"))
        actions.append(
            button(
                "Hide legal shows" if show_suggestions else "Legal shows",
                "suggest",
                shortcut="G",
                pressed=show_suggestions,
            )
        )
        actions.append(button("Hint", "hint", shortcut="H"))
    else:
        message = ent.problem_of(game, HUMAN, entry)
        card = ent.taken_card(game.table, entry)
        kind = "Scout & Show" if entry.mode == "scout_show" else "Scout"
        if entry.show_step:
            move = ent.move_of(game, HUMAN, entry)
            actions.append(
                button(
                    "Confirm Scout & Show",
                    "confirm",
                    primary=True,
                    disabled=move is None,
                    shortcut="S",
                )
            )
            actions.append(button("Change the scout", "back"))
        else:
            if entry.end is None:
                actions.append(button("Take left end", "end-left", shortcut="["))
                actions.append(button("Take right end", "end-right", shortcut="]"))
            if card is not None:
                flip = button(
                    f"Turn the card (now {card.value} over {card.other})", "flip", shortcut="F"
                )
                actions.append(flip)
            if entry.mode == "scout":
                move = ent.move_of(game, HUMAN, entry)
                actions.append(
                    button("Confirm scout", "confirm", primary=True, disabled=move is None)
                )
            else:
                ready = entry.insert_at is not None and ent.can_follow_with_show(game, HUMAN, entry)
                actions.append(
                    button("Continue to the show", "to-show", primary=True, disabled=not ready)
                )
        actions.append(button(f"Cancel {kind}", "cancel", shortcut="Esc"))
    if (
        session.human_to_move()
        and game.phase == "play"
        and show_suggestions
        and (entry.mode == "show" or entry.show_step)
    ):
        hand, _ = ent.shown_hand(game, HUMAN, entry)
        slices = ent.legal_slices(game, HUMAN, entry)
        suggestions.append(
            el(
                "span",
                "suggestions-title",
                "Legal shows:" if slices else "No show beats the table: scout instead.",
            )
        )
        for start, stop in slices[:24]:
            values = [c.value for c in hand[start:stop]]
            choice = button(values_text(values), "select", small=True, index=start)
            choice.setAttribute("data-j", str(stop))
            choice.setAttribute("data-key", f"select-{start}-{stop}")
            suggestions.append(choice)
    if session.can_undo():
        actions.append(button("Undo my move", "undo", shortcut="U"))
    if hint_text and session.human_to_move():
        message = f"{hint_text} {message}"
    if hinting and session.human_to_move():
        message = "Looking for a good move… (the strongest AI is thinking)"
        actions.append(button("Stop the hint", "cancel-hint"))
    if guided:
        from .tutorial import guide  # noqa: PLC0415 - only in the guided hand

        message = guide(session)
        actions.append(button("Leave the guided hand", "new-game"))
    set_message(message)


def set_message(text: str) -> None:
    """The line that tells the player what is happening and what to do."""
    by_id("message").textContent = text
