"""The page's game logic, in plain Python: no browser imports, so CPython tests can run it.

``words`` names things for people, ``entry`` is the half-entered move of the human player,
``session`` is one game at the table (settings, the game, whose turn, AI pacing), ``storage``
writes and checks saved games and statistics; ``tutorial`` is the guided first hand. The rest
touch the page and run only in the browser: ``view`` turns clicks and keys into calls on the
session; ``render_table``, ``render_prompt``, ``render_log`` and ``summary`` draw it, with the
helpers in ``dom``.

Choices made here, for players:

- Undo: before confirming, everything is free (Cancel, Clear, Change the scout). After a
  confirmed Show or Scout, the person may take it back only until the next player has moved and
  never across a round end, so nobody replays with knowledge of a reply or of a new deal.
- AI players draw their random choices from the deal number and the move number, so a reload in
  the middle of a think makes the same move, and the save only ever holds committed moves.
- The page marks ``data-ready`` (Python running), ``data-busy`` (an AI turn is under way),
  ``data-turn`` (human, ai, summary, over) and ``data-moves`` on ``<html>`` for tests.
"""
