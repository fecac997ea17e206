from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DDZ_CPU_DELAY", "0")

settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

collect_ignore = ["fakes"]
