"""Share links other phones cannot open (issue 15 bug 4): opened at 127.0.0.1, localhost or a
bare machine name, the share page says so and shows this machine's LAN addresses with the one
command that serves them. Only Host headers here: no traffic goes to another address."""

import pytest
from django.urls import reverse

from scorekeeper import netaddr

from .page_helpers import start_game

pytestmark = pytest.mark.django_db

WARNING = "Other phones cannot open these links"


@pytest.fixture
def machine(monkeypatch, settings):
    monkeypatch.setattr(netaddr, "lan_hosts", lambda: ["vm", "vm.local", "192.168.1.20"])
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "vm", "192.168.1.20"]
    settings.PUBLIC_URL = ""


def share(client, game_id, host):
    response = client.get(reverse("game_share", args=[game_id]), HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "vm:8000"])
def test_a_local_only_address_is_named_with_the_lan_addresses_and_the_command(
    client, machine, host
):
    game_id = start_game(client)
    html = share(client, game_id, host)
    assert WARNING in html
    assert f"This page was opened at {host}, an address that only this machine can use." in html
    assert "<code>http://192.168.1.20:8000/</code>" in html
    assert "<code>http://vm.local:8000/</code>" in html
    assert "<code>http://vm:8000/</code>" not in html  # the bare name is the problem
    assert "make run HOST=0.0.0.0" in html
    assert html.index("http://192.168.1.20:8000/") < html.index("http://vm.local:8000/")


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "vm.local:8000"])
def test_an_address_other_phones_can_open_says_nothing(client, machine, settings, host):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "vm.local"]
    game_id = start_game(client)
    assert WARNING not in share(client, game_id, host)


def test_a_configured_public_address_says_nothing(client, machine, settings):
    settings.PUBLIC_URL = "https://cards.example.org"
    game_id = start_game(client)
    assert WARNING not in share(client, game_id, "127.0.0.1:8000")


def test_no_lan_address_says_to_join_the_wifi(client, machine, monkeypatch):
    monkeypatch.setattr(netaddr, "lan_hosts", lambda: ["vm"])
    game_id = start_game(client)
    html = share(client, game_id, "127.0.0.1:8000")
    assert WARNING in html and "join the table" in html
