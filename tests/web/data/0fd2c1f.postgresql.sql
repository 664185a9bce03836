-- A database made and used by `kingdomino serve` of commit 0fd2c1f
-- (2026-11-30: rematch: one player offers it, every player joins their seat),
-- filled by tests/web/data/old_database.py: tests/web/test_old_databases.py upgrades it.
-- Remade by: tests/web/data/remake.sh 0fd2c1f postgresql
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    name_key character varying(64) NOT NULL,
    password_hash character varying(256) NOT NULL,
    created timestamp with time zone NOT NULL,
    bot boolean DEFAULT false NOT NULL
);


--
-- Name: accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.accounts_id_seq OWNED BY public.accounts.id;


--
-- Name: actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.actions (
    game_id character varying(32) NOT NULL,
    index integer NOT NULL,
    seat integer NOT NULL,
    text character varying(64) NOT NULL,
    description text NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id character varying(32) NOT NULL,
    game character varying(32) NOT NULL,
    players integer NOT NULL,
    options json NOT NULL,
    seed bigint NOT NULL,
    seats json NOT NULL,
    spectator_token character varying(64) NOT NULL,
    status character varying(16) NOT NULL,
    created timestamp with time zone NOT NULL,
    seed_chosen boolean DEFAULT false NOT NULL,
    hints boolean DEFAULT false NOT NULL,
    aids boolean DEFAULT true NOT NULL,
    revision integer DEFAULT 0 NOT NULL,
    ai_turn boolean DEFAULT false NOT NULL,
    lease_owner character varying(64),
    lease_until double precision,
    review json,
    secret_seed character varying(40),
    rated boolean DEFAULT false NOT NULL,
    open_until double precision,
    ai_fill character varying(16),
    time_control json,
    clock json,
    deadline double precision,
    rematch json
);


--
-- Name: rating_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_changes (
    game_id character varying(32) NOT NULL,
    account_id integer NOT NULL,
    pool character varying(32) NOT NULL,
    place integer NOT NULL,
    before double precision NOT NULL,
    after double precision NOT NULL,
    deviation double precision NOT NULL,
    at timestamp with time zone NOT NULL
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    account_id integer NOT NULL,
    pool character varying(32) NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    games integer NOT NULL,
    wins integer NOT NULL,
    updated timestamp with time zone NOT NULL
);


--
-- Name: seat_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat_accounts (
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    account_id integer NOT NULL,
    playing boolean NOT NULL
);


--
-- Name: seat_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat_results (
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    score integer NOT NULL,
    place integer NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    token_hash character varying(64) NOT NULL,
    account_id integer NOT NULL,
    expires timestamp with time zone NOT NULL
);


--
-- Name: accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts ALTER COLUMN id SET DEFAULT nextval('public.accounts_id_seq'::regclass);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (1, 'Anna', 'anna', '$argon2id$v=19$m=65536,t=3,p=4$cK1OzZE7lKvTtqmg/yUGhg$YxqrIseboLdYFPbCwMzlggYpd2Otxl8DUljqXuiBxbM', '2026-11-30 10:58:26.089966+00', false);
INSERT INTO public.accounts VALUES (2, 'Ben', 'ben', '$argon2id$v=19$m=65536,t=3,p=4$cwCv8L+1oxgGFGavkw962g$4U/dg3ZWpCiPZEUb36pzvaU+DXbpIbZp/4/WpYJ+29I', '2026-11-30 10:58:26.317772+00', false);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 0, -1, 'draw 10', '#10 G0|G0 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 1, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 2, -1, 'draw 42', '#42 L0|G2 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 3, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 5, 0, 'claim 34', 'seat 0 claims #34 L1|F0');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 6, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 7, 1, 'claim 42', 'seat 1 claims #42 L0|G2');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 8, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 9, 0, 'claim 29', 'seat 0 claims #29 F1|G0');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 10, 1, 'claim 10', 'seat 1 claims #10 G0|G0');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 11, -1, 'draw 48', '#48 W0|M3 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 12, -1, 'draw 39', '#39 G0|S1 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 13, -1, 'draw 7', '#7 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 14, -1, 'draw 27', '#27 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('8e2a35f2aa296b2d', 15, 1, 'place -1,-1 S', 'seat 1 places #10 G0|G0 at -1,-1 facing S');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 0, -1, 'draw 40', '#40 M1|W0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 1, -1, 'draw 17', '#17 F0|L0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 2, -1, 'draw 23', '#23 W1|M0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 3, -1, 'draw 20', '#20 W1|L0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 5, 0, 'claim 20', 'seat 0 claims #20 W1|L0');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 6, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 7, 1, 'claim 23', 'seat 1 claims #23 W1|M0');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 8, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 9, 0, 'claim 17', 'seat 0 claims #17 F0|L0');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 10, 1, 'claim 40', 'seat 1 claims #40 M1|W0');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 11, -1, 'draw 38', '#38 W0|S1 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 12, -1, 'draw 24', '#24 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 13, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 14, -1, 'draw 31', '#31 L1|W0 is drawn');
INSERT INTO public.actions VALUES ('7a16efc05fab9bbe', 15, 0, 'place 1,0 E', 'seat 0 places #17 F0|L0 at 1,0 facing E');
INSERT INTO public.actions VALUES ('41404326480e9f75', 0, -1, 'draw 16', '#16 W0|S0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 1, -1, 'draw 22', '#22 W1|S0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 2, -1, 'draw 27', '#27 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 3, -1, 'king 2', 'a king of seat 2 is drawn to claim next');
INSERT INTO public.actions VALUES ('41404326480e9f75', 4, 2, 'claim 16', 'seat 2 claims #16 W0|S0');
INSERT INTO public.actions VALUES ('41404326480e9f75', 5, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('41404326480e9f75', 6, 0, 'claim 27', 'seat 0 claims #27 F1|W0');
INSERT INTO public.actions VALUES ('41404326480e9f75', 7, 1, 'claim 22', 'seat 1 claims #22 W1|S0');
INSERT INTO public.actions VALUES ('41404326480e9f75', 8, -1, 'draw 12', '#12 S0|S0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 9, -1, 'draw 6', '#6 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 10, -1, 'draw 20', '#20 W1|L0 is drawn');
INSERT INTO public.actions VALUES ('41404326480e9f75', 11, 2, 'place -1,-1 S', 'seat 2 places #16 W0|S0 at -1,-1 facing S');
INSERT INTO public.actions VALUES ('41404326480e9f75', 12, 2, 'claim 12', 'seat 2 claims #12 S0|S0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 0, -1, 'draw 24', '#24 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 1, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 2, -1, 'draw 11', '#11 G0|G0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 3, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 4, 0, 'claim 24', 'seat 0 claims #24 F1|W0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 5, -1, 'king 2', 'a king of seat 2 is drawn to claim next');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 6, 2, 'claim 4', 'seat 2 claims #4 F0|F0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 7, 1, 'claim 11', 'seat 1 claims #11 G0|G0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 8, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 9, -1, 'draw 35', '#35 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 10, -1, 'draw 45', '#45 M2|W0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 11, 2, 'place -1,0 E', 'seat 2 places #4 F0|F0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 12, 2, 'claim 45', 'seat 2 claims #45 M2|W0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 13, 1, 'place 1,0 E', 'seat 1 places #11 G0|G0 at 1,0 facing E');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 14, 1, 'claim 37', 'seat 1 claims #37 L0|G1');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 15, 0, 'place 0,1 E', 'seat 0 places #24 F1|W0 at 0,1 facing E');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 16, 0, 'claim 35', 'seat 0 claims #35 L1|F0');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 17, -1, 'draw 12', '#12 S0|S0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 18, -1, 'draw 1', '#1 W0|W0 is drawn');
INSERT INTO public.actions VALUES ('9950670e18855ef8', 19, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 0, -1, 'roll 4 1 3 5', 'roll: die 1 stripe, die 2 quarters, die 3 all_black x2, die 4 dot x1');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 1, 0, 'take 1', 'seat 0 takes die 1 (stripe)');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 2, 1, 'take 3+4', 'seat 1 takes die 3 (all_black x2) and die 4 (dot x1)');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 3, 0, 'draw 1,-1 E', 'seat 0 draws stripe and quarters at 1,-1 E');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 4, 1, 'draw 1,0 S', 'seat 1 draws all_black x2 and dot x1 at 1,0 S');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 5, -1, 'roll 5 1 5 3', 'roll: die 1 double_dot x1, die 2 quarters, die 3 dot, die 4 ?');
INSERT INTO public.actions VALUES ('0094393039f2cd7d', 6, 1, 'take 3', 'seat 1 takes die 3 (dot)');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 0, -1, 'roll 5 4 5 6', 'roll: die 1 double_dot x1, die 2 double_stripe x1, die 3 dot, die 4 double_dot');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 1, 0, 'take 2', 'seat 0 takes die 2 (double_stripe x1)');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 2, 1, 'take 1+4', 'seat 1 takes die 1 (double_dot x1) and die 4 (double_dot)');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 3, 0, 'draw 1,1 N', 'seat 0 draws double_stripe x1 and dot at 1,1 N');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 4, 1, 'draw -1,0 N', 'seat 1 draws double_dot x1 and double_dot at -1,0 N');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 5, -1, 'roll 5 3 1 5', 'roll: die 1 double_dot x1, die 2 double_dot x1, die 3 double_dot, die 4 dot x1');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 6, 1, 'take 1', 'seat 1 takes die 1 (double_dot x1)');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 7, 0, 'take 2+4', 'seat 0 takes die 2 (double_dot x1) and die 4 (dot x1)');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 0, -1, 'draw 19', '#19 G0m|L0f is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 1, -1, 'draw 39', '#39 G0m|V1 is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 2, -1, 'draw 9', '#9 D0|F0u is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 3, -1, 'draw 31', '#31 D1|L0f is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 4, -1, 'chief 0', 'a chief of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 5, 0, 'claim 1+4', 'seat 0 makes the first claim: #9 D0|F0u and #39 G0m|V1');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 6, -1, 'draw 15', '#15 L0f|L0f is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 7, -1, 'draw 24', '#24 D0|G1 is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 8, -1, 'draw 34', '#34 G0m|L1 is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 9, -1, 'draw 45', '#45 Q0k|V2 is drawn');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 11, 0, 'claim 24', 'seat 0 claims #24 D0|G1');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 13, 1, 'claim 45', 'seat 1 claims #45 Q0k|V2');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 5, 0, 'claim 2+3', 'seat 0 makes the first claim: #17 F0u|F0u and #20 L0f|F0u');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 6, -1, 'draw 29', '#29 D0|V1 is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 7, -1, 'draw 36', '#36 G0m|F1 is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 8, -1, 'draw 16', '#16 L0f|L0f is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 9, -1, 'draw 2', '#2 D0|D0 is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 10, 1, 'place 0,-2 E', 'seat 1 places #7 D0|L0f at 0,-2 facing E');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 11, 1, 'claim 36', 'seat 1 claims #36 G0m|F1');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 13, 0, 'claim 2', 'seat 0 claims #2 D0|D0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 0, -1, 'draw 43', '#43 W0|S2 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 1, -1, 'draw 41', '#41 W0|G2 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 2, -1, 'draw 20', '#20 W1|L0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 3, -1, 'draw 10', '#10 G0|G0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 7, 1, 'claim 20', 'seat 1 claims #20 W1|L0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 8, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 10, 1, 'claim 43', 'seat 1 claims #43 W0|S2');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 11, -1, 'draw 15', '#15 W0|G0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 12, -1, 'draw 22', '#22 W1|S0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 13, -1, 'draw 7', '#7 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 14, -1, 'draw 27', '#27 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 16, 0, 'claim 15', 'seat 0 claims #15 W0|G0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 18, 1, 'claim 22', 'seat 1 claims #22 W1|S0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 20, 0, 'claim 7', 'seat 0 claims #7 L0|L0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 22, 1, 'claim 27', 'seat 1 claims #27 F1|W0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 23, -1, 'draw 33', '#33 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 24, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 25, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 26, -1, 'draw 3', '#3 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 28, 0, 'claim 4', 'seat 0 claims #4 F0|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 31, 1, 'place -2,-3 E', 'seat 1 places #22 W1|S0 at -2,-3 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 33, 1, 'place 1,0 S', 'seat 1 places #27 F1|W0 at 1,0 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 39, 1, 'place -1,0 E', 'seat 1 places #3 F0|F0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 41, 0, 'place 0,1 E', 'seat 0 places #4 F0|F0 at 0,1 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 43, 0, 'place 1,2 W', 'seat 0 places #33 L1|F0 at 1,2 facing W');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 45, 1, 'place 1,1 N', 'seat 1 places #37 L0|G1 at 1,1 facing N');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 51, 0, 'place -1,-2 E', 'seat 0 places #8 L0|L0 at -1,-2 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 53, 0, 'place 2,-1 W', 'seat 0 places #14 W0|L0 at 2,-1 facing W');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 55, 1, 'place -1,-1 N', 'seat 1 places #18 F0|G0 at -1,-1 facing N');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 57, 1, 'place 1,-2 S', 'seat 1 places #32 L1|F0 at 1,-2 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 63, 1, 'place 1,-3 S', 'seat 1 places #6 F0|F0 at 1,-3 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 65, 0, 'place 3,-1 E', 'seat 0 places #13 W0|F0 at 3,-1 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 67, 0, 'place 2,2 S', 'seat 0 places #19 W1|F0 at 2,2 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 69, 1, 'place 0,-3 N', 'seat 1 places #40 M1|W0 at 0,-3 facing N');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 71, 1, 'discard', 'seat 1 discards #2 W0|W0 (no legal placement)');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 73, 0, 'place 1,-1 W', 'seat 0 places #44 G0|S2 at 1,-1 facing W');
INSERT INTO public.actions VALUES ('3f99b1355d44bcae', 0, -1, 'draw 42', '#42 L0|G2 is drawn');
INSERT INTO public.actions VALUES ('3f99b1355d44bcae', 1, -1, 'draw 7', '#7 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('3f99b1355d44bcae', 2, -1, 'draw 40', '#40 M1|W0 is drawn');
INSERT INTO public.actions VALUES ('3f99b1355d44bcae', 3, -1, 'draw 5', '#5 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('3f99b1355d44bcae', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('3e2dd7c10cc15ea6', 1, 0, 'take 4', 'seat 0 takes die 4 (dot x1)');
INSERT INTO public.actions VALUES ('3e2dd7c10cc15ea6', 3, 0, 'draw 0,1 N', 'seat 0 draws double_stripe and dot x1 at 0,1 N');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 5, 0, 'claim 29', 'seat 0 claims #29 F1|G0');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 6, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('a3291e7a59eba9cb', 8, 1, 'draw -1,1 S', 'seat 1 draws double_dot x1 and double_dot at -1,1 S');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 10, 0, 'place 0,-2 E', 'seat 0 places #9 D0|F0u at 0,-2 facing E');
INSERT INTO public.actions VALUES ('2d1c35705243c9c3', 12, 1, 'place 0,-1 N', 'seat 1 places #19 G0m|L0f at 0,-1 facing N');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 0, -1, 'draw 20', '#20 L0f|F0u is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 1, -1, 'draw 7', '#7 D0|L0f is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 2, -1, 'draw 34', '#34 G0m|L1 is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 3, -1, 'draw 17', '#17 F0u|F0u is drawn');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 4, -1, 'chief 0', 'a chief of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('878db65b07b82df4', 12, 0, 'place 0,-2 E', 'seat 0 places #17 F0u|F0u at 0,-2 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 5, 0, 'claim 10', 'seat 0 claims #10 G0|G0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 6, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 9, 0, 'claim 41', 'seat 0 claims #41 W0|G2');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 15, 0, 'place 0,-2 E', 'seat 0 places #10 G0|G0 at 0,-2 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 17, 1, 'place 0,-1 S', 'seat 1 places #20 W1|L0 at 0,-1 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 19, 0, 'place 2,0 N', 'seat 0 places #41 W0|G2 at 2,0 facing N');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 21, 1, 'place 0,-2 N', 'seat 1 places #43 W0|S2 at 0,-2 facing N');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 27, 0, 'place -1,0 E', 'seat 0 places #7 L0|L0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 29, 0, 'place 2,1 S', 'seat 0 places #15 W0|G0 at 2,1 facing S');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 30, 0, 'claim 33', 'seat 0 claims #33 L1|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 32, 1, 'claim 37', 'seat 1 claims #37 L0|G1');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 34, 1, 'claim 3', 'seat 1 claims #3 F0|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 35, -1, 'draw 32', '#32 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 36, -1, 'draw 14', '#14 W0|L0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 37, -1, 'draw 18', '#18 F0|G0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 38, -1, 'draw 8', '#8 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 40, 1, 'claim 18', 'seat 1 claims #18 F0|G0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 42, 0, 'claim 14', 'seat 0 claims #14 W0|L0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 44, 0, 'claim 8', 'seat 0 claims #8 L0|L0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 46, 1, 'claim 32', 'seat 1 claims #32 L1|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 47, -1, 'draw 6', '#6 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 48, -1, 'draw 19', '#19 W1|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 49, -1, 'draw 40', '#40 M1|W0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 50, -1, 'draw 13', '#13 W0|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 52, 0, 'claim 19', 'seat 0 claims #19 W1|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 54, 0, 'claim 13', 'seat 0 claims #13 W0|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 56, 1, 'claim 40', 'seat 1 claims #40 M1|W0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 58, 1, 'claim 6', 'seat 1 claims #6 F0|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 59, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 60, -1, 'draw 2', '#2 W0|W0 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 61, -1, 'draw 44', '#44 G0|S2 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 62, -1, 'draw 47', '#47 S0|M2 is drawn');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 64, 1, 'claim 34', 'seat 1 claims #34 L1|F0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 66, 0, 'claim 44', 'seat 0 claims #44 G0|S2');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 68, 0, 'claim 47', 'seat 0 claims #47 S0|M2');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 70, 1, 'claim 2', 'seat 1 claims #2 W0|W0');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 72, 1, 'place -2,1 W', 'seat 1 places #34 L1|F0 at -2,1 facing W');
INSERT INTO public.actions VALUES ('52ed9044047d220e', 74, 0, 'discard', 'seat 0 discards #47 S0|M2 (no legal placement)');
INSERT INTO public.actions VALUES ('3e2dd7c10cc15ea6', 0, -1, 'roll 1 4 6 5', 'roll: die 1 ?, die 2 double_stripe x1, die 3 double_stripe, die 4 dot x1');
INSERT INTO public.actions VALUES ('3e2dd7c10cc15ea6', 2, 1, 'take 1+2', 'seat 1 takes die 1 (?) and die 2 (double_stripe x1)');
INSERT INTO public.actions VALUES ('3e2dd7c10cc15ea6', 4, 1, 'draw 0,1 E', 'seat 1 draws ? and double_stripe x1 at 0,1 E');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 0, -1, 'draw 1', '#1 W0|W0 is drawn');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 1, -1, 'draw 31', '#31 L1|W0 is drawn');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 2, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 3, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 7, 1, 'claim 1', 'seat 1 claims #1 W0|W0');
INSERT INTO public.actions VALUES ('b667b3f916e5b1e9', 8, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('411252d879c44e69', 0, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('411252d879c44e69', 1, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('411252d879c44e69', 2, -1, 'draw 20', '#20 W1|L0 is drawn');
INSERT INTO public.actions VALUES ('411252d879c44e69', 3, -1, 'draw 8', '#8 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('411252d879c44e69', 4, -1, 'king 1', 'a king of seat 1 is drawn to claim next');


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('41404326480e9f75', 'kingdomino', 3, '{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "CQAPEzqzehlldHBIl6QshQ"}, {"kind": "human", "name": "Player 2", "online": false, "token": "vhTNFqSw-Pqs8JdiqBOy_g"}, {"kind": "human", "name": "Player 3", "online": false, "token": "Fk4ran5_JOq1c2wXo_c54w"}]', '9eJbYACUZp_FP8oe9AAkzQ', 'playing', '2026-11-30 10:58:25.061903+00', false, false, true, 6, false, NULL, NULL, NULL, '3e4560a6deb765d2e44d8420be14f0db', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('8e2a35f2aa296b2d', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "l16J4DjtCORGZFEQR3NjYA"}, {"kind": "human", "name": "Player 2", "online": false, "token": "fTtm7lz1U13v5nwGsB49dA"}]', '9NC0tKAoREjBzNH4LLXJ6A', 'playing', '2026-11-30 10:58:24.151925+00', false, false, true, 6, false, NULL, NULL, NULL, '8ac6ab315690122e537a60d01ff872b', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('0094393039f2cd7d', 'duel', 2, '{}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "OiIyKEyXncevOf_Rf6XeKg"}, {"kind": "human", "name": "Player 2", "online": false, "token": "2Qjqb_mfjajHjRR9SKeXVQ"}]', '-f-ElNGpAR9Rmxs_Jbx6fQ', 'playing', '2026-11-30 10:58:25.276705+00', false, false, true, 6, false, NULL, NULL, NULL, '8b19178c4873784d419febedad59afcd', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('a3291e7a59eba9cb', 'duel', 2, '{}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "gFw8flUUVY8U9888Okfv9g"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]', 'nhKm4LczyqLa5wvB2l7_Ag', 'playing', '2026-11-30 10:58:25.374506+00', false, false, true, 8, false, NULL, NULL, NULL, 'a44e3c4ca4676c74c76bd88e0e6a435e', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('7a16efc05fab9bbe', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "rxYUGVuSgmD6pGgvIF5bbw"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]', 'IkbEBoO2H_AaKeAfaVsxWA', 'playing', '2026-11-30 10:58:24.333163+00', false, false, true, 6, false, NULL, NULL, NULL, '795d66bf10baffd54e3f5f2ed2827a81', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('9950670e18855ef8', 'kingdomino', 3, '{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "7AZn721v8ewgAiRwk42rKA"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}, {"kind": "ai", "level": "greedy", "name": "Clara (AI, greedy)", "token": null}]', 'dTFBwy-GdlyzNl1maxC9hw', 'playing', '2026-11-30 10:58:25.104191+00', false, false, true, 10, false, NULL, NULL, NULL, '7726e5d97de00f556630aedbbd3b7d78', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('2d1c35705243c9c3', 'origins', 2, '{"mode": "discovery", "fire_kingdom": false, "homo_habilis": false, "totem_tie": "keep", "final_recruit": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "S_IzrPV-pam0WBddTo2Mjw"}, {"kind": "human", "name": "Player 2", "online": false, "token": "yVVzN26xs3YffWPNhgeSBw"}]', 'IJFcXfwLnhcI8Y0jFM86mA', 'playing', '2026-11-30 10:58:25.696031+00', false, false, true, 6, false, NULL, NULL, NULL, '227a8a04dd85a881857d820647e65903', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('878db65b07b82df4', 'origins', 2, '{"mode": "discovery", "fire_kingdom": false, "homo_habilis": false, "totem_tie": "keep", "final_recruit": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "m7WsB-VuRbU36KgYd5vtow"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]', 'frArm_Xzq8PeK4Y1kf16pA', 'playing', '2026-11-30 10:58:25.765916+00', false, false, true, 6, false, NULL, NULL, NULL, '9116bb6fb9b451c1eb33bd6fd35a3422', false, NULL, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('3f99b1355d44bcae', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Anna", "online": true, "token": "M4CKFQrhgCJlwK2rjDqSkg", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "CJ-JXD4YDZrB3BUbkX0MIg", "account": 2}]', 'VOmljrATG0SrbIzMPzH-Nw', 'playing', '2026-11-30 10:58:27.015267+00', false, false, true, 1, false, NULL, NULL, NULL, '2773c8c7a6bc96ee29e122cd4f65e5d3', true, NULL, NULL, '{"kind": "days", "days": 3}', '{"remaining": [259200.0, 259200.0], "since": 1796036307.015578}', 1796295507.015578, NULL);
INSERT INTO public.games VALUES ('3e2dd7c10cc15ea6', 'duel', 2, '{}', 0, '[{"kind": "human", "name": "Anna", "online": false, "token": "fDycrppQGctdEHYMi9HWAA", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "0w6VngvIMZTOv9k1_sfPvg", "account": 2}]', '31XMEnlQTt6m_T-KSbxu1g', 'playing', '2026-11-30 10:58:27.046363+00', false, false, true, 6, false, NULL, NULL, NULL, '51af2658aaff1d897ea133828d84d74b', true, NULL, NULL, '{"kind": "game", "minutes": 180, "increment": 5}', '{"remaining": [10809.979045152664, 10809.96428322792], "since": 1796036307.1178126}', 1796047117.0820959, NULL);
INSERT INTO public.games VALUES ('b667b3f916e5b1e9', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Anna", "online": false, "token": "UvwlAcNBhQLkgMraFncuxA", "account": 1}, {"kind": "ai", "level": "medium", "name": "Ben (AI, medium)", "token": null, "former_token": "WY7PCo9k4erYTS44jqwARA", "ai_since": 9, "account": 2}]', 'WwcxHzlCzrwfEsd4EQHWQA', 'playing', '2026-11-30 10:58:27.134784+00', false, false, true, 5, false, NULL, NULL, NULL, '6d040757e1173107112b869a6223f734', true, NULL, NULL, '{"kind": "days", "days": 3}', '{"remaining": [259200.0, 259200.0], "since": 1796036307.1748693}', 1796295507.1748693, NULL);
INSERT INTO public.games VALUES ('411252d879c44e69', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Player 1", "online": false, "token": "Ys7K0wKJYCzjULyW4pWz_w"}, {"kind": "open", "name": "", "token": null}]', 'VSbGXuDbIOzeCrpCIEpKBw', 'open', '2026-11-30 10:58:27.195376+00', false, false, true, 1, false, NULL, NULL, NULL, '439afa0b514356364dee1f108a272cdc', false, 1796641107.1953866, NULL, 'null', 'null', NULL, NULL);
INSERT INTO public.games VALUES ('52ed9044047d220e', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 0, '[{"kind": "human", "name": "Anna", "online": false, "token": "pVofVvrbTQaCc0HoUADvOg", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "lV4o3sZkZihtgk9bzGhrqw", "account": 2}]', 'XOHQjbTyXjrIfCtkdMXZ7Q', 'finished', '2026-11-30 10:58:26.33553+00', false, false, true, 51, false, NULL, NULL, '{"agent": "medium", "thresholds": {"inaccuracy": 0.06, "mistake": 0.12}, "searches_per_game": 72, "summary": {"inaccuracy": 8, "mistake": 6, "not_reviewed": 0}, "moves": [{"index": 5, "seat": 0, "action": "claim 10", "forced": false, "reviewed": true, "value": 0.831, "best": "claim 41", "best_value": 0.882, "loss": 0.051, "mark": null}, {"index": 7, "seat": 1, "action": "claim 20", "forced": false, "reviewed": true, "value": 0.886, "best": "claim 41", "best_value": 0.888, "loss": 0.002, "mark": null}, {"index": 9, "seat": 0, "action": "claim 41", "forced": false, "reviewed": true, "value": 0.861, "best": "claim 41", "best_value": 0.861, "loss": 0.0, "mark": null}, {"index": 10, "seat": 1, "action": "claim 43", "forced": true, "reviewed": true, "mark": null}, {"index": 15, "seat": 0, "action": "place 0,-2 E", "forced": false, "reviewed": true, "value": 0.851, "best": "place 0,1 E", "best_value": 0.889, "loss": 0.038, "mark": null}, {"index": 16, "seat": 0, "action": "claim 15", "forced": false, "reviewed": true, "value": 0.802, "best": "claim 22", "best_value": 0.886, "loss": 0.084, "mark": "inaccuracy"}, {"index": 17, "seat": 1, "action": "place 0,-1 S", "forced": false, "reviewed": true, "value": 0.9, "best": "place 1,0 W", "best_value": 0.915, "loss": 0.015, "mark": null}, {"index": 18, "seat": 1, "action": "claim 22", "forced": false, "reviewed": true, "value": 0.885, "best": "claim 27", "best_value": 0.894, "loss": 0.009, "mark": null}, {"index": 19, "seat": 0, "action": "place 2,0 N", "forced": false, "reviewed": true, "value": 0.755, "best": "place 2,-2 N", "best_value": 0.838, "loss": 0.083, "mark": "inaccuracy"}, {"index": 20, "seat": 0, "action": "claim 7", "forced": false, "reviewed": true, "value": 0.768, "best": "claim 27", "best_value": 0.802, "loss": 0.034, "mark": null}, {"index": 21, "seat": 1, "action": "place 0,-2 N", "forced": false, "reviewed": true, "value": 0.926, "best": "place -1,-1 N", "best_value": 0.967, "loss": 0.04, "mark": null}, {"index": 22, "seat": 1, "action": "claim 27", "forced": true, "reviewed": true, "mark": null}, {"index": 27, "seat": 0, "action": "place -1,0 E", "forced": false, "reviewed": true, "value": 0.808, "best": "place -1,0 E", "best_value": 0.808, "loss": 0.0, "mark": null}, {"index": 28, "seat": 0, "action": "claim 4", "forced": false, "reviewed": true, "value": 0.764, "best": "claim 3", "best_value": 0.816, "loss": 0.052, "mark": null}, {"index": 29, "seat": 0, "action": "place 2,1 S", "forced": false, "reviewed": true, "value": 0.45, "best": "place 1,-2 E", "best_value": 0.794, "loss": 0.344, "mark": "mistake"}, {"index": 30, "seat": 0, "action": "claim 33", "forced": false, "reviewed": true, "value": 0.524, "best": "claim 37", "best_value": 0.641, "loss": 0.117, "mark": "inaccuracy"}, {"index": 31, "seat": 1, "action": "place -2,-3 E", "forced": false, "reviewed": true, "value": 0.913, "best": "place 0,-3 N", "best_value": 0.941, "loss": 0.028, "mark": null}, {"index": 32, "seat": 1, "action": "claim 37", "forced": false, "reviewed": true, "value": 0.89, "best": "claim 37", "best_value": 0.89, "loss": 0.0, "mark": null}, {"index": 33, "seat": 1, "action": "place 1,0 S", "forced": false, "reviewed": true, "value": 0.837, "best": "place -1,-4 E", "best_value": 0.913, "loss": 0.077, "mark": "inaccuracy"}, {"index": 34, "seat": 1, "action": "claim 3", "forced": true, "reviewed": true, "mark": null}, {"index": 39, "seat": 1, "action": "place -1,0 E", "forced": false, "reviewed": true, "value": 0.744, "best": "place 0,1 S", "best_value": 0.848, "loss": 0.104, "mark": "inaccuracy"}, {"index": 40, "seat": 1, "action": "claim 18", "forced": false, "reviewed": true, "value": 0.75, "best": "claim 32", "best_value": 0.754, "loss": 0.003, "mark": null}, {"index": 41, "seat": 0, "action": "place 0,1 E", "forced": false, "reviewed": true, "value": 0.501, "best": "place 0,1 S", "best_value": 0.631, "loss": 0.131, "mark": "mistake"}, {"index": 42, "seat": 0, "action": "claim 14", "forced": false, "reviewed": true, "value": 0.429, "best": "claim 32", "best_value": 0.551, "loss": 0.123, "mark": "mistake"}, {"index": 43, "seat": 0, "action": "place 1,2 W", "forced": false, "reviewed": true, "value": 0.535, "best": "place -1,-1 W", "best_value": 0.583, "loss": 0.048, "mark": null}, {"index": 44, "seat": 0, "action": "claim 8", "forced": false, "reviewed": true, "value": 0.401, "best": "claim 32", "best_value": 0.607, "loss": 0.206, "mark": "mistake"}, {"index": 45, "seat": 1, "action": "place 1,1 N", "forced": false, "reviewed": true, "value": 0.779, "best": "place 1,-2 W", "best_value": 0.814, "loss": 0.036, "mark": null}, {"index": 46, "seat": 1, "action": "claim 32", "forced": true, "reviewed": true, "mark": null}, {"index": 51, "seat": 0, "action": "place -1,-2 E", "forced": false, "reviewed": true, "value": 0.331, "best": "place 2,2 S", "best_value": 0.424, "loss": 0.093, "mark": "inaccuracy"}, {"index": 52, "seat": 0, "action": "claim 19", "forced": false, "reviewed": true, "value": 0.442, "best": "claim 19", "best_value": 0.442, "loss": 0.0, "mark": null}, {"index": 53, "seat": 0, "action": "place 2,-1 W", "forced": false, "reviewed": true, "value": 0.479, "best": "place 3,2 N", "best_value": 0.482, "loss": 0.003, "mark": null}, {"index": 54, "seat": 0, "action": "claim 13", "forced": false, "reviewed": true, "value": 0.379, "best": "claim 6", "best_value": 0.49, "loss": 0.111, "mark": "inaccuracy"}, {"index": 55, "seat": 1, "action": "place -1,-1 N", "forced": false, "reviewed": true, "value": 0.608, "best": "place -2,0 E", "best_value": 0.731, "loss": 0.123, "mark": "mistake"}, {"index": 56, "seat": 1, "action": "claim 40", "forced": false, "reviewed": true, "value": 0.702, "best": "claim 40", "best_value": 0.702, "loss": 0.0, "mark": null}, {"index": 57, "seat": 1, "action": "place 1,-2 S", "forced": false, "reviewed": true, "value": 0.712, "best": "place 2,-1 W", "best_value": 0.731, "loss": 0.02, "mark": null}, {"index": 58, "seat": 1, "action": "claim 6", "forced": true, "reviewed": true, "mark": null}, {"index": 63, "seat": 1, "action": "place 1,-3 S", "forced": false, "reviewed": true, "value": 0.72, "best": "place -2,0 E", "best_value": 0.744, "loss": 0.023, "mark": null}, {"index": 64, "seat": 1, "action": "claim 34", "forced": false, "reviewed": true, "value": 0.682, "best": "claim 44", "best_value": 0.744, "loss": 0.062, "mark": "inaccuracy"}, {"index": 65, "seat": 0, "action": "place 3,-1 E", "forced": false, "reviewed": true, "value": 0.362, "best": "place 2,2 S", "best_value": 0.56, "loss": 0.198, "mark": "mistake"}, {"index": 66, "seat": 0, "action": "claim 44", "forced": false, "reviewed": true, "value": 0.644, "best": "claim 44", "best_value": 0.644, "loss": 0.0, "mark": null}, {"index": 67, "seat": 0, "action": "place 2,2 S", "forced": false, "reviewed": true, "value": 0.668, "best": "place 2,2 S", "best_value": 0.668, "loss": 0.0, "mark": null}, {"index": 68, "seat": 0, "action": "claim 47", "forced": false, "reviewed": true, "value": 0.685, "best": "claim 47", "best_value": 0.685, "loss": 0.0, "mark": null}, {"index": 69, "seat": 1, "action": "place 0,-3 N", "forced": false, "reviewed": true, "value": 0.345, "best": "place 0,-3 N", "best_value": 0.345, "loss": 0.0, "mark": null}, {"index": 70, "seat": 1, "action": "claim 2", "forced": true, "reviewed": true, "mark": null}, {"index": 71, "seat": 1, "action": "discard", "forced": true, "reviewed": true, "mark": null}, {"index": 72, "seat": 1, "action": "place -2,1 W", "forced": false, "reviewed": true, "value": 0.297, "best": "place -2,1 W", "best_value": 0.297, "loss": 0.0, "mark": null}, {"index": 73, "seat": 0, "action": "place 1,-1 W", "forced": false, "reviewed": true, "value": 0.72, "best": "place 1,-1 W", "best_value": 0.72, "loss": 0.0, "mark": null}, {"index": 74, "seat": 0, "action": "discard", "forced": true, "reviewed": true, "mark": null}]}', '2e297d9e7a76c88676546b66a6f487d2', true, NULL, NULL, '{"kind": "days", "days": 3}', '{"remaining": [259200.0, 259200.0], "since": 1796036306.9890358}', NULL, '{"id": "3f99b1355d44bcae", "by": 0}');


--
-- Data for Name: rating_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_changes VALUES ('52ed9044047d220e', 1, 'kingdomino-2', 1, 1500, 1662.3108939072458, 290.31896371882823, '2026-11-30 10:58:27.013745+00');
INSERT INTO public.rating_changes VALUES ('52ed9044047d220e', 2, 'kingdomino-2', 2, 1500, 1337.6891060927542, 290.31896371882823, '2026-11-30 10:58:27.013745+00');


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ratings VALUES (1, 'kingdomino-2', 1662.3108939072458, 290.31896371882823, 0.05999967565997762, 1, 1, '2026-11-30 10:58:27.013745+00');
INSERT INTO public.ratings VALUES (2, 'kingdomino-2', 1337.6891060927542, 290.31896371882823, 0.05999967565997762, 1, 0, '2026-11-30 10:58:27.013745+00');


--
-- Data for Name: seat_accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_accounts VALUES ('52ed9044047d220e', 0, 1, true);
INSERT INTO public.seat_accounts VALUES ('52ed9044047d220e', 1, 2, true);
INSERT INTO public.seat_accounts VALUES ('3f99b1355d44bcae', 0, 1, true);
INSERT INTO public.seat_accounts VALUES ('3f99b1355d44bcae', 1, 2, true);
INSERT INTO public.seat_accounts VALUES ('3e2dd7c10cc15ea6', 0, 1, true);
INSERT INTO public.seat_accounts VALUES ('3e2dd7c10cc15ea6', 1, 2, true);
INSERT INTO public.seat_accounts VALUES ('b667b3f916e5b1e9', 0, 1, true);
INSERT INTO public.seat_accounts VALUES ('b667b3f916e5b1e9', 1, 2, false);


--
-- Data for Name: seat_results; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_results VALUES ('52ed9044047d220e', 0, 16, 1);
INSERT INTO public.seat_results VALUES ('52ed9044047d220e', 1, 14, 2);


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('2d3f0d12f9e34ab9ceeffce9980a2507ef3865bf0cbfe62ef3ac3ccf7ec31a1f', 1, '2026-12-30 10:58:26.095623+00');
INSERT INTO public.sessions VALUES ('a914cc30b4ec92f867b88793dfbbe950dde63badd10375b997479fab1822de85', 2, '2026-12-30 10:58:26.32373+00');


--
-- Name: accounts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.accounts_id_seq', 2, true);


--
-- Name: accounts accounts_name_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_name_key_key UNIQUE (name_key);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (game_id, index);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: rating_changes rating_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_changes
    ADD CONSTRAINT rating_changes_pkey PRIMARY KEY (game_id, account_id);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (account_id, pool);


--
-- Name: seat_accounts seat_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_accounts
    ADD CONSTRAINT seat_accounts_pkey PRIMARY KEY (game_id, seat);


--
-- Name: seat_results seat_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_results
    ADD CONSTRAINT seat_results_pkey PRIMARY KEY (game_id, seat);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);


--
-- Name: ix_games_deadline; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_games_deadline ON public.games USING btree (deadline);


--
-- Name: ix_rating_changes_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_rating_changes_account_id ON public.rating_changes USING btree (account_id);


--
-- Name: ix_seat_accounts_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_seat_accounts_account_id ON public.seat_accounts USING btree (account_id);


--
-- Name: ix_sessions_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_sessions_account_id ON public.sessions USING btree (account_id);


--
-- Name: ratings_by_pool; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_by_pool ON public.ratings USING btree (pool, rating);


--
-- Name: actions actions_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: rating_changes rating_changes_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_changes
    ADD CONSTRAINT rating_changes_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: rating_changes rating_changes_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_changes
    ADD CONSTRAINT rating_changes_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: ratings ratings_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: seat_accounts seat_accounts_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_accounts
    ADD CONSTRAINT seat_accounts_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: seat_accounts seat_accounts_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_accounts
    ADD CONSTRAINT seat_accounts_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: seat_results seat_results_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_results
    ADD CONSTRAINT seat_results_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


