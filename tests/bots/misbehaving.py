"""A bot that misbehaves on purpose, for the fault tests: ``python misbehaving.py MODE SEAT``.

It plays tsumogiri (discards each tile it draws, calls nothing) except as MODE says:
``garbage`` answers every line with text that is not JSON; ``illegal`` answers every line with a kakan it
cannot make; ``slow`` sleeps one second before its third answer after the game's start; ``exits`` ends
after its fifth answer; ``floods`` never reads its input and writes answers without end; ``stderr`` writes a
megabyte to its standard error before each answer (a line of it unended); ``forks`` starts a process that
sleeps a minute holding its output open (its id written to the file named by a third argument), answers its
first line and ends.
"""

import json
import os
import sys
import time


def main() -> None:
    mode, seat = sys.argv[1], int(sys.argv[2])
    if mode == "floods":
        while True:
            sys.stdout.write('{"type":"none"}\n' * 4096)
    if mode == "forks":
        child = os.fork()
        if child == 0:
            time.sleep(60)
            os._exit(0)
        with open(sys.argv[3], "w") as f:
            f.write(str(child))
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
        if mode == "forks" and answers > 1:
            sys.exit(0)
        if mode == "stderr":
            sys.stderr.write(("x" * 1023 + "\n") * 1023 + "y" * 1024)
            sys.stderr.flush()
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
