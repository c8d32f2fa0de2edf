"""``warbench serve``: people play each other or bots in the browser, the engine as referee.

``app`` builds the FastAPI application, ``store`` keeps every game as its journal in
SQLite, ``session`` plays one game, ``hub`` pushes each seat its own snapshot over
websockets, ``snapshot`` builds what a seat may be sent, ``lobby`` checks new games,
``replays`` serves the replay viewer, ``tokens`` makes and checks seat tokens, and
``command`` adds the ``serve`` command.
"""
