"""A bot that misbehaves on purpose, for the fault tests: ``python misbehaving.py MODE SEAT``.

It plays tsumogiri (discards each tile it draws, calls nothing) except as MODE says:
``garbage`` answers every line with text that is not JSON; ``illegal`` answers every line with a kakan it
cannot make; ``slow`` sleeps one second before its third answer after the game's start; ``exits`` ends
after its fifth answer.
"""

import json
import sys
import time


def main() -> None:
    mode, seat = sys.argv[1], int(sys.argv[2])
    for answers, line in enumerate(sys.stdin, start=1):
        events = json.loads(line)
        last = events[-1] if events else {}
        if last.get("type") == "tsumo" and last.get("actor") == seat:
            answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        else:
            answer = {"type": "none"}
        if mode == "garbage":
            text = "this is not json {"
        elif mode == "illegal":
            text = json.dumps({"type": "kakan", "actor": seat, "pai": "1m", "consumed": ["1m", "1m", "1m"]})
        else:
            text = json.dumps(answer)
        if mode == "slow" and answers == 3:
            time.sleep(1.0)
        if mode == "exits" and answers > 5:
            sys.exit(0)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
