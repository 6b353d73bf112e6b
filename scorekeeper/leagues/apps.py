from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "scorekeeper.leagues"
    label = "leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from scorekeeper.games.pages.page_parts import GamePagePart, add_game_page_part
        from scorekeeper.games.rights.access import add_edit_right

        # Connects the receiver that keeps league standings in step with their games.
        from . import services  # noqa: F401
        from .access import organiser_may_edit
        from .selectors import game_league, games_with_league

        # The organiser of a game's league may correct it as its own keeper may.
        add_edit_right(organiser_may_edit)

        # The league's part of the game page: the league, and the ratings the game moved.
        add_game_page_part(
            GamePagePart(
                template="leagues/includes/game_part.html",
                data=lambda game: game_league(game=game),
                games=games_with_league,
            )
        )
