from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "scorekeeper.leagues"
    label = "leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Connects the receiver that keeps league standings in step with their games.
        from . import services  # noqa: F401
