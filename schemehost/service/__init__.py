"""The Pig grading service behind `schemehost serve`: a web checker, an arena and a leaderboard.

A thin front door over the grader's public entry points (`sandboxed_match`,
`report_json`, `play_pair`): see grading.py.  Layers, lowest first: db
(SQLite), grading (the grader calls), runner (the job threads), pages (HTML),
app (Starlette routes), cli (`schemehost serve`).  Nothing is imported until
used, so `schemehost --help` does not load Starlette.
"""

__all__ = ["Settings", "build_app"]


def build_app(settings=None, start_runner: bool = True):
    """Return the service's ASGI app; the job runner starts with the app's lifespan."""
    from .app import build_app as build

    return build(settings, start_runner)


def __getattr__(name):
    if name == "Settings":
        from .runner import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
