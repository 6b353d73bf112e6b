from django.urls import include, path

from scorekeeper.api.api import api
from scorekeeper.games import views as games_views

urlpatterns = [
    path("", games_views.home, name="home"),
    path("api/v1/", api.urls),
    # Django's set_language (POST): the footer's language switcher, kept in a cookie.
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.leagues.urls")),
]

# JSON under /api/, templates/error.html elsewhere; both show the request id.
handler400 = "scorekeeper.error_pages.bad_request"
handler403 = "scorekeeper.error_pages.permission_denied"
handler404 = "scorekeeper.error_pages.page_not_found"
handler500 = "scorekeeper.error_pages.server_error"
