"""bench/vision_ab.py: two checkouts' frame time, frame by frame in turn."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "vision_ab.py"


def test_a_folder_that_is_no_checkout_is_refused_with_its_name(tmp_path):
    """A tree without vision/pipeline.py: the run stops at once, naming the folder."""
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), str(tmp_path), "--frames", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert f"{tmp_path} is not a dealer-app checkout (no vision/pipeline.py)" in done.stderr


@pytest.mark.slow
def test_a_checkout_against_itself_reads_every_frame_alike():
    """This checkout against itself on three heruka scenes, two rounds: one line for the
    design with both trees' ms/frame, their ratio and one ratio per round, and no frame read
    differently."""
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), str(ROOT), "--designs", "heruka-2color",
                           "--frames", "3", "--rounds", "2"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = next(row for row in done.stdout.splitlines() if row.startswith("heruka-2color"))
    match = re.fullmatch(r"heruka-2color +old +([\d.]+) ms/frame  new +([\d.]+) ms/frame  new/old ([\d.]+) "
                         r"\(rounds: ([\d.]+) ([\d.]+)\)  frames read differently: 0", line)
    assert match, line
    old, new, ratio = (float(match[k]) for k in (1, 2, 3))
    assert old > 0 and new > 0 and ratio == pytest.approx(new / old, abs=0.005)
