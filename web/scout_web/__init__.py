"""The page's game logic, in plain Python: no browser imports, so CPython tests can run it.

``words`` names things for people, ``entry`` is the half-entered move of the human player,
``session`` is one game at the table (settings, the game, whose turn, AI pacing), ``storage``
writes and checks saved games and statistics. ``view`` (the only module that touches the
page) draws a session and turns clicks and keys into calls on it.
"""
