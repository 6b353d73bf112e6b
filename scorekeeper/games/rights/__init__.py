"""Who may change a thing: grant rows (grants), the edit right of a game (access), and the guard
and secret-link flow in front of the views that change something (gates)."""
