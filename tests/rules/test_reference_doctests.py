"""The usage examples in the reference modules' docstrings stay true."""

import doctest

import pytest

from scorekeeper.rules.reference import book, check


@pytest.mark.parametrize("module", [book, check])
def test_docstring_examples(module):
    failed, attempted = doctest.testmod(module, raise_on_error=False, verbose=False)
    assert attempted > 0
    assert failed == 0
