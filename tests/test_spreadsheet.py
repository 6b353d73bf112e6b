"""One CSV formula escape for the whole project (issue 24 section 5): the games' export and the
leagues' export and import share :mod:`scorekeeper.spreadsheet`, so the fix of c153e70 (a cell
that starts with ``'`` comes back as it was) holds for both."""

import doctest
import inspect

import pytest

import scorekeeper.spreadsheet
from scorekeeper.games.pages import export
from scorekeeper.leagues import transfer


def test_docstring_examples():
    failures, tried = doctest.testmod(scorekeeper.spreadsheet)
    assert tried and not failures


def test_both_apps_use_the_one_helper():
    assert export.spreadsheet_safe is scorekeeper.spreadsheet.spreadsheet_safe
    assert transfer.spreadsheet_safe is scorekeeper.spreadsheet.spreadsheet_safe
    for module in (export, transfer):
        source = inspect.getsource(module)
        assert 'startswith(("=",' not in source and "FORMULA_START" not in source


@pytest.mark.django_db
def test_a_game_export_escapes_a_name_that_starts_with_an_apostrophe():
    from scorekeeper.games.scoresheet.services import game_create

    game, _token = game_create(
        variant="standard-rummy", options=None, players=["'=Al", "=Bo", "-2"], dealer=None
    )
    header = export.game_csv(game=game).splitlines()[0]
    assert "''=Al: change" in header and "'=Bo: change" in header
