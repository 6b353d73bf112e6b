from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "scorekeeper.games"
    label = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import events, signals

        # Every committed change of a game reaches the phones that follow it (live events).
        signals.game_changed.connect(events.published, dispatch_uid="games.events.published")
