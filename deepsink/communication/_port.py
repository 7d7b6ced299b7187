"""Whether the coordinator's TCP port is free, checked before a job starts.

JAX's coordination service (hosted by rank 0) listens with ``SO_REUSEPORT``, so a second job on a
port that a running job already uses does not fail to start: both services share the port and the
first job's workers abort when a stranger registers with their service. A probe that binds the port
*without* ``SO_REUSEPORT`` fails on any listener, whatever its options, which is the check wanted.
No jax import here: the launcher runs it before starting anything.
"""

from __future__ import annotations

import errno
import socket


def port_in_use(port: int) -> OSError | None:
    """The bind error when a program on this machine listens on ``port`` (IPv4 or IPv6, any
    address), else None."""
    probes = [(socket.AF_INET, "0.0.0.0")]
    if socket.has_ipv6:
        probes.append((socket.AF_INET6, "::"))
    for family, host in probes:
        try:
            s = socket.socket(family, socket.SOCK_STREAM)
        except OSError:  # no such address family on this machine
            continue
        with s:
            # SO_REUSEADDR only forgives connections in TIME_WAIT, never a listening socket
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                s.bind((host, port))
            except OSError as e:
                if e.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                    continue  # IPv6 switched off
                return e
    return None


def free_port() -> int:
    """A port nothing listens on now (for the error message's suggestion)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def taken_message(port: int, err: OSError, flag: str) -> str:
    """The sentence saying ``port`` (given by ``flag``) is taken, and how to pick another."""
    return (
        f"{flag} {port} is already in use on this machine ({err.strerror}): another job or program "
        f"listens on it, and a second job on it would break the first. Pick a free port with "
        f"{flag}, e.g. {flag} {free_port()}"
    )
