"""The address rule webhooks and printers share: an IPv6 address is judged by every IPv4
address it carries, so the probe's `[::127.0.0.1]`, `[64:ff9b::7f00:1]` and `[2002:7f00:1::]`
(and the other embeddings) are loopback, not the public internet."""

from __future__ import annotations

import pytest

from brigade.kit.addresses import (
    IPAddress,
    embedded,
    is_internal,
    is_private_network,
    parse_address,
)

INTERNAL = [
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1%eth0",
    "fd00::1",
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:0:7f00:1",  # IPv4-translated
    "64:ff9b::7f00:1",  # NAT64, well-known prefix
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::a9fe:a9fe",  # NAT64, local-use prefix: 169.254.169.254
    "2002:7f00:1::",  # 6to4 of 127.0.0.1
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo (client 127.0.0.1)
    "2001:4860::5efe:7f00:1",  # ISATAP of 127.0.0.1 inside a public prefix
]
PUBLIC = [
    "8.8.8.8",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "64:ff9b::808:808",  # NAT64 of 8.8.8.8
    "2002:808:808::1",  # 6to4 of 8.8.8.8
    "::ffff:8.8.8.8",
]


@pytest.mark.parametrize("text", INTERNAL)
def test_an_internal_address_or_one_carrying_it_is_internal(text: str) -> None:
    address = parse_address(text)
    assert address is not None
    assert is_internal(address)


def _address(text: str) -> IPAddress:
    address = parse_address(text)
    assert address is not None, text
    return address


@pytest.mark.parametrize("text", PUBLIC)
def test_a_public_address_is_not_internal(text: str) -> None:
    address = parse_address(text)
    assert address is not None
    assert not is_internal(address)
    assert not is_private_network(address)


def test_what_an_ipv6_address_carries() -> None:
    assert [str(a) for a in embedded(_address("2002:7f00:1::"))] == ["127.0.0.1"]
    assert [str(a) for a in embedded(_address("::ffff:10.0.0.1"))] == ["10.0.0.1"]
    assert embedded(_address("2606:4700:4700::1111")) == []
    assert embedded(_address("127.0.0.1")) == []


@pytest.mark.parametrize(
    "text",
    ["127.0.0.1", "10.0.0.12", "172.31.255.1", "192.168.1.50", "169.254.3.3", "::1", "fd12::9"],
)
def test_the_restaurants_network_is_loopback_private_and_link_local(text: str) -> None:
    assert is_private_network(_address(text))


@pytest.mark.parametrize(
    "text", ["100.64.0.1", "203.0.113.7", "198.18.0.1", "224.0.0.1", "::ffff:8.8.8.8", "240.0.0.1"]
)
def test_other_non_public_ranges_are_not_the_restaurants_network(text: str) -> None:
    assert not is_private_network(_address(text))


def test_anything_but_an_address_is_none() -> None:
    assert parse_address("printer.local") is None
    assert parse_address("999.1.1.1") is None
