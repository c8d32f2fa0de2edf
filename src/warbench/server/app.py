"""The web server: lobby, table and replay pages, their JSON API, and live play over websockets.

``create_app(db, rulebook)`` builds the FastAPI application over one SQLite store, playing the
rulesets of ``rulebook`` (a player's data folder for some). Seat tokens travel
in the page's fragment (``/play/ID#TOKEN``), so they never reach a server log; pages send
them as ``Authorization: Bearer`` headers or in the websocket's first message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pydantic
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from warbench.core.attacks import AttackOptionsError
from warbench.core.engine import IllegalAction
from warbench.core.journal import Journal, JournalFileError
from warbench.core.registry import UnknownRuleset
from warbench.core.replay import DataMismatch, ReplayMismatch, hashes_checked
from warbench.core.sim.store import StoreError
from warbench.core.words import player_name
from warbench.server import replays
from warbench.server.consider import consider, odds_of
from warbench.server.hub import (
    ONE_SCREEN,
    SPECTATOR_TOKEN,
    Connection,
    GameUnavailable,
    Hub,
    Room,
)
from warbench.server.lobby import GameForm, LobbyError, check_lists, game_kind, seats_and_setup
from warbench.server.rulebook import Rulebook
from warbench.server.session import (
    GameSession,
    MalformedAction,
    MalformedFaces,
    NeedFaces,
    SessionError,
)
from warbench.server.snapshot import SPECTATOR
from warbench.server.store import FINISHED, Store
from warbench.server.tokens import digest, new_game_id, new_token

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("warbench.server")
#: The largest websocket message or request body the server reads, in bytes.
MAX_MESSAGE = 64 * 1024
#: The largest upload (a journal or a results file) the replay viewer reads, in bytes.
MAX_UPLOAD = 64 * 1024 * 1024
#: Seconds a websocket has to say which seat it is before it is closed.
HELLO_TIMEOUT = 10.0


def create_app(db: str | Path, rulebook: Rulebook | None = None) -> FastAPI:
    """The application, storing games in the SQLite file ``db`` (created if missing) and
    playing the rulesets of ``rulebook`` (default: each with its shipped data)."""
    rules_of = rulebook or Rulebook()
    store = Store(db)
    hub = Hub(store, rules_of)
    kept = replays.Replays()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        for summary in store.summaries():  # resume every unfinished game: bots play on
            if summary["status"] != FINISHED:
                try:
                    hub.room(summary["id"])
                except GameUnavailable as error:  # the others still resume
                    log.error("%s", error)
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="Warbench", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    @app.get("/watch/{game_id}", include_in_schema=False)
    async def table_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    # ------------------------------------------------------------------ lobby

    @app.get("/api/rulesets")
    async def rulesets() -> list[dict[str, Any]]:
        return rules_of.lobby()

    @app.get("/api/rulesets/{ruleset_id}/catalog/{unit:path}")
    async def catalog_entry(ruleset_id: str, unit: str) -> dict[str, Any]:
        rules = _rules(ruleset_id)
        entries = rules.catalog() or {}
        if unit not in entries:
            raise HTTPException(404, f"{ruleset_id} has no unit {unit!r}")
        card = rules.unit_card(unit)
        return {  # the stat card of `warbench catalog --unit`; the raw entry where none
            "unit": unit,
            "card": None if card is None else card.to_plain(),
            "record": entries[unit].model_dump(mode="json"),
        }

    @app.post("/api/rulesets/{ruleset_id}/odds")
    async def attack_odds(ruleset_id: str, request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        return _odds(_rules(ruleset_id), body)

    @app.post("/api/lists/check")
    async def lists_check(request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("lists"), list):
            raise HTTPException(400, "send {ruleset, lists: [TOML text...], format}")
        rules = _rules(str(body.get("ruleset")))
        texts = [str(text) for text in body["lists"]]
        fmt = body.get("format") or None
        return {"reports": check_lists(rules, texts, None if fmt is None else str(fmt))}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        listed = store.summaries()
        for game in listed:  # what kind of game, in words (teams, a free-for-all, one screen)
            try:
                rules = rules_of.installed(game["ruleset"])
            except LobbyError:  # a game of a ruleset no longer installed: listed all the same
                game["kind"] = ""
                continue
            game["kind"] = game_kind(rules, game["setup"], len(game["seats"]),
                                     game["one_screen"])
        return listed

    @app.post("/api/games", status_code=201, response_model=None)
    async def create_game(request: Request) -> dict[str, Any] | JSONResponse:
        body = await _json_body(request)
        try:
            form = GameForm.model_validate(body)
            rules = rules_of.installed(form.ruleset)
            seats, setup = seats_and_setup(rules, form)
        except pydantic.ValidationError as error:
            raise HTTPException(400, _pydantic_problems(error)) from None
        except LobbyError as error:
            return _lobby_refusal(error)
        if form.one_screen and not any(seat.kind == "person" for seat in seats):
            return _lobby_refusal(LobbyError("one screen needs at least one person seat"))
        game_id = new_game_id()
        tokens = {seat: new_token() for seat in range(len(seats))}
        tokens[SPECTATOR_TOKEN] = new_token()
        if form.one_screen:
            tokens[ONE_SCREEN] = new_token()
        seed = form.seed if form.seed is not None else secrets.randbelow(2**62)
        try:
            session = GameSession.create(
                game_id,
                rules,
                seats,
                store,
                {seat: digest(token) for seat, token in tokens.items()},
                setup=setup,
                seed=seed,
                referee=form.referee,
            )
        except ValueError as error:
            return _lobby_refusal(LobbyError(f"the game cannot start: {error}"))
        hub.add(session)
        return {
            "id": game_id,
            "seats": [
                {"seat": seat, **seats[seat].to_plain(), "link": f"/play/{game_id}#{tokens[seat]}"}
                for seat in range(len(seats))
                if seats[seat].kind == "person"
            ],
            "spectator": f"/watch/{game_id}#{tokens[SPECTATOR_TOKEN]}",
            **({"one_screen": f"/play/{game_id}#{tokens[ONE_SCREEN]}"}
               if form.one_screen else {}),
        }

    # ------------------------------------------------------------------ play over HTTP

    @app.get("/api/games/{game_id}/state")
    async def game_state(
        game_id: str, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        room, seat = await _authorized(game_id, authorization)
        async with room.lock:  # not half-way through a move being applied in a thread
            return room.message_for(seat)

    @app.post("/api/games/{game_id}/actions")
    async def game_action(
        game_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> JSONResponse:
        return await _seat_answer(game_id, request, authorization, "action",
                                  'send {"action": {"type": ..., ...}}', _act)

    @app.post("/api/games/{game_id}/faces")
    async def game_faces(
        game_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> JSONResponse:
        return await _seat_answer(game_id, request, authorization, "faces",
                                  'send {"faces": [whole numbers]}', _faces)

    async def _seat_answer(
        game_id: str,
        request: Request,
        authorization: str | None,
        key: str,
        usage: str,
        answer: Callable[[Room, int, Any], Awaitable[dict[str, Any]]],
    ) -> JSONResponse:
        """A seat's action or typed faces over HTTP: 200 accepted, 202 dice wanted first,
        409 refused, 400 malformed, 403 a spectator."""
        room, seat = await _authorized(game_id, authorization)
        body = await _json_body(request)
        if seat == SPECTATOR:
            raise HTTPException(403, "a spectator cannot act")
        if not isinstance(body, dict) or key not in body:
            raise HTTPException(400, usage)
        reply = await answer(room, seat, body[key])
        status = {"accepted": 200, "refused": 409, "dice": 202}.get(reply["type"], 400)
        return JSONResponse(reply, status_code=status)

    @app.post("/api/games/{game_id}/consider")
    async def game_consider(
        game_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        room, seat = await _authorized(game_id, authorization)
        body = await _json_body(request)
        if seat == SPECTATOR:
            raise HTTPException(403, "a spectator cannot act")
        async with room.lock:
            try:
                return _consider(room, seat, body)
            except MalformedAction as problem:
                raise HTTPException(400, str(problem)) from None

    @app.post("/api/games/{game_id}/replay")
    async def game_replay(
        game_id: str, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        room, seat = await _authorized(game_id, authorization)
        journal = room.session.journal
        try:
            return _replay(replays.build(journal, room.session.rules, seats=(seat,)), kept)
        except (ReplayMismatch, replays.ReplayError) as error:  # said, not a bare 500
            raise HTTPException(409, f"game {game_id} cannot be replayed: {error}") from None

    # ------------------------------------------------------------------ replays

    @app.post("/api/replays")
    async def replay_journal(request: Request) -> dict[str, Any]:
        raw = await _body(request, MAX_UPLOAD)
        try:
            journal = Journal.loads(raw.decode("utf-8", "replace"), "the journal")
            rules = rules_of.for_data(journal.ruleset, journal.data, "the journal")
            return _replay(replays.build(journal, rules), kept)
        except DataMismatch as error:  # and where else it can be seen
            raise HTTPException(400, f"{error}; or on the command line, `warbench replay JOURNAL"
                                " --data FOLDER` narrates it step by step") from None
        except (JournalFileError, ReplayMismatch, replays.ReplayError, LookupError,
                UnknownRuleset) as error:
            raise HTTPException(400, str(error)) from None

    @app.post("/api/replays/results")
    async def replay_results(request: Request, game: int) -> dict[str, Any]:
        raw = await _body(request, MAX_UPLOAD)
        try:
            journal = replays.journal_from_results(raw, game, rules_of)
            rules = rules_of.for_data(journal.ruleset, journal.data, f"game {game}")
            return _replay(replays.build(journal, rules), kept)
        except DataMismatch as error:  # and where else it can be seen
            raise HTTPException(400, f"{error}; or on the command line, `warbench replay --db"
                                f" RESULTS --game {game} --data FOLDER` narrates it step by"
                                " step and `warbench render` draws any step") from None
        except (StoreError, ReplayMismatch, replays.ReplayError, LookupError) as error:
            raise HTTPException(400, str(error)) from None
        except Exception as error:  # not a results file at all
            raise HTTPException(400, f"not a results file of warbench simulate: {error}") from None

    @app.get("/api/replays/{replay_id}/{step}")
    async def replay_step(replay_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
        try:
            return kept.get(replay_id).step(step, SPECTATOR if seat is None else seat)
        except replays.ReplayError as error:
            raise HTTPException(404, str(error)) from None

    # ------------------------------------------------------------------ websockets

    @app.websocket("/ws/{game_id}")
    async def play(socket: WebSocket, game_id: str) -> None:
        await socket.accept()
        try:
            hello = json.loads(await asyncio.wait_for(socket.receive_text(), HELLO_TIMEOUT))
        except (TimeoutError, ValueError, WebSocketDisconnect, RuntimeError, KeyError):
            await _close(socket, 4400, 'say hello first: {"type": "hello", "token": ...}')
            return
        try:
            room = _room(game_id)
        except HTTPException as problem:
            await socket.send_json({"type": "error", "status": 409, "message": problem.detail})
            await _close(socket, 4409, "the game cannot be resumed")
            return
        if room is None:  # a link mistyped or cut short, or a game no longer kept
            message = f"no game {game_id!r} on this server: check the link"
            await socket.send_json({"type": "error", "status": 404, "message": message})
            await _close(socket, 4404, message)
            return
        token = hello.get("token") if isinstance(hello, dict) else None
        seat = hub.seat_of(game_id, token) if isinstance(token, str) else None
        if seat is None:
            await socket.send_json({"type": "error", "status": 403, "message": "wrong token"})
            await _close(socket, 4403, "wrong token")
            return
        one_screen = seat == ONE_SCREEN
        if one_screen:
            async with room.lock:  # between moves, as for the HTTP requests
                seat = room.session.screen_seat(None)
        connection = Connection(socket, seat, one_screen=one_screen)
        await socket.send_json(
            {
                "type": "welcome",
                "game": game_id,
                "one_screen": one_screen,
                "seat": None if seat == SPECTATOR else seat,
                "seats": [s.to_plain() for s in room.session.seats],
                "ruleset": room.session.rules.id,
                "referee": room.session.referee,
            }
        )
        async with room.lock:
            room.connections.append(connection)
            await room.push(connection)
        try:
            while True:
                await _serve_message(room, connection, await socket.receive_text())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if connection in room.connections:
                room.connections.remove(connection)

    async def _serve_message(room: Room, connection: Connection, text: str) -> None:
        def error(message: str) -> dict[str, Any]:
            return {"type": "error", "message": message}

        if len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
            await room.send(connection, error(f"message too large (at most {MAX_MESSAGE} bytes)"))
            return
        try:
            message = json.loads(text)
        except ValueError as problem:
            await room.send(connection, error(f"not JSON: {problem}"))
            return
        kind = message.get("type") if isinstance(message, dict) else None
        seat = connection.seat
        if kind in ("act", "faces") and seat == SPECTATOR:
            await room.send(
                connection, {"type": "error", "status": 403, "message": "a spectator cannot act"}
            )
        elif kind == "act":
            await room.send(connection, await _act(room, seat, message.get("action")))
        elif kind == "faces":
            await room.send(connection, await _faces(room, seat, message.get("faces")))
        elif kind == "check":
            reply: dict[str, Any]
            if seat == SPECTATOR:
                reply = {"type": "checked", "reason": "a spectator cannot act"}
            else:
                async with room.lock:
                    reason = room.session.check(seat, message.get("action"))
                reply = {"type": "checked", "reason": reason}
            await room.send(connection, reply)
        elif kind == "odds_of":
            if seat == SPECTATOR:
                reply = {"type": "error", "status": 403, "message": "a spectator cannot act"}
            else:
                async with room.lock:
                    game = room.session.game
                    try:
                        reply = (error("the game has not started") if game is None
                                 else odds_of(game, seat, message))
                    except MalformedAction as problem:
                        reply = error(str(problem))
            await room.send(connection, reply)
        elif kind == "consider":
            if seat == SPECTATOR:
                reply = {"type": "error", "status": 403, "message": "a spectator cannot act"}
            else:
                async with room.lock:
                    try:
                        reply = _consider(room, seat, message)
                    except MalformedAction as problem:
                        reply = error(str(problem))
            await room.send(connection, reply)
        elif kind == "odds":
            try:
                answer = _odds(room.session.rules, message)
            except HTTPException as problem:
                answer = error(str(problem.detail))
            await room.send(connection, answer)
        elif kind == "refresh":
            async with room.lock:
                connection.log_count = 0
                await room.push(connection)
        else:
            await room.send(
                connection,
                error(
                    f"unknown message type {kind!r} (act, check, consider, faces, odds, odds_of, "
                    "refresh)"
                ),
            )

    async def _act(room: Room, seat: int, action: Any) -> dict[str, Any]:
        return await hub.unstoppable(_act_now(room, seat, action))

    async def _act_now(room: Room, seat: int, action: Any) -> dict[str, Any]:
        async with room.lock:
            if not room.session.is_person(seat):
                return {"type": "refused", "reason": f"{player_name(seat)} is played by a bot"}
            try:
                # In a thread: other games go on while this one's commit reaches the disk.
                number = await asyncio.to_thread(room.session.act, seat, action)
            except MalformedAction as problem:
                return {"type": "error", "status": 400, "message": str(problem)}
            except (SessionError, IllegalAction) as refusal:
                return {"type": "refused", "reason": str(refusal)}
            except NeedFaces as need:
                await room.broadcast()
                return {"type": "dice", "message": str(need)}
            await room.broadcast()
        hub.drive_bots(room)
        return {"type": "accepted", "number": number}

    async def _faces(room: Room, seat: int, faces: Any) -> dict[str, Any]:
        return await hub.unstoppable(_faces_now(room, seat, faces))

    async def _faces_now(room: Room, seat: int, faces: Any) -> dict[str, Any]:
        async with room.lock:
            if not room.session.is_person(seat):
                return {"type": "refused", "reason": "only a person at the table types dice"}
            try:
                number = await asyncio.to_thread(room.session.supply_faces, faces)
            except MalformedFaces as problem:
                return {"type": "error", "status": 400, "message": str(problem)}
            except NeedFaces as need:
                await room.broadcast()
                return {"type": "dice", "message": str(need)}
            except (SessionError, IllegalAction, ValueError) as refusal:
                if room.session.roll is not None:  # the faces were wrong: still asked for
                    return {"type": "refused", "reason": str(refusal)}
                # The rules refused the waiting action once its dice were in: nothing
                # changed, and whoever owed it (a bot too) owes its decision again.
                reply: dict[str, Any] = {"type": "refused", "reason": str(refusal)}
            else:
                reply = {"type": "accepted", "number": number}
            await room.broadcast()
        hub.drive_bots(room)
        return reply

    async def _authorized(game_id: str, authorization: str | None) -> tuple[Room, int]:
        room = _room(game_id)
        if room is None:
            raise HTTPException(404, f"no game {game_id!r}")
        token = (authorization or "").removeprefix("Bearer ").strip()
        seat = hub.seat_of(game_id, token) if token else None
        if seat is None:
            raise HTTPException(403, "wrong token for this game")
        if seat == ONE_SCREEN:  # a one-screen table acts as the person to act
            async with room.lock:  # who that is, read between moves, not half-way through one
                seat = room.session.screen_seat(None)
        return room, seat

    def _room(game_id: str) -> Room | None:
        try:
            return hub.room(game_id)
        except GameUnavailable as error:
            raise HTTPException(409, str(error)) from None

    def _rules(ruleset_id: str) -> Any:
        try:
            return rules_of.installed(ruleset_id)
        except LobbyError as error:
            raise HTTPException(404, str(error)) from None

    return app


def _consider(room: Room, seat: int, request: Any) -> dict[str, Any]:
    game = room.session.game
    if game is None:
        return {"type": "considered", "action": None, "text": "", "reason":
                "the game has not started", "odds": None, "ghosts": [], "target": None}
    return consider(game, seat, request)


def _odds(rules: Any, body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise HTTPException(400, "send {attack, options: {name: value}}")
    attacks = rules.attacks()
    name = body.get("attack")
    if name not in attacks:
        known = ", ".join(attacks)
        raise HTTPException(400, f"{rules.id} has no attack {name!r} (attacks: {known})")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise HTTPException(400, "options must be an object of name: value")
    try:
        chosen = attacks[name].parse_options(
            [f"{key}={value}" for key, value in options.items() if str(value) != ""]
        )
        answer: dict[str, Any] = attacks[name].odds(chosen).to_plain()
    except AttackOptionsError as error:
        raise HTTPException(400, str(error)) from None
    return {"type": "odds", "attack": name, "answer": answer}


async def _body(request: Request, limit: int) -> bytes:
    size = int(request.headers.get("content-length") or 0)
    if size > limit:
        raise HTTPException(413, f"request too large (at most {limit} bytes)")
    raw = await request.body()
    if len(raw) > limit:
        raise HTTPException(413, f"request too large (at most {limit} bytes)")
    return raw


async def _json_body(request: Request) -> Any:
    raw = await _body(request, MAX_MESSAGE)
    try:
        return json.loads(raw)
    except ValueError as error:
        raise HTTPException(400, f"not JSON: {error}") from None


def _pydantic_problems(error: pydantic.ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or '(form)'}: {item['msg']}"
        for item in error.errors()
    )


def _lobby_refusal(error: LobbyError) -> JSONResponse:
    return JSONResponse({"detail": str(error), "problems": error.problems}, status_code=422)


def _replay(replay: replays.Replay, kept: replays.Replays) -> dict[str, Any]:
    """A replay as the viewer is told of it: what its hashes proved (every one, some, or
    nothing where the journal records none) and who the journal says played each seat."""
    return {
        "id": kept.add(replay),
        "ruleset": replay.rules.id,
        "steps": len(replay.states) - 1,
        "seats": [None if seat == SPECTATOR else seat for seat in replay.seats],
        "verified": hashes_checked(replay.journal),
        "data": replay.journal.data,
        "played_by": replay.journal.played_by,
    }


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(RuntimeError):
        await socket.close(code=code, reason=reason[:120])
