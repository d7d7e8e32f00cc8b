"""The lab notebooks (issue 15) run end to end on the schemehost kernel, with nbclient.

Each notebook is executed afresh from its saved copy in docs/ (working
directory docs/, as Jupyter runs it); every cell must succeed and each
notebook must draw at least one image/png.  The notebooks read the
original programs from ../shared/originals, so without them these skip.
"""

from __future__ import annotations

import pytest

pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

import nbformat  # noqa: E402
from conftest import ROOT, needs_originals  # noqa: E402
from jupyter_support import install_kernelspec, jupyter_path  # noqa: E402

DOCS = ROOT / "docs"
NOTEBOOKS = ["etaoin-lab.ipynb", "pennies-lab.ipynb"]


@pytest.fixture(scope="module")
def kernel_prefix(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("jupyter-prefix")
    install_kernelspec(prefix)
    return prefix


def outputs(nb, output_type=None) -> list:
    return [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
        if output_type is None or out.output_type == output_type
    ]


def execute(name: str, kernel_prefix):
    from nbclient import NotebookClient

    nb = nbformat.read(DOCS / name, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    with jupyter_path(kernel_prefix):
        NotebookClient(
            nb, timeout=120, kernel_name="schemehost", resources={"metadata": {"path": str(DOCS)}}
        ).execute()
    return nb


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_saved_with_outputs_on_the_schemehost_kernel(name):
    nb = nbformat.read(DOCS / name, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "schemehost"
    assert any("image/png" in out.get("data", {}) for out in outputs(nb, "display_data"))
    assert outputs(nb, "error") == []


@needs_originals
def test_notebook_etaoin_runs_end_to_end_with_plots(kernel_prefix):
    nb = execute("etaoin-lab.ipynb", kernel_prefix)
    results = [out.data["text/plain"] for out in outputs(nb, "execute_result")]
    assert "((tree 10 -4 2 last) (memo 10 -4 2 last) (dp 10 -4 2 last))" in results
    assert '("taee" (take-first -1) (take-last 1) (cm last greedy first))' in results
    pictures = [out for out in outputs(nb, "display_data") if "image/png" in out.data]
    # The lab's three graphs (linear, semi-log, log-log) and the n-squared plot.
    assert [out.data["text/plain"] for out in pictures] == [
        "<etaoin-linear>", "<etaoin-semilog>", "<etaoin-loglog>", "<figure>"
    ]


@needs_originals
def test_notebook_pennies_runs_end_to_end_with_plots(kernel_prefix):
    nb = execute("pennies-lab.ipynb", kernel_prefix)
    results = [out.data["text/plain"] for out in outputs(nb, "execute_result")]
    # Seeded: Stone's program against a random human, game seed 1.
    assert results == ["((machine-wins . 45) (human-wins . 55))"]
    tables = [out.data["text/markdown"] for out in outputs(nb, "display_data") if "text/markdown" in out.data]
    assert "| heads | 98 | 2 |" in tables[0]
    assert tables[1].startswith("Tables 1-3 of Breazu et al. (2020) replayed: 20 games of 200 plays (seed 0)")
    assert sum("image/png" in out.data for out in outputs(nb, "display_data")) == 2
