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

-- by round: E1, E2, ... as the hand's round wind and number (honba repeats are counted in their round)
CREATE OR REPLACE VIEW rates_by_round AS
SELECT k.round_wind, k.round_number, k.round_wind || k.round_number AS round,
       count(DISTINCT (k.game_id, k.kyoku)) AS hands, count(*) AS seat_hands,
       count(*) FILTER (WHERE s.win) / count(*) AS win_rate,
       count(*) FILTER (WHERE s.deal_in) / count(*) AS deal_in_rate,
       count(*) FILTER (WHERE s.riichi) / count(*) AS riichi_rate,
       count(*) FILTER (WHERE s.called) / count(*) AS call_rate,
       count(DISTINCT (k.game_id, k.kyoku)) FILTER (WHERE k.outcome = 'draw')
           / count(DISTINCT (k.game_id, k.kyoku)) AS draw_rate
FROM kyoku k JOIN seat_kyoku s USING (game_id, kyoku)
GROUP BY k.round_wind, k.round_number
ORDER BY position(k.round_wind IN 'ESWN'), k.round_number;

CREATE OR REPLACE VIEW placements_by_seat AS
SELECT seat, place, count(*) AS games, count(*) / sum(count(*)) OVER (PARTITION BY seat) AS share
FROM game_seats GROUP BY seat, place ORDER BY seat, place;

-- the wins by value (the hand's points, without honba and sticks)
CREATE OR REPLACE VIEW win_points AS
SELECT points, count(*) AS wins FROM wins GROUP BY points ORDER BY points;
