"""The package's public face, checked the same way from the source tree and from the wheel."""

import importlib.metadata
import re

import pytest

import scout_core


def test_version_is_a_plain_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", scout_core.__version__)


def test_installed_metadata_carries_the_same_version() -> None:
    assert importlib.metadata.version("scout_core") == scout_core.__version__


@pytest.mark.skipif(not hasattr(scout_core, "Game"), reason="the engine has not landed yet")
def test_a_new_game_offers_moves_and_survives_a_save() -> None:
    game = scout_core.Game.new(players=3, seed=1)
    assert game.legal_moves()
    assert scout_core.Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_position_is_copied_with_changes_never_changed_in_place() -> None:
    position = scout_core.Game.new(players=3, seed=1).position
    with pytest.raises(AttributeError, match="immutable"):
        position.owner = 1
    copy = position.replace(owner=1, scouts_in_row=1)
    assert (copy.owner, copy.scouts_in_row) == (1, 1)
    assert (position.owner, position.scouts_in_row) == (None, 0)
    assert copy.replace(owner=None, scouts_in_row=0) == position
    with pytest.raises(TypeError, match="no field hand"):
        position.replace(hand=())
