"""A stand-in for a bot at an mjai table that does no work: it answers each line it reads with the next
line of a file of answers (a real bot's answers to the same game, recorded by ``benchmarks.mjai_host``),
without reading the line. With four of them at the table, a hosted game costs only what the table and
the pipes cost: the floor under any bot's speed. With ``--read`` it reads each line as JSON first (the
standard library's reader, the fastest there is in Python): the floor under any bot written in Python.

    python benchmarks/mjai_answers.py [--read] ANSWERS
"""

import json
import os
import sys


def main() -> None:
    read = sys.argv[1] == "--read"
    with open(sys.argv[-1], "rb") as file:
        answers = file.read().splitlines(keepends=True)
    out = sys.stdout.fileno()
    for i, line in enumerate(sys.stdin.buffer):
        if read:
            json.loads(line)
        os.write(out, answers[i] if i < len(answers) else b'{"type":"none"}\n')


if __name__ == "__main__":
    main()
