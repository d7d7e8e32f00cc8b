"""Tests for schemehost.labs.etaoin.fit on synthetic timings with known a and b."""

from __future__ import annotations

import math
import random

import pytest

from schemehost.labs.etaoin import fit as etaoin_fit
from schemehost.labs.etaoin.fit import (
    DAY_SECONDS,
    Fit,
    TimingRow,
    best_fit,
    fit_exponential,
    fit_power,
    fit_rows,
    medians,
    predict_longest_in,
    read_csv,
    render_report,
    write_csv,
    write_graphs,
    write_report,
)

LENGTHS = list(range(1, 21))


def exponential_rows(a=2e-6, b=2.0, lengths=LENGTHS, method="tree"):
    return [TimingRow(n, method, a * b ** n) for n in lengths]


def power_rows(a=3e-6, b=2.0, lengths=LENGTHS, method="memo"):
    return [TimingRow(n, method, a * n ** b) for n in lengths]


@pytest.mark.parametrize("a, b", [(2e-6, 2.0), (1e-3, 1.5), (5.0, 0.5)])
def test_fit_exponential_exact_data_recovers_a_and_b(a, b):
    fit = fit_exponential(LENGTHS, [a * b ** n for n in LENGTHS])
    assert fit.model == "exponential"
    assert fit.a == pytest.approx(a, rel=1e-9)
    assert fit.b == pytest.approx(b, rel=1e-9)
    assert fit.r_squared == pytest.approx(1.0)
    assert fit.points == len(LENGTHS)


@pytest.mark.parametrize("a, b", [(3e-6, 2.0), (1e-4, 3.0), (0.5, 1.0)])
def test_fit_power_exact_data_recovers_a_and_b(a, b):
    fit = fit_power(LENGTHS, [a * n ** b for n in LENGTHS])
    assert fit.model == "power"
    assert fit.a == pytest.approx(a, rel=1e-9)
    assert fit.b == pytest.approx(b, rel=1e-9)
    assert fit.r_squared == pytest.approx(1.0)


def test_fit_noisy_data_is_close_and_r_squared_below_one():
    rng = random.Random(178)
    times = [2e-6 * 1.9 ** n * math.exp(rng.gauss(0, 0.05)) for n in LENGTHS]
    fit = fit_exponential(LENGTHS, times)
    assert fit.b == pytest.approx(1.9, rel=0.02)
    assert 0.99 < fit.r_squared < 1.0


def test_fit_right_model_is_straighter_than_wrong_one():
    exp_times = [t for _, _, t in exponential_rows()]
    pow_times = [t for _, _, t in power_rows()]
    assert fit_exponential(LENGTHS, exp_times).r_squared > fit_power(LENGTHS, exp_times).r_squared
    assert fit_power(LENGTHS, pow_times).r_squared > fit_exponential(LENGTHS, pow_times).r_squared


def test_fit_constant_times_gives_nan_r_squared():
    fit = fit_exponential([1, 2, 3], [0.5, 0.5, 0.5])
    assert fit.b == pytest.approx(1.0)
    assert math.isnan(fit.r_squared)


@pytest.mark.parametrize(
    "fitter, lengths, seconds, message",
    [
        (fit_exponential, [1, 2], [1.0], "2 lengths but 1 times"),
        (fit_exponential, [1, 2], [1.0, 0.0], "positive number"),
        (fit_exponential, [1, 2], [1.0, -2.0], "positive number"),
        (fit_exponential, [3, 3], [1.0, 2.0], "two different lengths"),
        (fit_exponential, [], [], "two different lengths"),
        (fit_power, [0, 1, 2], [1.0, 2.0, 3.0], "length positive"),
    ],
)
def test_fit_bad_data_raises_value_error(fitter, lengths, seconds, message):
    with pytest.raises(ValueError, match=message):
        fitter(lengths, seconds)


def test_fit_predict_and_formula():
    exp = Fit("exponential", 1e-6, 2.0, 1.0, 5)
    power = Fit("power", 1e-6, 2.0, 1.0, 5)
    assert exp.predict(10) == pytest.approx(1.024e-3)
    assert power.predict(10) == pytest.approx(1e-4)
    assert exp.formula() == "t = 1e-06 * 2^n"
    assert power.formula() == "t = 1e-06 * n^2"


@pytest.mark.parametrize(
    "fit, seconds, expected",
    [
        (Fit("exponential", 1.0, 2.0, 1.0, 2), 1024.0, 10),  # exactly on the edge
        (Fit("exponential", 1.0, 2.0, 1.0, 2), 1023.0, 9),
        (Fit("exponential", 1e-6, 2.0, 1.0, 2), DAY_SECONDS, 36),  # 2^36 us is 19 hours
        (Fit("exponential", 10.0, 2.0, 1.0, 2), 5.0, 0),  # nothing fits: clamp to 0
        (Fit("power", 1.0, 2.0, 1.0, 2), 100.0, 10),
        (Fit("power", 1.0, 2.0, 1.0, 2), 99.9, 9),
        (Fit("power", 1e-6, 2.0, 1.0, 2), DAY_SECONDS, 293938),
        (Fit("power", 1.0, 3.0, 1.0, 2), 0.5, 0),
        (Fit("exponential", 1.0, 1.0, 1.0, 2), 10.0, None),  # does not grow
        (Fit("exponential", 1.0, 0.5, 1.0, 2), 10.0, None),
        (Fit("power", 1.0, 0.0, 1.0, 2), 10.0, None),
        (Fit("power", 1e-9, 1e-3, 1.0, 2), 10.0, None),  # astronomically many letters
    ],
)
def test_predict_longest_in_table(fit, seconds, expected):
    assert predict_longest_in(seconds, fit) == expected


def test_predict_longest_in_is_the_edge():
    fit = Fit("exponential", 3e-6, 1.93, 1.0, 2)
    n = predict_longest_in(DAY_SECONDS, fit)
    assert fit.predict(n) <= DAY_SECONDS < fit.predict(n + 1)


@pytest.mark.parametrize("budget", [0.0, -1.0, math.inf, math.nan])
def test_predict_longest_in_bad_budget_raises(budget):
    with pytest.raises(ValueError, match="time budget"):
        predict_longest_in(budget, Fit("power", 1.0, 2.0, 1.0, 2))


def test_medians_groups_by_method_in_order_of_appearance():
    rows = [(2, "tree", 3.0), (1, "tree", 1.0), (2, "tree", 1.0), (2, "tree", 2.0), (1, "memo", 5.0)]
    assert medians(rows) == {"tree": [(1, 1.0, 1), (2, 2.0, 3)], "memo": [(1, 5.0, 1)]}


@pytest.mark.parametrize(
    "row, message", [((-1, "tree", 1.0), "negative"), ((1, "tree", -1.0), ">= 0"), ((1, "tree", math.nan), ">= 0")]
)
def test_medians_bad_rows_raise(row, message):
    with pytest.raises(ValueError, match=message):
        medians([row])


def test_fit_rows_recovers_both_methods():
    fits = fit_rows(exponential_rows() + power_rows())
    assert fits["tree"]["exponential"].b == pytest.approx(2.0)
    assert fits["memo"]["power"].b == pytest.approx(2.0)
    assert best_fit(fits["tree"]).model == "exponential"
    assert best_fit(fits["memo"]).model == "power"


def test_fit_rows_skips_points_a_log_scale_cannot_show():
    rows = [(0, "m", 1e-6), (1, "m", 0.0), (2, "m", 4e-6), (3, "m", 9e-6)]
    fits = fit_rows(rows)["m"]
    assert fits["exponential"].points == 3  # the zero time is dropped
    assert fits["power"].points == 2  # and length 0 too
    assert fits["power"].b == pytest.approx(2.0)


def test_fit_rows_too_few_lengths_leaves_model_out():
    assert fit_rows([(5, "m", 1.0), (5, "m", 2.0)]) == {"m": {}}
    assert best_fit({}) is None


def test_csv_round_trip(tmp_path):
    rows = exponential_rows(lengths=[1, 2, 3]) + power_rows(lengths=[4])
    path = write_csv(rows, tmp_path / "t.csv")
    assert path.read_text().splitlines()[0] == "length,method,seconds"
    assert read_csv(path) == rows


@pytest.fixture(scope="module")
def graphs(tmp_path_factory):
    """Draw the graphs once for the module: matplotlib is slow to draw."""
    rows = exponential_rows() + power_rows() + [(0, "memo", 0.0)]
    out = tmp_path_factory.mktemp("graphs")
    return out, write_graphs(rows, out, stem="e")


def test_write_graphs_writes_png_and_svg(graphs):
    out, paths = graphs
    assert sorted(p.name for p in paths) == sorted(
        f"e-{kind}.{suffix}" for kind in ("linear", "semilog", "loglog") for suffix in ("png", "svg")
    )
    for path in paths:
        assert path.parent == out
        data = path.read_bytes()
        if path.suffix == ".png":
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
        else:
            assert b"<svg" in data


@pytest.mark.parametrize(
    "kind, curves",
    [
        ("semilog", ["tree: t = 2e-06 * 2^n", "memo: t = 1.41e-05 * 1.292^n"]),
        ("loglog", ["tree: t = ", "memo: t = 3e-06 * n^2 "]),
        ("linear", ["tree: t = 2e-06 * 2^n", "memo: t = 3e-06 * n^2 "]),
    ],
)
def test_write_graphs_legends_show_the_fits(graphs, kind, curves):
    # SVG keeps the legend as text only when fonts are not turned to paths.
    svg = (graphs[0] / f"e-{kind}.svg").read_text()
    for curve in curves:
        assert curve in svg


def test_render_report_tables_and_conclusions():
    rows = exponential_rows(a=1e-6, b=2.0, lengths=range(1, 11)) + power_rows(a=1e-6, b=2.0, lengths=range(1, 31))
    text = render_report(rows, graphs=["e-linear.png"])
    assert text.startswith("# Etaoin: timing the two versions of substring-value\n")
    assert "| n | tree | memo |" in text
    assert "| 5 | 3.2e-05 | 2.5e-05 |" in text
    assert "| 20 | — | 0.0004 |" in text
    assert "| tree | t = 1e-06 * 2^n | 1e-06 | 2 | 1.0000 | 36 |" in text
    assert "| memo | t = 1e-06 * n^2 | 1e-06 | 2 | 1.0000 | 293938 |" in text
    assert "longest word in 1 day" in text
    assert ("- tree: the exponential fit is the straighter (R² 1.0000); time grows exponentially, "
            "each extra letter multiplying the time by 2; about 36 letters in 1 day.") in text
    assert "- memo: the power fit is the straighter" in text
    assert "![e-linear.png](e-linear.png)" in text


def test_render_report_other_budget_is_described():
    text = render_report(exponential_rows(a=1.0, b=2.0, lengths=[1, 2, 3]), budget_seconds=3600)
    assert "longest word in 1 hour" in text
    assert "| 11 |" in text  # 2^11 s < 1 hour < 2^12 s


def test_write_report_writes_everything(tmp_path, monkeypatch):
    drawn = []

    def fake_write_graphs(rows, out_dir, stem):
        # The drawing itself is tested above; here only the wiring matters.
        drawn.append(stem)
        paths = [out_dir / f"{stem}-{kind}.{suffix}" for kind in ("linear", "loglog") for suffix in ("png", "svg")]
        for path in paths:
            path.write_text("image")
        return paths

    monkeypatch.setattr(etaoin_fit, "write_graphs", fake_write_graphs)
    written = write_report(exponential_rows() + power_rows(), tmp_path / "out")
    assert drawn == ["etaoin"]
    assert set(written) == {"csv", "report", "etaoin-linear.png", "etaoin-linear.svg",
                            "etaoin-loglog.png", "etaoin-loglog.svg"}
    assert all(path.exists() for path in written.values())
    report = written["report"].read_text()
    assert report.endswith("![etaoin-linear.png](etaoin-linear.png)\n![etaoin-loglog.png](etaoin-loglog.png)\n")
    assert read_csv(written["csv"]) == exponential_rows() + power_rows()


def test_write_report_without_graphs(tmp_path):
    written = write_report(power_rows(), tmp_path, stem="x", graphs=False)
    assert set(written) == {"csv", "report"}
    assert "## Graphs" not in written["report"].read_text()
