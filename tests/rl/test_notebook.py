"""docs/notebooks/ppo.ipynb, the optional PPO notebook of "Writing a bot": a notebook in nbformat 4 (the
Jupyter notebook format's published JSON schema: ``nbformat``, ``cells`` each with ``cell_type``, ``metadata``
and ``source``; code cells with ``outputs`` and ``execution_count``), whose random-agent cell runs with the
``rl`` extra alone and whose PPO cells are the only ones that need sb3-contrib, and say so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "notebooks" / "ppo.ipynb"


def notebook() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(NOTEBOOK.read_bytes().decode("utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def tagged(tag: str) -> list[dict[str, Any]]:
    return [c for c in notebook()["cells"] if tag in c["metadata"].get("tags", [])]


def test_the_notebook_is_nbformat_4() -> None:
    nb = notebook()
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] >= 5  # noqa: PLR2004 - cell ids came with 4.5
    assert nb["metadata"]["kernelspec"]["language"] == "python"
    ids = [c["id"] for c in nb["cells"]]
    assert len(set(ids)) == len(ids)
    for cell in nb["cells"]:
        assert cell["cell_type"] in ("markdown", "code")
        assert isinstance(cell["metadata"], dict) and isinstance(cell["source"], list)
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None  # committed without outputs
            compile(source(cell), f"{NOTEBOOK.name}:{cell['id']}", "exec")  # every cell is Python


def test_only_the_ppo_cells_need_sb3_contrib_and_say_so() -> None:
    needing = tagged("needs-sb3-contrib")
    assert len(needing) >= 1
    for cell in notebook()["cells"]:
        if cell["cell_type"] == "code" and ("sb3_contrib" in source(cell) or "model." in source(cell)):
            assert cell in needing, cell["id"]
    for cell in needing:
        assert source(cell).startswith("# Needs: pip install sb3-contrib")
    assert "MaskablePPO" in source(needing[0])


def test_the_random_agent_cell_runs_with_the_rl_extra() -> None:
    (cell,) = tagged("random-agent")
    assert "sb3_contrib" not in source(cell)
    space: dict[str, Any] = {}
    exec(compile(source(cell), f"{NOTEBOOK.name}:random-agent", "exec"), space)  # noqa: S102 - our own notebook
    # reward="placement" pays (players + 1) / 2 minus the place at the end (riichi.rl.env: four players)
    assert space["terminated"] and space["reward"] in (1.5, 0.5, -0.5, -1.5)
    # an east-only game has at least four hands, and the seat discards at least once in each
    assert space["decisions"] >= 4  # noqa: PLR2004
    assert space["obs"]["action_mask"].shape == (121,)
