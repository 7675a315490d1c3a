"""The engine's values beside the record's: the ``log``, ``mismatches`` and ``matches_log`` of a replay.

The engine's side is the replay output object itself (a ``kyoku`` or ``game_end``
object as the replay contract writes it); the record's side is what the record
states (:class:`~riichi.formats.record.StatedHand`). Only fields the record
states are compared; a record without results compares nothing
(``matches_log`` is ``None``).
"""

from __future__ import annotations

from typing import Final

from riichi.formats.record import StatedGameEnd, StatedHand, StatedWin

__all__ = ["compare_game_end", "compare_hand"]

#: Limits the record may name differently: Tenhou writes 13 han or more without a yakuman as a yakuman.
_SAME_LIMIT: Final = {"kazoe_yakuman": "yakuman"}


def _yaku_key(items: object) -> list[tuple[str, int]]:
    """A yaku list as sorted (name, han) pairs, entries of 0 han (ura dora 0) left out."""
    pairs: list[tuple[str, int]] = []
    if isinstance(items, list | tuple):
        for item in items:
            if isinstance(item, dict):
                name, han = str(item["name"]), int(item["han"])
            else:
                name, han = str(getattr(item[0], "value", item[0])), int(item[1])
            if han > 0:
                pairs.append((name, han))
    return sorted(pairs)


def _as_tenhou(pairs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Yaku pairs with the nukidora han counted in the dora entry, as Tenhou's records count them."""
    kita = sum(han for name, han in pairs if name == "nukidora")
    if not kita:
        return pairs
    rest = [(name, han) for name, han in pairs if name not in ("nukidora", "dora")]
    dora = sum(han for name, han in pairs if name == "dora") + kita
    return sorted([*rest, ("dora", dora)])


def _win_log(w: StatedWin) -> dict[str, object]:
    out: dict[str, object] = {"winner": w.winner, "from": w.from_seat}
    for key, value in (("han", w.han), ("fu", w.fu), ("points", w.points), ("limit", w.limit),
                       ("pao", w.pao), ("honba", w.honba), ("riichi_sticks", w.riichi_sticks)):
        if value is not None:
            out[key] = value
    if w.yaku is not None:
        out["yaku"] = [{"name": yaku.value, "han": han} for yaku, han in w.yaku]
    if w.yakuman is not None:
        out["yakuman"] = [yaku.value for yaku in w.yakuman]
    if w.yaku_text is not None:  # names the reader does not know: the record's own text, shown, not compared
        out["yaku_text"] = list(w.yaku_text)
    if w.deltas is not None:
        out["deltas"] = list(w.deltas)
    return out


def _compare_win(mine: dict[str, object], w: StatedWin, j: int, table_honba: object, out: list[str]) -> None:
    yakuman = mine.get("yakuman") or []
    assert isinstance(yakuman, list)
    mine_yakuman = sorted(str(y["name"]) for y in yakuman)
    checks: list[tuple[str, object, object]] = [
        ("winner", mine.get("winner"), w.winner), ("from", mine.get("from"), w.from_seat),
        ("points", mine.get("points"), w.points),
        ("limit", _SAME_LIMIT.get(str(mine.get("limit")), mine.get("limit")), w.limit),
        # A record's honba beside a win (Tenhou's ba) is the table's count, also on a second ron that collects none.
        ("honba", table_honba, w.honba), ("riichi_sticks", mine.get("riichi_sticks"), w.riichi_sticks),
        ("deltas", mine.get("deltas"), list(w.deltas) if w.deltas is not None else None),
        ("yakuman", mine_yakuman, sorted(y.value for y in w.yakuman) if w.yakuman is not None else None),
    ]
    if w.points is not None or w.pao is not None or w.deltas is not None:
        checks.append(("pao", mine.get("pao"), w.pao))
    if not w.yakuman:  # han, fu and yaku are compared below yakuman
        record_yaku = _yaku_key(w.yaku) if w.yaku is not None else None
        mine_yaku = _yaku_key(mine.get("yaku"))
        if record_yaku is not None and not any(name == "nukidora" for name, _ in record_yaku):  # Tenhou's dora holds them
            mine_yaku = _as_tenhou(mine_yaku)
        checks += [("han", mine.get("han"), w.han), ("fu", mine.get("fu"), w.fu), ("yaku", mine_yaku, record_yaku)]
    for name, got, stated in checks:
        if stated is not None and got != stated:
            out.append(f"wins[{j}].{name}")


def compare_hand(kyoku: dict[str, object], stated: StatedHand) -> None:
    """Fill ``log``, ``mismatches`` and ``matches_log`` of a ``kyoku`` object from what the record states."""
    # The record's total, worked out once and named: compiled, a property's value only compared with None
    # (`stated.deltas is not None`) was never freed.
    deltas = stated.deltas
    log: dict[str, object] = {"deltas": list(deltas) if deltas is not None else None}
    mismatches: list[str] = []
    for key, value in (("scores_start", stated.scores_start), ("honba", stated.honba),
                       ("riichi_sticks", stated.riichi_sticks)):
        if value is not None:
            log[key] = list(value) if isinstance(value, tuple) else value
            if kyoku.get(key) != log[key]:
                mismatches.append(key)
    wins = kyoku.get("wins") or []
    assert isinstance(wins, list)
    if stated.wins:
        log["wins"] = [_win_log(w) for w in stated.wins]
        if kyoku.get("outcome") != "win":
            mismatches.append("outcome")
        elif len(wins) != len(stated.wins):
            mismatches.append("wins")
        else:
            for j, (mine, w) in enumerate(zip(wins, stated.wins, strict=True)):
                _compare_win(mine, w, j, kyoku.get("honba"), mismatches)
    elif stated.draw is not None:
        log["draw"] = {"type": stated.draw.kind.value}
        if stated.draw.honba is not None:
            log["draw"] = {**log["draw"], "honba": stated.draw.honba,  # type: ignore[dict-item]
                           "riichi_sticks": stated.draw.riichi_sticks}
        draw = kyoku.get("draw")
        if kyoku.get("outcome") != "draw" or not isinstance(draw, dict):
            mismatches.append("outcome")
        elif draw.get("type") != stated.draw.kind.value:
            mismatches.append("draw.type")
        # A draw's ba: the hand's honba, and the sticks on the table at its end (those paid during it included).
        riichi, sticks = kyoku.get("riichi"), kyoku.get("riichi_sticks")
        sticks_left = (sticks if isinstance(sticks, int) else 0) + (len(riichi) if isinstance(riichi, list) else 0)
        if stated.draw.honba is not None and stated.draw.honba != kyoku.get("honba"):
            mismatches.append("draw.honba")
        if stated.draw.riichi_sticks is not None and stated.draw.riichi_sticks != sticks_left:
            mismatches.append("draw.riichi_sticks")
    if deltas is not None and kyoku.get("deltas") != list(deltas):
        mismatches.append("deltas")
    kyoku["log"] = log
    kyoku["mismatches"] = mismatches
    kyoku["matches_log"] = False if mismatches else (True if stated.has_results else None)


def compare_game_end(end: dict[str, object], stated: StatedGameEnd | None) -> None:
    """Fill ``log``, ``mismatches`` and ``matches_log`` of a ``game_end`` object from the record's ``owari``."""
    if stated is None:
        end["log"] = None
        end["mismatches"] = []
        end["matches_log"] = None
        return
    mismatches = []
    if end.get("final_scores") != list(stated.final_scores):
        mismatches.append("final_scores")
    points = end.get("final_points")
    if not (isinstance(points, list) and len(points) == len(stated.final_points)
            and all(abs(float(a) - b) < 1e-6 for a, b in zip(points, stated.final_points, strict=True))):
        mismatches.append("final_points")
    end["log"] = {"final_scores": list(stated.final_scores), "final_points": list(stated.final_points)}
    end["mismatches"] = mismatches
    end["matches_log"] = not mismatches
