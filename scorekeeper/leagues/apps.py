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

        # Club nights: a night's live stream follows every table of the night.
        from scorekeeper.games import events, signals

        from . import night_events

        events.add_reader(night_events.KIND, night_events.read_nights)
        # An approved round's games take corrections only from the organiser, with a reason.
        from scorekeeper.games.scoresheet.closing import add_closed_check

        from .nights import game_closed, games_read_closed

        add_closed_check(game_closed, read=games_read_closed)
        signals.game_changed.connect(
            night_events.on_game_changed, dispatch_uid="leagues.night_events"
        )

        # A club night's table: its night, round and table, and a way to call the organiser.
        from .night_selectors import game_night, games_with_night

        add_game_page_part(
            GamePagePart(
                template="leagues/includes/night_part.html",
                data=lambda game: game_night(game=game),
                games=games_with_night,
            )
        )

        # The league's part of the game page: the league, and the ratings the game moved.
        add_game_page_part(
            GamePagePart(
                template="leagues/includes/game_part.html",
                data=lambda game: game_league(game=game),
                games=games_with_league,
            )
        )
