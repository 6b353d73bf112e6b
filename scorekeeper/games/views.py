from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.rules import all_variants


def home(request: HttpRequest) -> HttpResponse:
    """Front page: every variant the engine knows, in the engine's display order."""
    return render(request, "home.html", {"variants": all_variants()})
