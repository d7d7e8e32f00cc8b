"""The progress bar of long runs: drawn on a terminal, silent elsewhere."""

from __future__ import annotations

import io

from schemehost.labs.progress import Progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_a_bar_on_a_terminal():
    out = FakeTerminal()
    bar = Progress(4, out, unit="games")
    bar.step(2)
    bar.step(2)
    bar.close()
    text = out.getvalue()
    assert "\r[" + "#" * 15 + "." * 15 + "] 2/4 games" in text
    assert "\r[" + "#" * 30 + "] 4/4 games" in text
    assert text.endswith("\n")


def test_progress_is_silent_when_not_a_terminal():
    out = io.StringIO()
    bar = Progress(3, out)
    bar.step()
    bar.close()
    assert out.getvalue() == ""


def test_report_agreement_prints_problems_then_the_verdict(capsys):
    from schemehost.labs.progress import report_agreement

    assert report_agreement(["a", "b", "c"], "3 checks", "all agree", most=2) == 1
    assert capsys.readouterr().out == "a\nb\nDISAGREE on 3 checks\n"
    assert report_agreement([], "0 checks", "all agree") == 0
    assert capsys.readouterr().out == "all agree\n"
