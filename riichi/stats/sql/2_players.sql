-- Per player name (seats the record leaves unnamed are left out). Hands and rates from every hand replayed;
-- games, places and points from the games replayed to their end.

CREATE OR REPLACE VIEW placements AS
SELECT name, place, count(*) AS games,
       count(*) / sum(count(*)) OVER (PARTITION BY name) AS share
FROM game_seats WHERE name IS NOT NULL
GROUP BY name, place ORDER BY name, place;

CREATE OR REPLACE VIEW player_games AS
SELECT name, count(*) AS games, avg(place) AS average_place, avg(final_points) AS average_points,
       sum(final_points) AS total_points, avg(final_score) AS average_final_score,
       count(*) FILTER (WHERE place = 1) / count(*) AS first_rate,
       count(*) FILTER (WHERE place = (SELECT max(place) FROM game_seats g2 WHERE g2.game_id = g.game_id))
           / count(*) AS last_rate
FROM game_seats g WHERE name IS NOT NULL GROUP BY name;

CREATE OR REPLACE VIEW player_hands AS
SELECT s.name, count(*) AS hands,
       count(*) FILTER (WHERE s.win) / count(*) AS win_rate,
       count(*) FILTER (WHERE s.deal_in) / count(*) AS deal_in_rate,
       count(*) FILTER (WHERE s.riichi) / count(*) AS riichi_rate,
       count(*) FILTER (WHERE s.called) / count(*) AS call_rate,
       sum(s.delta) / count(*) AS average_delta
FROM seat_kyoku s WHERE s.name IS NOT NULL GROUP BY s.name;

CREATE OR REPLACE VIEW player_wins AS
SELECT winner_name AS name, count(*) AS wins, avg(points) AS average_win
FROM wins WHERE winner_name IS NOT NULL GROUP BY winner_name;

-- one row a player: hands and rates, wins and their average, games, places and points
CREATE OR REPLACE VIEW player_stats AS
SELECT h.name, coalesce(g.games, 0) AS games, h.hands, h.win_rate, h.deal_in_rate, h.riichi_rate, h.call_rate,
       w.average_win, g.average_place, g.average_points, g.total_points, g.first_rate, g.last_rate
FROM player_hands h
LEFT JOIN player_games g USING (name)
LEFT JOIN player_wins w USING (name)
ORDER BY games DESC, h.hands DESC, h.name;
