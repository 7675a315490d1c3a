"""``python -m riichi``: the command line."""

from riichi.cli import main

raise SystemExit(main())
