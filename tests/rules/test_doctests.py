"""The usage examples in the engine's docstrings stay true."""

import doctest

import pytest

import scorekeeper.rules
import scorekeeper.rules.scoring
import scorekeeper.rules.standing


@pytest.mark.parametrize("module", [scorekeeper.rules, scorekeeper.rules.scoring, scorekeeper.rules.standing])
def test_docstring_examples(module):
    failed, attempted = doctest.testmod(module, raise_on_error=False, verbose=False)
    assert attempted > 0
    assert failed == 0
