"""The links `brigade serve` prints (its first run's): ones a person can open in a browser."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from brigade.serving import links_to, network_address


def test_a_server_bound_to_one_address_is_opened_at_it() -> None:
    assert links_to("/setup#abc", "127.0.0.1", 8000) == ["http://127.0.0.1:8000/setup#abc"]
    assert links_to("/setup#abc", "::1", 8080) == ["http://[::1]:8080/setup#abc"]


def test_every_interface_is_localhost_here_and_the_network_address_elsewhere() -> None:
    for every in ("0.0.0.0", "::"):
        assert links_to("/setup#abc", every, 8000, lambda: "192.168.1.20") == [
            "http://localhost:8000/setup#abc",
            "http://192.168.1.20:8000/setup#abc",
        ]


def test_with_no_network_only_localhost_is_printed() -> None:
    assert links_to("/setup#abc", "0.0.0.0", 8000, lambda: None) == [
        "http://localhost:8000/setup#abc"
    ]


def test_the_network_address_is_one_other_machines_can_reach_or_none() -> None:
    found = network_address()
    assert found is None or not ipaddress.IPv4Address(found).is_loopback


class _NoRoute(socket.socket):
    def connect(self, address: object) -> None:
        raise OSError(101, "Network is unreachable")


def test_with_no_route_out_there_is_no_network_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "socket", _NoRoute)
    assert network_address() is None
