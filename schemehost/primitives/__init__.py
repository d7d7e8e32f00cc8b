"""Primitive procedures, one module per family, declared in registry.py."""

_loaded = False


def load_all() -> None:
    """Import every primitive module so its declarations register (once)."""
    global _loaded
    if _loaded:
        return
    from . import bytevectors, chars, control, io, lists, memo, numbers, strings, system, vectors  # noqa: F401

    _loaded = True
