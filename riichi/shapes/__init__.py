"""Hand shapes: decomposition into sets, shanten and waits.

The one place where table-driven speed code belongs: everything here works on
34-int tile counts and shipped tables.
"""
