"""Rich output for the kernel: bounded results, pictures and Markdown.

The Python side (for the labs and the kernel)::

    write_bounded(value)          -> `write` text, cut with a note past RESULT_LIMIT
    png_bundle(png_bytes)         -> {"image/png": base64, "text/plain": ...}
    figure_bundle(figure)         -> the same for a matplotlib Figure
    install(interp, publish)      -> define the host procedures below in `interp`;
                                     `publish(bundle)` shows a MIME bundle

The Scheme side (defined by `install`)::

    (display-image bytevector)           show PNG bytes inline
    (display-markdown string)            show Markdown (a table, say)
    (show-plot series [options])         draw a plot and show it inline
        series:  a list of (label xs ys [style]), style points, line or both
        options: an association list with keys title, x-label, y-label,
                 x-scale and y-scale (linear or log)

No Jupyter imports here: `publish` is whatever the caller passes in.
"""

from __future__ import annotations

import base64
import io
from fractions import Fraction

from ..datatypes import NIL, UNSPECIFIED, MString, Pair, Symbol, scheme_to_list
from ..printer import to_string
from ..primitives.registry import scheme_error
from ..runtime import Primitive

# A result's text is cut past this many characters.
RESULT_LIMIT = 20_000

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

__all__ = ["RESULT_LIMIT", "write_bounded", "png_bundle", "figure_bundle", "figure_png", "install"]


def write_bounded(value, limit: int = RESULT_LIMIT) -> str:
    """Return `value` as `write` writes it, cut after `limit` characters with a note.

    The printer stops soon after the limit (see printer.to_string's
    `limit`), so a huge or cyclic structure never hangs.
    """
    text = to_string(value, True, limit=limit)
    if len(text) > limit:
        return text[:limit] + f" ... [cut: the value's text is longer than {limit} characters]"
    return text


def png_bundle(png: bytes, text: str = "<image>") -> dict:
    """Return the MIME bundle that shows PNG bytes."""
    return {"image/png": base64.b64encode(bytes(png)).decode("ascii"), "text/plain": text}


def figure_png(figure, dpi: int = 100) -> bytes:
    """Render a matplotlib Figure to PNG bytes (no pyplot, no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if figure.canvas is None or not hasattr(figure.canvas, "print_png"):
        FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def figure_bundle(figure, dpi: int = 100) -> dict:
    """Return the MIME bundle that shows a matplotlib Figure."""
    return png_bundle(figure_png(figure, dpi), "<figure>")


def install(interp, publish) -> None:
    """Define display-image, display-markdown and show-plot in `interp`."""

    def display_image(data):
        if type(data) is not bytearray:
            raise scheme_error("display-image: argument 1 must be a bytevector", data)
        if not bytes(data[:8]) == PNG_SIGNATURE:
            raise scheme_error("display-image: the bytevector is not a PNG image (it must start with the PNG signature)")
        publish(png_bundle(bytes(data)))
        return UNSPECIFIED

    def display_markdown(text):
        if type(text) is not MString:
            raise scheme_error("display-markdown: argument 1 must be a string", text)
        publish({"text/markdown": text.s, "text/plain": text.s})
        return UNSPECIFIED

    def show_plot(series, options=NIL):
        publish(figure_bundle(plot_figure(series, options)))
        return UNSPECIFIED

    for name, fn, lo, hi in (
        ("display-image", display_image, 1, 1),
        ("display-markdown", display_markdown, 1, 1),
        ("show-plot", show_plot, 1, 2),
    ):
        interp.define(name, Primitive(name, fn, lo, hi))


_STYLES = {"points": "o", "line": "-", "both": "o-"}
_OPTION_KEYS = ("title", "x-label", "y-label", "x-scale", "y-scale")


def plot_figure(series, options=NIL):
    """Return the matplotlib Figure that `(show-plot series options)` shows."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    opts = _plot_options(options)
    figure = Figure(figsize=(6.4, 4.2))
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    count = 0
    labelled = False
    for item in _proper_list(series, "show-plot: argument 1 must be a list of series (label xs ys [style])"):
        label, xs, ys, style = _series(item)
        axes.plot(xs, ys, _STYLES[style], label=label, markersize=4)
        count += 1
        labelled = labelled or bool(label)
    if count == 0:
        raise scheme_error("show-plot: there is no series to draw")
    for key, setter in (("title", axes.set_title), ("x-label", axes.set_xlabel), ("y-label", axes.set_ylabel)):
        if key in opts:
            setter(opts[key])
    for key, setter in (("x-scale", axes.set_xscale), ("y-scale", axes.set_yscale)):
        if key in opts:
            setter(opts[key])
    axes.grid(True, which="both", alpha=0.3)
    if labelled:
        axes.legend(fontsize="small")
    figure.tight_layout()
    return figure


def _proper_list(x, message: str) -> list:
    try:
        return scheme_to_list(x)
    except ValueError:
        raise scheme_error(message, x) from None


def _text(x, who: str) -> str:
    if type(x) is MString:
        return x.s
    if type(x) is Symbol:
        return x.name
    raise scheme_error(f"{who} must be a string or a symbol", x)


def _numbers(x, what: str) -> list[float]:
    values = _proper_list(x, f"show-plot: {what} must be a list of real numbers")
    out = []
    for v in values:
        if type(v) not in (int, float, Fraction):
            raise scheme_error(f"show-plot: {what} must be a list of real numbers", v)
        out.append(float(v))
    return out


def _series(item):
    parts = _proper_list(item, "show-plot: a series must be a list (label xs ys [style])")
    if len(parts) not in (3, 4):
        raise scheme_error("show-plot: a series must be a list (label xs ys [style])", item)
    label = _text(parts[0], "show-plot: a series label")
    xs = _numbers(parts[1], "a series' xs")
    ys = _numbers(parts[2], "a series' ys")
    if len(xs) != len(ys):
        raise scheme_error(f"show-plot: series {label} has {len(xs)} xs but {len(ys)} ys")
    style = "line"
    if len(parts) == 4:
        style = _text(parts[3], "show-plot: a series style")
        if style not in _STYLES:
            raise scheme_error("show-plot: a series style must be points, line or both", parts[3])
    return label, xs, ys, style


def _plot_options(options) -> dict:
    opts = {}
    for entry in _proper_list(options, "show-plot: argument 2 must be an association list of options"):
        if type(entry) is not Pair or type(entry.car) is not Symbol or entry.car.name not in _OPTION_KEYS:
            raise scheme_error(
                "show-plot: an option must be (key . value) with key title, x-label, y-label, x-scale or y-scale",
                entry,
            )
        key = entry.car.name
        value = _text(entry.cdr, f"show-plot: option {key}")
        if key.endswith("scale") and value not in ("linear", "log"):
            raise scheme_error(f"show-plot: option {key} must be linear or log", entry.cdr)
        opts[key] = value
    return opts
