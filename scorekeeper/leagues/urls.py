from django.urls import path

from . import night_views, views

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
    # Club nights (issue 34)
    path("games/<str:game_id>/call/", night_views.table_call_page, name="game_call"),
    path("leagues/<str:league_id>/nights/new/", night_views.night_new, name="league_night_new"),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/",
        night_views.night_page,
        name="league_night",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/edit/",
        night_views.night_edit,
        name="league_night_edit",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/draw/",
        night_views.night_draw,
        name="league_night_draw",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/rounds/<int:number>/swap/",
        night_views.night_swap,
        name="league_night_swap",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/rounds/<int:number>/approve/",
        night_views.night_approve,
        name="league_night_approve",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/rounds/<int:number>/cards/",
        night_views.night_cards,
        name="league_night_cards",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/tables/<str:game_id>/clear/",
        night_views.night_call_clear,
        name="league_night_call_clear",
    ),
    path(
        "leagues/<str:league_id>/nights/<int:night_id>/screen/",
        night_views.night_screen,
        name="league_night_screen",
    ),
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
