"""The rules and dispute pages: the rules page of each variant and game, the checker (forms),
the rule search (search), and the reference template tags."""
