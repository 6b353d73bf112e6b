from django.urls import path

from scorekeeper.games import views as games_views

urlpatterns = [
    path("", games_views.home, name="home"),
]
