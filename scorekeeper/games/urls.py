from django.urls import path

from . import views
from .rulebook import views as views_rules
from .site import pwa
from .views import seats

urlpatterns = [
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("favicon.ico", pwa.favicon, name="favicon"),
    path("offline/", pwa.offline, name="offline"),
    path("rules/", views_rules.rules_index, name="rules_index"),
    path("rules/search", views_rules.rules_search, name="rules_search"),
    path("rules/search/", views_rules.rules_search),
    path("rules/<slug:slug>/", views_rules.rules, name="rules"),
    path("check", views_rules.check, name="check"),
    path("check/", views_rules.check),
    path("games/<str:game_id>/rules/", views_rules.game_rules, name="game_rules"),
    path("games/new/", views.game_start, name="game_start"),
    path("join/", views.game_by_code, name="game_by_code"),
    path("games/mine/", views.my_games, name="my_games"),
    path("games/<str:game_id>/", views.game, name="game"),
    path("games/<str:game_id>/join/", views.game_join, name="game_join"),
    path("games/<str:game_id>/export.csv", views.game_export_csv, name="game_export_csv"),
    path("games/<str:game_id>/export.json", views.game_export_json, name="game_export_json"),
    # Old edit links carried the token in the path; they still work, once, then a clean URL.
    path("games/<str:game_id>/join/<str:token>/", views.game_join_legacy, name="game_join_legacy"),
    path("games/<str:game_id>/share/", views.game_share, name="game_share"),
    path("games/<str:game_id>/handover/", views.game_handover, name="game_handover"),
    path("games/<str:game_id>/take/", views.game_take, name="game_take"),
    path("games/<str:game_id>/undo/", views.game_undo, name="game_undo"),
    path("games/<str:game_id>/rematch/", views.game_rematch_start, name="game_rematch"),
    path("games/<str:game_id>/hands/", views.hand_create, name="hand_create"),
    path("games/<str:game_id>/hands/new/", views.hand_new, name="hand_new"),
    path("games/<str:game_id>/hands/preview/", views.hand_preview, name="hand_preview"),
    path("games/<str:game_id>/hands/saved/", views.hand_saved, name="hand_saved"),
    path("games/<str:game_id>/hands/<int:number>/", views.hand_update, name="hand_update"),
    path("games/<str:game_id>/hands/<int:number>/edit/", views.hand_edit, name="hand_edit"),
    path("games/<str:game_id>/hands/<int:number>/delete/", views.hand_remove, name="hand_delete"),
    path("games/<str:game_id>/seat/", seats.seat_take, name="seat_take"),
    path("games/<str:game_id>/seat/leave/", seats.seat_leave, name="seat_leave"),
    path(
        "games/<str:game_id>/hands/<int:number>/confirm/",
        seats.hand_confirm_view,
        name="hand_confirm",
    ),
    path(
        "games/<str:game_id>/hands/<int:number>/dispute/",
        seats.hand_dispute_view,
        name="hand_dispute",
    ),
    path("games/<str:game_id>/rulings/", seats.ruling_create, name="ruling_create"),
    path(
        "games/<str:game_id>/rulings/<int:ruling_id>/remove/",
        seats.ruling_delete,
        name="ruling_delete",
    ),
]
