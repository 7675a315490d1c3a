-- The corpus's main rates, each a view of one row. A rate per seat-hand counts every seat of every hand
-- replayed (a four-player hand is four seat-hands); a draw rate counts hands.

CREATE OR REPLACE VIEW win_rate AS
SELECT count(*) AS seat_hands, count(*) FILTER (WHERE win) AS wins,
       count(*) FILTER (WHERE win) / nullif(count(*), 0) AS win_rate
FROM seat_kyoku;

-- a double ron is one deal-in for the discarder
CREATE OR REPLACE VIEW deal_in_rate AS
SELECT count(*) AS seat_hands, count(*) FILTER (WHERE deal_in) AS deal_ins,
       count(*) FILTER (WHERE deal_in) / nullif(count(*), 0) AS deal_in_rate
FROM seat_kyoku;

-- a riichi declared on a tile that deals in counts: the declaration, not the stick
CREATE OR REPLACE VIEW riichi_rate AS
SELECT count(*) AS seat_hands, count(*) FILTER (WHERE riichi) AS riichi,
       count(*) FILTER (WHERE riichi) / nullif(count(*), 0) AS riichi_rate
FROM seat_kyoku;

-- a seat that made at least one chi, pon or open kan in the hand
CREATE OR REPLACE VIEW call_rate AS
SELECT count(*) AS seat_hands, count(*) FILTER (WHERE called) AS called,
       count(*) FILTER (WHERE called) / nullif(count(*), 0) AS call_rate
FROM seat_kyoku;

-- hands that ended without a win (exhaustive and abortive draws)
CREATE OR REPLACE VIEW draw_rate AS
SELECT count(*) AS hands, count(*) FILTER (WHERE outcome = 'draw') AS draws,
       count(*) FILTER (WHERE outcome = 'draw') / nullif(count(*), 0) AS draw_rate
FROM kyoku;

-- a win's value is the hand's points, without honba and riichi sticks
CREATE OR REPLACE VIEW average_win AS
SELECT count(*) AS wins, avg(points) AS average_win, avg(han) AS average_han,
       count(*) FILTER (WHERE tsumo) / nullif(count(*), 0) AS tsumo_share
FROM wins;

CREATE OR REPLACE VIEW draw_types AS
SELECT draw_type, count(*) AS hands FROM kyoku WHERE outcome = 'draw' GROUP BY draw_type ORDER BY hands DESC, draw_type;

-- every main number in one row: what riichi stats prints and the report's summary table shows
CREATE OR REPLACE VIEW summary AS
SELECT (SELECT count(*) FROM games WHERE complete) AS games,
       (SELECT count(*) FROM games WHERE NOT complete) AS partial_games,
       d.hands, w.seat_hands, w.win_rate, di.deal_in_rate, r.riichi_rate, c.call_rate, d.draw_rate,
       a.wins, a.average_win, (SELECT count(*) FROM failures) AS failures
FROM win_rate w, deal_in_rate di, riichi_rate r, call_rate c, draw_rate d, average_win a;
