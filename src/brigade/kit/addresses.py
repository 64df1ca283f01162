"""Which network addresses are the restaurant's own: the rule webhooks (which must point out
of it) and printers (which must stay in it) apply to every address they connect to.

An IPv6 address can carry an IPv4 one: mapped (``::ffff:127.0.0.1``), compatible
(``::127.0.0.1``), translated (``::ffff:0:127.0.0.1``), NAT64 (``64:ff9b::7f00:1``,
``64:ff9b:1::/48``), 6to4 (``2002:7f00:1::``), Teredo (``2001::/32``, server and client) and
ISATAP (``…:5efe:7f00:1``). A stack or a gateway may deliver such an address to the IPv4
one inside it, so it is judged by every address it carries: internal if any of them is.
"""

from __future__ import annotations

import ipaddress

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_COMPATIBLE = ipaddress.IPv6Network("::/96")
_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
_NAT64 = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("64:ff9b:1::/48"))
_ISATAP_MARKS = (0x00005EFE, 0x02005EFE)
# Loopback, RFC 1918, link-local; IPv6 loopback, unique local, link-local. Not the other
# "private" ranges (documentation, benchmarking, shared address space): nobody's printer.
_OWN_NETWORKS = tuple(
    ipaddress.ip_network(network)
    for network in (
        "127.0.0.0/8",
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",
        "::1/128",
        "fc00::/7",
        "fe80::/10",
    )
)


def parse_address(text: str) -> IPAddress | None:
    """An IP address (an IPv6 zone, ``%eth0``, dropped), or None for anything else."""
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None


def embedded(address: IPAddress) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (none for an IPv4 address)."""
    if isinstance(address, ipaddress.IPv4Address):
        return []
    found: list[ipaddress.IPv4Address] = []
    low32 = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.ipv4_mapped is not None:
        found.append(address.ipv4_mapped)
    # ::/96 less :: and ::1, which are themselves (unspecified, loopback).
    compatible = address in _COMPATIBLE and int(address) > 1
    if compatible or address in _TRANSLATED or any(address in n for n in _NAT64):
        found.append(low32)
    if address.sixtofour is not None:
        found.append(address.sixtofour)
    if address.teredo is not None:
        found.extend(address.teredo)
    if (int(address) >> 32) & 0xFFFFFFFF in _ISATAP_MARKS:
        found.append(low32)
    return found


def is_internal(address: IPAddress) -> bool:
    """Loopback, private, link-local, reserved or multicast, itself or any IPv4 it carries:
    not an address on the public internet."""
    return any(not one.is_global or one.is_multicast for one in [address, *embedded(address)])


def is_private_network(address: IPAddress) -> bool:
    """On the restaurant's own network: loopback, private (RFC 1918, unique local) or
    link-local. An address carrying IPv4 is judged by what it carries (where it leads)."""
    judged: list[IPAddress] = [*embedded(address)] or [address]
    return all(any(one in network for network in _OWN_NETWORKS) for one in judged)
