"""The mjai package's RulebaseBot (mjai.app's reference bot, on Mortal's libriichi) on stdin/stdout, as an
mjai.app submission runs: ``python mjai_rulebase.py SEAT``."""

import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot


class Strict(RulebaseBot):
    """The bot, but an event stream its libriichi state refuses ends the process (the bot itself would print
    the error and answer none, which at a call is a legal pass and would go unnoticed)."""

    def brief_info(self) -> None:  # called only from the bot's handler of a refused event
        sys.stderr.write("libriichi refused the event stream\n")
        sys.stderr.flush()
        raise SystemExit(3)


if __name__ == "__main__":
    logger.remove()  # it logs every discard
    Strict(player_id=int(sys.argv[1])).start()
