from django.urls import path

from . import views

urlpatterns = [
    path("leagues/new/", views.league_new, name="league_new"),
    path("leagues/mine/", views.my_leagues, name="my_leagues"),
    path("leagues/<str:league_id>/", views.league_page, name="league"),
    path("leagues/<str:league_id>/join/", views.league_join, name="league_join"),
    path(
        "leagues/<str:league_id>/join/<str:token>/",
        views.league_join_legacy,
        name="league_join_legacy",
    ),
    path("leagues/<str:league_id>/share/", views.league_share, name="league_share"),
    path("leagues/<str:league_id>/settings/", views.league_settings, name="league_settings"),
    path("leagues/<str:league_id>/export.csv", views.league_export, name="league_export"),
    path("leagues/<str:league_id>/import/", views.league_import, name="league_import"),
    path("leagues/<str:league_id>/games/new/", views.league_game_new, name="league_game_new"),
    path("leagues/<str:league_id>/games/", views.league_games, name="league_games"),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/remove/",
        views.league_game_remove_view,
        name="league_game_remove",
    ),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/restore/",
        views.league_game_restore_view,
        name="league_game_restore",
    ),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/correct/",
        views.league_game_correct,
        name="league_game_correct",
    ),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/ranked/",
        views.league_game_ranked,
        name="league_game_ranked",
    ),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/accept/",
        views.league_game_accept_view,
        name="league_game_accept",
    ),
    path(
        "leagues/<str:league_id>/games/<str:game_id>/played-on/",
        views.league_game_played_on,
        name="league_game_played_on",
    ),
    path("leagues/<str:league_id>/seasons/", views.season_add, name="league_season_add"),
    path(
        "leagues/<str:league_id>/seasons/<int:season_id>/delete/",
        views.season_remove,
        name="league_season_delete",
    ),
    path(
        "leagues/<str:league_id>/players/<int:player_id>/",
        views.player_page,
        name="league_player",
    ),
    path(
        "leagues/<str:league_id>/players/<int:player_id>/rename/",
        views.player_rename_view,
        name="league_player_rename",
    ),
    path(
        "leagues/<str:league_id>/players/<int:player_id>/merge/",
        views.player_merge_view,
        name="league_player_merge",
    ),
]
