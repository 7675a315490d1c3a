"""Tournament seating: who sits at which table, and in which seat, each round.

A :class:`Seating` holds the rounds of a tournament, each a tuple of tables, each table its players in seat
order (East, South, West, North). Players are numbered from 0; when the number of players is not a multiple of
the table size, *substitutes* fill the last places (numbered after the players, named ``S1``, ``S2``...) and
play every round.

:func:`seat` finds a seating that keeps repeated meetings few and seat winds even:

* 16 players over up to 5 rounds at four-player tables, and 9 players over up to 4 rounds at three-player
  tables, take the lines of the affine plane of order 4 or 3 (built from the arithmetic of GF(4) and GF(3)):
  every pair of players meets exactly once in the full schedule;
* any other size is searched: a seeded local search that swaps two players of one round between tables,
  keeping a swap that does not add repeats, within a fixed number of tries (so the same seed always gives
  the same seating, and the time is bounded).

Seat winds are then given so that every player sits each wind at most ceil(rounds / table size) times (always
possible: an edge colouring of the bipartite graph of tables and players).
:func:`swiss_round` seats the next round by the standings; :func:`read_fixed` reads a seating from CSV.

>>> plan = seat(16, 5)
>>> plan.repeated_pairs(), len(plan.rounds), sorted(plan.rounds[0][0])
(0, 5, [0, 4, 8, 12])
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import TournamentError
from riichi.frozen import Frozen

__all__ = [
    "SEARCH_TRIES",
    "Seating",
    "affine_plane",
    "read_fixed",
    "repeat_lower_bound",
    "seat",
    "seating_rows",
    "swiss_round",
]

#: Swaps tried by the local search for each (player, round), and in all: the bound on its time.
SEARCH_TRIES = 400
SEARCH_BUDGET = 2_000_000

#: The most players, rounds and tables a seating is made for (the search's memory grows with players squared).
MAX_PLAYERS = 1000
MAX_ROUNDS = 50

Table = tuple[int, ...]
Round = tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Seating(Frozen):
    """The tables of each round; each table's players in seat order (East first)."""

    players: int
    substitutes: int
    table_size: int
    rounds: tuple[Round, ...]
    names: tuple[str, ...] = ()

    def name(self, player: int) -> str:
        """A player's name: the one given, else ``1``... for players and ``S1``... for substitutes."""
        if self.names:
            return self.names[player]
        return f"S{player - self.players + 1}" if self.is_substitute(player) else str(player + 1)

    def is_substitute(self, player: int) -> bool:
        return player >= self.players

    def meetings(self) -> dict[tuple[int, int], int]:
        """How many times each pair (lower number first) sat at one table."""
        met: dict[tuple[int, int], int] = {}
        for rnd in self.rounds:
            for table in rnd:
                for a, b in itertools.combinations(sorted(table), 2):
                    met[(a, b)] = met.get((a, b), 0) + 1
        return met

    def repeated_pairs(self) -> int:
        """The meetings beyond each pair's first: 0 when no two players meet twice (a pair meeting three times
        counts 2)."""
        return sum(n - 1 for n in self.meetings().values())

    def wind_counts(self) -> tuple[tuple[int, ...], ...]:
        """For each player, how many rounds they sat East, South, West (and North)."""
        counts = [[0] * self.table_size for _ in range(self.players + self.substitutes)]
        for rnd in self.rounds:
            for table in rnd:
                for seat_index, player in enumerate(table):
                    counts[player][seat_index] += 1
        return tuple(tuple(c) for c in counts)

    def wind_excess(self) -> int:
        """Seats taken more often than an even share allows: for each player and wind, the rounds beyond
        ceil(rounds / table size); 0 when every player's winds are as even as the number of rounds permits."""
        share = math.ceil(len(self.rounds) / self.table_size)
        return sum(max(0, n - share) for counts in self.wind_counts() for n in counts)


def repeat_lower_bound(players: int, rounds: int, table_size: int = 4) -> int:
    """The fewest repeated meetings any seating can have: each player meets (table size - 1) others a round,
    and beyond the others there are, every meeting is a repeat.

    Over 8 rounds each of 20 players meets 24 others of 19: 5 repeats each, 20 × 5 / 2 pairs.

    >>> repeat_lower_bound(16, 5), repeat_lower_bound(16, 6), repeat_lower_bound(20, 8)
    (0, 24, 50)
    """
    total = players + (-players) % table_size
    per_player = max(0, (table_size - 1) * rounds - (total - 1))
    return math.ceil(total * per_player / 2)


def affine_plane(order: int) -> tuple[Round, ...]:
    """The order + 1 parallel classes of the affine plane over GF(order), order 3 or 4: each a round of order
    tables of order players, player 'order·x + y' standing for the point (x, y). Every two players share
    exactly one line, so they meet in exactly one round.

    The first class is the lines y = c (the line y = 0 holds (0, 0), (1, 0), (2, 0), (3, 0)); over GF(3) the
    line y = x holds (0, 0), (1, 1), (2, 2):

    >>> [len(r) for r in affine_plane(4)], affine_plane(4)[0][0], affine_plane(3)[1][0]
    ([4, 4, 4, 4, 4], (0, 4, 8, 12), (0, 4, 8))
    """
    if order not in (3, 4):
        raise TournamentError(f"affine plane of order {order}: only orders 3 and 4 are built")
    add, mul = _field(order)
    classes: list[Round] = []
    for slope in range(order):  # the lines y = slope·x + c
        classes.append(tuple(tuple(sorted(order * x + add[mul[slope][x]][c] for x in range(order)))
                             for c in range(order)))
    classes.append(tuple(tuple(order * c + y for y in range(order)) for c in range(order)))  # x = c
    return tuple(classes)


def _field(order: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(3) (integers mod 3) or GF(4) (0, 1, a, a + 1 as 0–3, with
    a² = a + 1: addition is bitwise exclusive or)."""
    if order == 3:
        return ([[(a + b) % 3 for b in range(3)] for a in range(3)],
                [[(a * b) % 3 for b in range(3)] for a in range(3)])
    add = [[a ^ b for b in range(4)] for a in range(4)]
    mul = [[0] * 4 for _ in range(4)]
    for a in range(4):
        for b in range(4):
            # polynomials over GF(2) modulo a² + a + 1
            product = 0
            for bit in range(2):
                if b >> bit & 1:
                    product ^= a << bit
            if product & 4:
                product ^= 0b111
            mul[a][b] = product
    return add, mul


def seat(players: int, rounds: int, *, table_size: int = 4, seed: int = 0,
         tries: int = SEARCH_TRIES) -> Seating:
    """A seating of ``players`` over ``rounds`` rounds at tables of ``table_size`` (4, or 3 for three-player
    mahjong), substitutes filling the last table; the same arguments always give the same seating.

    >>> s = seat(9, 4, table_size=3)
    >>> s.repeated_pairs(), s.wind_excess()
    (0, 0)
    """
    _check_size(players, rounds, table_size)
    substitutes = (-players) % table_size
    total = players + substitutes
    rng = random.Random(seed)
    if total == table_size * table_size and rounds <= table_size + 1:
        groups = list(affine_plane(table_size)[:rounds])
    else:
        groups = _search(total, rounds, table_size, rng, tries, substitutes)
    return Seating(players, substitutes, table_size, _give_winds(groups, total, table_size, rng))


def _check_size(players: int, rounds: int, table_size: int) -> None:
    if table_size not in (3, 4):
        raise TournamentError(f"table_size: 3 or 4 players a table, not {table_size}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(f"rounds: 1 to {MAX_ROUNDS}, not {rounds}")
    if not table_size <= players <= MAX_PLAYERS:
        raise TournamentError(f"players: {table_size} to {MAX_PLAYERS} for tables of {table_size}, not {players}")


class _Search:
    """The local search's state: each round's tables, where each player sits, and how often each pair met."""

    def __init__(self, total: int, rounds: int, table_size: int, rng: random.Random, substitutes: int) -> None:
        self.total = total
        self.size = table_size
        self.rng = rng
        self.met = [0] * (total * total)
        # substitutes count as having met already: two at one table is a repeat the search avoids
        for a, b in itertools.permutations(range(total - substitutes, total), 2):
            self.met[a * total + b] = 1
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        for _ in range(rounds):
            order = list(range(total))
            rng.shuffle(order)
            tables = [order[i:i + table_size] for i in range(0, total, table_size)]
            self.tables.append(tables)
            where = [0] * total
            for t, table in enumerate(tables):
                for p in table:
                    where[p] = t
                self._meet(table, 1)
            self.where.append(where)

    def _meet(self, table: list[int], step: int) -> None:
        n = self.total
        for a, b in itertools.combinations(table, 2):
            self.met[a * n + b] += step
            self.met[b * n + a] += step

    def repeats(self) -> int:
        n = self.total
        return sum(max(0, self.met[a * n + b] - 1) for a in range(n) for b in range(a + 1, n))

    def conflict(self, r: int, a: int) -> int:
        """The repeats player ``a`` has at their table in round ``r``."""
        n = self.total
        return sum(self.met[a * n + x] - 1 for x in self.tables[r][self.where[r][a]] if x != a)

    def swap_delta(self, r: int, a: int, b: int) -> tuple[int, int]:
        """The change of the sum over pairs of C(meetings, 2), and of the repeated meetings, when ``a`` and
        ``b`` change tables in round ``r``."""
        n = self.total
        ta, tb = self.tables[r][self.where[r][a]], self.tables[r][self.where[r][b]]
        cost = repeats = 0
        for here, gone, mates in ((b, a, ta), (a, b, tb)):
            for x in mates:
                if x != gone:
                    joined, left = self.met[here * n + x], self.met[gone * n + x]
                    cost += joined - (left - 1)
                    repeats += (joined >= 1) - (left >= 2)
        return cost, repeats

    def swap(self, r: int, a: int, b: int) -> None:
        ia, ib = self.where[r][a], self.where[r][b]
        ta, tb = self.tables[r][ia], self.tables[r][ib]
        self._meet(ta, -1)
        self._meet(tb, -1)
        ta[ta.index(a)] = b
        tb[tb.index(b)] = a
        self.where[r][a], self.where[r][b] = ib, ia
        self._meet(ta, 1)
        self._meet(tb, 1)


def _search(total: int, rounds: int, table_size: int, rng: random.Random, tries: int,
            substitutes: int) -> list[Round]:
    """Simulated annealing on the sum over pairs of C(meetings, 2) (a pair meeting three times weighs more than
    two pairs meeting twice), by swaps of two players of one round, one of them in a repeated meeting; the
    seating with the fewest repeats seen is kept. ``tries`` swaps a player and round bound it."""
    state = _Search(total, rounds, table_size, rng, substitutes)
    floor = repeat_lower_bound(total, rounds, table_size)
    repeats = best = state.repeats()
    best_tables = [[list(t) for t in rnd] for rnd in state.tables]
    if total // table_size < 2:
        return [tuple(tuple(sorted(t)) for t in rnd) for rnd in best_tables]
    budget = min(tries * total * rounds, SEARCH_BUDGET)
    temperature, cooling = 2.0, (0.02 / 2.0) ** (1 / budget)
    for _ in range(budget):
        if best <= floor:
            break
        temperature *= cooling
        r = rng.randrange(rounds)
        a = rng.randrange(total)
        if state.conflict(r, a) <= 0:
            continue
        b = rng.randrange(total)
        if state.where[r][a] == state.where[r][b]:
            continue
        cost, change = state.swap_delta(r, a, b)
        if cost <= 0 or rng.random() < math.exp(-cost / temperature):
            if change > 0 and repeats == best:
                # leaving the best seating seen: keep a copy (copied only then, not at every improvement)
                best_tables = [[list(t) for t in rnd] for rnd in state.tables]
            state.swap(r, a, b)
            repeats += change
            best = min(best, repeats)
    final = state.tables if repeats == best else best_tables
    return [tuple(tuple(sorted(t)) for t in rnd) for rnd in final]


def _give_winds(groups: Sequence[Round], total: int, table_size: int, rng: random.Random) -> tuple[Round, ...]:
    """Each table's players put in seat order so that every player sits each wind at most ceil(rounds / table
    size) times: always possible, as a colouring of the edges of a bipartite graph.

    One side holds the tables of every round, the other each player's appearances in groups of ``table_size``
    rounds (so more than ``table_size`` rounds give a player several nodes); an edge joins a table and the
    node of a player sitting at it. No node has more than ``table_size`` edges, so by König's theorem the
    edges take ``table_size`` colours, the winds, with no two edges of a node alike: a table seats one player
    at each wind, and a player's node never repeats a wind. Each edge is coloured in turn (in an order drawn
    from ``rng``): a wind free at both ends, else a wind ``a`` free at the player and ``b`` free at the table,
    after exchanging ``a`` and ``b`` along the path of edges coloured ``a``, ``b``, ``a``... from the table
    (which cannot reach the player in a bipartite graph)."""
    rounds = len(groups)
    tables = [table for rnd in groups for table in rnd]
    node_count = len(tables) + total * -(-rounds // table_size)
    at = [[-1] * table_size for _ in range(node_count)]  # at[node][wind]: the node across that wind's edge
    edges: list[tuple[int, int]] = []
    seen = [0] * total
    for t, table in enumerate(tables):
        for p in table:
            edges.append((len(tables) + p * -(-rounds // table_size) + seen[p] // table_size, t))
            seen[p] += 1
    rng.shuffle(edges)
    for u, v in edges:
        a = at[u].index(-1)
        if at[v][a] != -1:
            b = at[v].index(-1)
            path: list[tuple[int, int, int]] = []
            x, colour = v, a
            while at[x][colour] != -1:
                y = at[x][colour]
                path.append((x, y, colour))
                x, colour = y, b if colour == a else a
            for x, y, c in path:
                at[x][c] = at[y][c] = -1
            for x, y, c in path:
                other = b if c == a else a
                at[x][other], at[y][other] = y, x
        at[u][a], at[v][a] = v, u
    out: list[Round] = []
    k = 0
    for rnd in groups:
        row = []
        for _ in rnd:
            row.append(tuple((at[k][w] - len(tables)) // -(-rounds // table_size) for w in range(table_size)))
            k += 1
        out.append(tuple(row))
    return tuple(out)


def _cost(table: Table, counts: list[list[int]]) -> int:
    # cubes: one player three times East weighs more than three players twice each
    return sum((counts[p][i] + 1) ** 3 for i, p in enumerate(table))


def _best_order(table: Table, orders: list[tuple[int, ...]], counts: list[list[int]]) -> Table:
    players = sorted(table)
    best: Table = tuple(players)
    best_cost = _cost(best, counts)
    for order in orders:
        candidate = tuple(players[i] for i in order)
        cost = _cost(candidate, counts)
        if cost < best_cost:
            best, best_cost = candidate, cost
    return best


def swiss_round(previous: Seating, standings: Sequence[int], *, seed: int = 0) -> Seating:
    """``previous`` with one more round seated by the standings (best first): the first table takes the best
    players, the next the next ones, then players move between neighbouring tables where that spares a repeated
    meeting, each staying within one table of their place by the standings.

    After A–D and E–H played, seating straight by the standings would repeat all 12 meetings; two players of
    each table changing tables leave two pairs that met before at each table (A and B with E and F, C and D
    with G and H), the fewest any seating of round 2 can have:

    >>> first = read_fixed("1,1,A,B,C,D\\n1,2,E,F,G,H")
    >>> swiss_round(first, [0, 1, 2, 3, 4, 5, 6, 7]).repeated_pairs()
    4
    """
    total = previous.players + previous.substitutes
    size = previous.table_size
    if sorted(standings) != list(range(total)):
        missing = sorted(set(range(total)) - set(standings))
        extra = sorted(p for p in set(standings) if not 0 <= p < total)
        twice = sorted({p for p in standings if list(standings).count(p) > 1})
        raise TournamentError("standings: each player once"
                           + (f"; missing {', '.join(previous.name(p) for p in missing)}" if missing else "")
                           + (f"; not players: {extra}" if extra else "")
                           + (f"; twice: {', '.join(previous.name(p) for p in twice)}" if twice else ""))
    if len(previous.rounds) >= MAX_ROUNDS:
        raise TournamentError(f"rounds: at most {MAX_ROUNDS}")
    met = [0] * (total * total)
    for rnd in previous.rounds:
        for table in rnd:
            for a, b in itertools.combinations(table, 2):
                met[a * total + b] += 1
                met[b * total + a] += 1
    tables = [list(standings[i:i + size]) for i in range(0, total, size)]
    home = {p: i // size for i, p in enumerate(standings)}
    rng = random.Random(seed)

    def cost(t: int) -> int:
        table = tables[t]
        return 1000 * sum(met[a * total + b] for a, b in itertools.combinations(table, 2)) + sum(
            abs(home[p] - t) for p in table)

    for _ in range(SEARCH_TRIES * total):
        t = rng.randrange(len(tables) - 1) if len(tables) > 1 else 0
        if len(tables) == 1:
            break
        i, j = rng.randrange(size), rng.randrange(size)
        a, b = tables[t][i], tables[t + 1][j]
        if abs(home[a] - (t + 1)) > 1 or abs(home[b] - t) > 1:
            continue
        before = cost(t) + cost(t + 1)
        tables[t][i], tables[t + 1][j] = b, a
        if cost(t) + cost(t + 1) > before:
            tables[t][i], tables[t + 1][j] = a, b
    counts = [list(c) for c in previous.wind_counts()]
    orders = list(itertools.permutations(range(size)))
    new_round = tuple(_best_order(tuple(t), orders, counts) for t in tables)
    return Seating(previous.players, previous.substitutes, size, (*previous.rounds, new_round), previous.names)


#: A substitute's name in a seating file starts with this (``sub:Anna``).
SUBSTITUTE_MARK = "sub:"


def read_fixed(text: str) -> Seating:
    """A seating written as CSV, one table a line: ``round,table,east,south,west,north`` (three players:
    no north), players by name, a substitute's name starting ``sub:``; a first line starting ``round`` is a
    header. Rounds are numbered from 1 in order; every round seats every player once.

    >>> s = read_fixed("round,table,east,south,west,north\\n1,1,A,B,C,D\\n2,1,D,C,B,A\\n")
    >>> s.names, s.rounds, s.repeated_pairs()
    (('A', 'B', 'C', 'D'), (((0, 1, 2, 3),), ((3, 2, 1, 0),)), 6)
    """
    rows = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if rows and rows[0][1].lstrip().lower().startswith("round"):
        rows = rows[1:]
    if not rows:
        raise TournamentError("seating file: no tables")
    cells_of = [(n, [c.strip() for c in line.split(",")]) for n, line in rows]
    size = len(cells_of[0][1]) - 2
    if size not in (3, 4):
        raise TournamentError(f"line {cells_of[0][0]}: round, table and 3 or 4 players, not "
                              f"{len(cells_of[0][1])} fields")
    rounds: list[list[tuple[str, ...]]] = []
    for n, cells in cells_of:
        if len(cells) != size + 2:
            raise TournamentError(f"line {n}: {size + 2} fields (round, table, {size} players), not {len(cells)}")
        if not cells[0].isdigit() or int(cells[0]) < 1:
            raise TournamentError(f"line {n}: round: a round number from 1, not {cells[0]!r}")
        number = int(cells[0])
        if number == len(rounds) + 1:
            rounds.append([])
        elif number != len(rounds):
            raise TournamentError(f"line {n}: round: round {number} after round {len(rounds)} (rounds in order)")
        players = tuple(cells[2:])
        if any(not p for p in players):
            raise TournamentError(f"line {n}: a seat without a name")
        rounds[-1].append(players)
    order: dict[str, None] = {}
    for rnd in rounds:
        for table in rnd:
            for name in table:
                order.setdefault(name, None)
    real = [p for p in order if not p.startswith(SUBSTITUTE_MARK)]
    subs = [p for p in order if p.startswith(SUBSTITUTE_MARK)]
    names = (*real, *subs)
    index = {name: i for i, name in enumerate(names)}
    for r, rnd in enumerate(rounds, 1):
        seen = [name for table in rnd for name in table]
        missing = [name for name in names if name not in seen]
        twice = sorted({name for name in seen if seen.count(name) > 1})
        if missing or twice:
            raise TournamentError(f"round {r}: every player once" + (f"; missing {', '.join(missing)}" if missing
                                                                       else "") + (f"; twice: {', '.join(twice)}"
                                                                                   if twice else ""))
    if len(rounds) > MAX_ROUNDS or len(names) > MAX_PLAYERS:
        raise TournamentError(f"seating file: at most {MAX_ROUNDS} rounds and {MAX_PLAYERS} players")
    return Seating(len(real), len(subs), size,
                   tuple(tuple(tuple(index[name] for name in table) for table in rnd) for rnd in rounds), names)


def seating_rows(seating: Seating) -> list[list[str]]:
    """The seating as the rows :func:`read_fixed` reads (a header first; a substitute named ``sub:...``)."""
    winds = ["east", "south", "west", "north"][:seating.table_size]
    rows = [["round", "table", *winds]]
    for r, rnd in enumerate(seating.rounds, 1):
        for t, table in enumerate(rnd, 1):
            rows.append([str(r), str(t), *(_file_name(seating, p) for p in table)])
    return rows


def _file_name(seating: Seating, player: int) -> str:
    name = seating.name(player)
    if seating.is_substitute(player) and not name.startswith(SUBSTITUTE_MARK):
        return SUBSTITUTE_MARK + name
    return name
