"""The web server under load: N concurrent games played by bots over websockets on loopback.

Run: ``.venv/bin/python benchmarks/serve.py [--games 100] [--seconds 30] [--ruleset ID]``.
It starts ``warbench serve`` on a fresh database in a temporary folder, creates ``--games``
games with two person seats, and plays each seat from its own websocket client that picks a
random option (or a legal example of a parameter space) from the decisions it is sent,
exactly as a page would. A finished game is replaced by a new one until the time is up.

Reported: actions accepted per second, the latency from sending an action to its
acknowledgement (p50, p95; each acknowledgement comes after the SQLite commit and the
broadcast), the server's own CPU time per action (steady where the machine is shared with
the clients and others), late refusals by the rules (legal behaviour), and errors (must be
0: error messages, broken connections, exceptions).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Tally:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    refusals: int = 0
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0


def _choice(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    decisions = snapshot["decisions"]
    if not decisions:
        return None
    decision = rng.choice(decisions)
    actions = [option["action"] for option in decision["options"]]
    actions += [sample for space in decision["spaces"] for sample in space["samples"]]
    return rng.choice(actions) if actions else None


async def _seat(url: str, token: str, deadline: float, tally: Tally, rng: random.Random) -> None:
    async with websockets.connect(url, max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        latest: dict[str, Any] | None = None  # a snapshot not acted on yet
        current: dict[str, Any] | None = None  # the newest snapshot
        sent_at: float | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                latest = current = message
                if message["over"]:
                    return
            elif kind in ("accepted", "refused"):
                if sent_at is not None:
                    tally.latencies.append(time.monotonic() - sent_at)
                if kind == "refused":  # nothing changed: choose again from the same snapshot
                    tally.refusals += 1
                    latest = current
                sent_at = None
            elif kind == "error":
                tally.errors.append(message["message"])
                sent_at = None
            if sent_at is None and latest is not None:
                action = _choice(latest, rng)
                if action is not None:
                    sent_at = time.monotonic()
                    latest = None  # act once per snapshot
                    await ws.send(json.dumps({"type": "act", "action": action}))


async def _table(base: str, ruleset: str, deadline: float, tally: Tally, seed: int) -> None:
    rng = random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < deadline:
            reply = await http.post(
                "/api/games",
                json={
                    "ruleset": ruleset,
                    "seats": [{"kind": "person"}, {"kind": "person"}],
                    "seed": rng.randrange(2**31),
                },
            )
            if reply.status_code != 201:
                tally.errors.append(f"create: {reply.status_code} {reply.text[:200]}")
                return
            game = reply.json()
            url = f"{ws_base}/ws/{game['id']}"
            try:
                await asyncio.gather(
                    *(
                        _seat(url, seat["link"].split("#")[1], deadline, tally, rng)
                        for seat in game["seats"]
                    )
                )
            except Exception as error:  # a broken connection is an error
                tally.errors.append(f"{type(error).__name__}: {error}")
                return
            if time.monotonic() < deadline:
                tally.games_finished += 1


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    code = (
        f"from warbench.cli import main; main(['serve', '--port', '{port}', '--db', {str(db)!r}])"
    )
    server = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    parser.add_argument("--ruleset", default="full-thrust", help="the ruleset played")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        server = _start_server(Path(folder) / "games.sqlite", port)
        tally = Tally()
        try:
            started = time.monotonic()
            deadline = started + args.seconds

            async def run() -> None:
                await asyncio.gather(
                    *(
                        _table(f"http://127.0.0.1:{port}", args.ruleset, deadline, tally, seed)
                        for seed in range(args.games)
                    )
                )

            cpu_before = _cpu_seconds(server.pid)
            asyncio.run(run())
            elapsed = time.monotonic() - started
            server_cpu = _cpu_seconds(server.pid) - cpu_before
        finally:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    latencies = sorted(tally.latencies)
    accepted = len(latencies) - tally.refusals
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    print(f"{args.games} concurrent {args.ruleset} games over websockets, {elapsed:.1f} s")
    print(f"  actions accepted: {accepted} ({accepted / elapsed:.1f} per second)")
    print(f"  latency send -> ack: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"  late refusals by the rules: {tally.refusals}; games finished: {tally.games_finished}")
    if accepted and server_cpu:
        print(
            f"  server CPU: {server_cpu:.1f} s, {server_cpu / accepted * 1000:.1f} ms per action"
            " (clients share the machine: with spare cores the server alone bounds the rate)"
        )
    print(f"  errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"    {error}")


if __name__ == "__main__":
    main()
