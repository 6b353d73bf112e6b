from django.urls import include, path

from scorekeeper.api.api import api
from scorekeeper.games import views as games_views

urlpatterns = [
    path("", games_views.home, name="home"),
    path("api/v1/", api.urls),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.leagues.urls")),
]
