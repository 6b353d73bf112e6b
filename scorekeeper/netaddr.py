"""This machine's addresses on the local network, for ``make run HOST=0.0.0.0`` in development.

Phones at the table reach a laptop by its LAN address (``http://192.168.1.20:8000``) or its
name (``laptop.local``); with DEBUG on, settings add these to ALLOWED_HOSTS. Nothing here sends
a packet: a UDP socket's ``connect`` only asks the kernel which local address routes there.
"""

from __future__ import annotations

import ipaddress
import socket

# TEST-NET-1 (RFC 5737): never routed on the internet; only used to pick the outgoing interface.
_PROBE = ("192.0.2.1", 9)


def lan_hosts() -> list[str]:
    """The machine's name (with ``.local``) and its private IPv4/IPv6 addresses, no duplicates.

    >>> all(isinstance(host, str) and host for host in lan_hosts())
    True
    """
    hosts: list[str] = []

    def add(host: str | None) -> None:
        if host and host not in hosts:
            hosts.append(host)

    try:
        name = socket.gethostname()
    except OSError:
        name = ""
    if name:
        add(name.lower())
        add(f"{name.lower().split('.')[0]}.local")
    for address in _addresses(name):
        if _is_lan(address):
            add(f"[{address}]" if ":" in address else address)  # Host: [fe80::1]:8000
    return hosts


def local_only(host: str) -> bool:
    """Is ``host`` (a Host header, with or without its port) an address other phones cannot
    open: this machine's loopback (127.0.0.1, ::1, localhost) or a bare machine name (``vm``),
    which the other phones' resolvers rarely know?

    >>> [local_only(h) for h in ("127.0.0.1:8000", "localhost", "[::1]:8000", "vm:8000")]
    [True, True, True, True]
    >>> [local_only(h) for h in ("192.168.1.20:8000", "laptop.local", "cards.example.org")]
    [False, False, False]
    """
    name = host.strip().lower()
    if name.startswith("["):  # [v6]:port
        name = name[1 : name.find("]")] if "]" in name else name[1:]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    if name == "localhost" or name.endswith(".localhost"):
        return True
    return bool(name) and "." not in name


def lan_urls(port: str | int) -> list[str]:
    """The addresses other phones can open this machine at: its LAN addresses, then its
    ``.local`` name, as ``http://...:port/``."""
    hosts = sorted(lan_hosts(), key=lambda h: (not h[0].isdigit() and h[0] != "[", h))
    return [f"http://{h}:{port}/" for h in hosts if h[0].isdigit() or h[0] == "[" or "." in h]


def _addresses(name: str) -> list[str]:
    found: list[str] = []
    if name:
        try:
            for info in socket.getaddrinfo(name, None):
                found.append(str(info[4][0]).split("%")[0])
        except OSError:
            pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)  # UDP connect: a routing lookup, no packet leaves
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    return found


def _is_lan(address: str) -> bool:
    """Private (RFC 1918, unique-local) or link-local addresses; not loopback, not public.

    >>> [_is_lan(a) for a in ("192.168.1.20", "10.0.0.5", "127.0.0.1", "8.8.8.8", "fe80::1")]
    [True, True, False, False, True]
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.is_loopback or ip.is_unspecified or ip.is_multicast:
        return False
    return ip.is_private or ip.is_link_local


def _main(argv: list[str]) -> None:
    """``python -m scorekeeper.netaddr HOST PORT``: the addresses phones can open."""
    host, port = (argv + ["127.0.0.1", "8000"])[:2]
    if host in {"0.0.0.0", "::", "[::]"}:
        # Addresses first: a phone resolves a bare machine name rarely, a .local name often.
        print("Phones on this network can open:", *lan_urls(port), sep="\n  ")
    else:
        print(f"Serving on http://{host}:{port}/ (make run HOST=0.0.0.0 lets phones join)")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
