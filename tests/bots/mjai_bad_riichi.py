"""The mjai package's RulebaseBot, except that right after declaring riichi it discards a tile that leaves its
hand not tenpai (when it holds one), the fault the table must refuse and the record must show where:
``python mjai_bad_riichi.py SEAT``. The real RulebaseBot does this now and then (after ``reach`` it picks its
discard by ukeire, not among the tiles that keep it tenpai); here it does it at every riichi."""

import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot


class BadRiichi(RulebaseBot):
    def think(self) -> str:
        if self.can_discard and self.self_riichi_declared and not self.self_riichi_accepted:
            keeping = set(self.discardable_tiles_riichi_declaration)
            breaking = [t for t in self.tehai_mjai if t not in keeping]
            if breaking:
                return self.action_discard(breaking[0])
        return super().think()


if __name__ == "__main__":
    logger.remove()  # it logs every discard
    BadRiichi(player_id=int(sys.argv[1])).start()
