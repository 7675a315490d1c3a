"""A stand-in for a bot at an mjai table that does no work: it answers each line it reads with the next
line of a file of answers (a real bot's answers to the same game, recorded by ``benchmarks.mjai_host``),
without reading the line. With four of them at the table, a hosted game costs only what the table and
the pipes cost: the floor under any bot's speed.

    python benchmarks/mjai_answers.py ANSWERS
"""

import os
import sys


def main() -> None:
    with open(sys.argv[1], "rb") as file:
        answers = file.read().splitlines(keepends=True)
    out = sys.stdout.fileno()
    for i, _line in enumerate(sys.stdin.buffer):
        os.write(out, answers[i] if i < len(answers) else b'{"type":"none"}\n')


if __name__ == "__main__":
    main()
