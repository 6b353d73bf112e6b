"""The score sheet: a game's hands and their write path. Services (writes), selectors (reads),
the account of what a change moved (consequences, rescore), the hand entry kinds and forms
generated from the family's entry schema, and the small parsers of posted values."""
