"""What the game pages show: the game page's context (game_page), the presenter (presentation),
the start page (starting), the hook other apps add page parts through (page_parts), the
provisional totals of an offline hand, and the CSV/JSON export of a game."""
