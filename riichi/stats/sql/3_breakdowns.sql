-- Yaku frequencies and the rates broken down by seat and by round (what the report plots).

-- each yaku (dora, aka_dora and ura_dora included) and yakuman: the wins that have it, their share of all wins
CREATE OR REPLACE VIEW yaku_frequency AS
WITH named AS (
    SELECT y.name AS name, 'yaku' AS kind FROM wins, unnest(yaku) AS u(y) WHERE y.han > 0
    UNION ALL
    SELECT y.name AS name, 'yakuman' AS kind FROM wins, unnest(yakuman) AS u(y)
)
SELECT name, kind, count(*) AS wins, count(*) / (SELECT nullif(count(*), 0) FROM wins) AS share
FROM named GROUP BY name, kind ORDER BY wins DESC, name;

CREATE OR REPLACE VIEW rates_by_seat AS
SELECT seat, count(*) AS seat_hands,
       count(*) FILTER (WHERE win) / count(*) AS win_rate,
       count(*) FILTER (WHERE deal_in) / count(*) AS deal_in_rate,
       count(*) FILTER (WHERE riichi) / count(*) AS riichi_rate,
       count(*) FILTER (WHERE called) / count(*) AS call_rate
FROM seat_kyoku GROUP BY seat ORDER BY seat;

-- by round: E1, E2, ... as the hand's round wind and number (honba repeats are counted in their round). Hands
-- and draws are kyoku's rows, seat-hands seat_kyoku's, each counted in its own table (each seat-hand finds its
-- round once, whatever the tables hold), so the rounds add up to draw_rate's hands and win_rate's seat-hands.
CREATE OR REPLACE VIEW rates_by_round AS
WITH hand_round AS (
    SELECT game_id, kyoku, any_value(round_wind) AS round_wind, any_value(round_number) AS round_number
    FROM kyoku GROUP BY game_id, kyoku
), hands AS (
    SELECT round_wind, round_number, count(*) AS hands, count(*) FILTER (WHERE outcome = 'draw') AS draws
    FROM kyoku GROUP BY round_wind, round_number
), seats AS (
    SELECT r.round_wind, r.round_number, count(*) AS seat_hands,
           count(*) FILTER (WHERE s.win) AS wins, count(*) FILTER (WHERE s.deal_in) AS deal_ins,
           count(*) FILTER (WHERE s.riichi) AS riichi, count(*) FILTER (WHERE s.called) AS called
    FROM seat_kyoku s JOIN hand_round r USING (game_id, kyoku)
    GROUP BY r.round_wind, r.round_number
)
SELECT h.round_wind, h.round_number, h.round_wind || h.round_number AS round,
       h.hands, coalesce(s.seat_hands, 0) AS seat_hands,
       s.wins / s.seat_hands AS win_rate,
       s.deal_ins / s.seat_hands AS deal_in_rate,
       s.riichi / s.seat_hands AS riichi_rate,
       s.called / s.seat_hands AS call_rate,
       h.draws / h.hands AS draw_rate
FROM hands h LEFT JOIN seats s USING (round_wind, round_number)
ORDER BY position(h.round_wind IN 'ESWN'), h.round_number;

CREATE OR REPLACE VIEW placements_by_seat AS
SELECT seat, place, count(*) AS games, count(*) / sum(count(*)) OVER (PARTITION BY seat) AS share
FROM game_seats GROUP BY seat, place ORDER BY seat, place;

-- the wins by value (the hand's points, without honba and sticks)
CREATE OR REPLACE VIEW win_points AS
SELECT points, count(*) AS wins FROM wins GROUP BY points ORDER BY points;
