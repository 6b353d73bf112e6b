"""The usage examples in the engine's docstrings stay true, and every public function has one."""

import doctest
import importlib
import inspect
import pkgutil

import pytest

import scorekeeper.rules

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(scorekeeper.rules.__path__, prefix="scorekeeper.rules.")
)


def test_the_walk_finds_the_engine():
    assert "scorekeeper.rules.cards" in MODULES and "scorekeeper.rules.scoring" in MODULES


@pytest.mark.parametrize("name", ["scorekeeper.rules", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} doctest failures in {name}"


PUBLIC_FUNCTIONS = sorted(
    name
    for name in scorekeeper.rules.__all__
    if inspect.isfunction(getattr(scorekeeper.rules, name))
)


def test_public_functions_are_listed():
    assert {"parse_cards", "best_arrangement", "score_hand", "replay"} <= set(PUBLIC_FUNCTIONS)


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_every_public_function_has_a_runnable_example(name):
    function = getattr(scorekeeper.rules, name)
    tests = doctest.DocTestFinder().find(function, name)
    assert tests and tests[0].examples, f"scorekeeper.rules.{name} has no doctest"
