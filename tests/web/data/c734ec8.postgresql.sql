-- A database made and used by `kingdomino serve` of commit c734ec8
-- (2026-11-23: kingdomino serve: the browser app from the command line),
-- filled by tests/web/data/old_database.py: tests/web/test_old_databases.py upgrades it.
-- Remade by: tests/web/data/remake.sh c734ec8 postgresql
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
    created timestamp with time zone NOT NULL
);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 0, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 1, -1, 'draw 24', '#24 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 2, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 3, -1, 'draw 5', '#5 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 5, 0, 'claim 24', 'seat 0 claims #24 F1|W0');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 6, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 7, 1, 'claim 34', 'seat 1 claims #34 L1|F0');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 8, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 9, 1, 'claim 5', 'seat 1 claims #5 F0|F0');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 10, 0, 'claim 4', 'seat 0 claims #4 F0|F0');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 11, -1, 'draw 48', '#48 W0|M3 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 12, -1, 'draw 22', '#22 W1|S0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 13, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 14, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('7f2d9383d9fea4b2', 15, 0, 'place -1,-1 S', 'seat 0 places #4 F0|F0 at -1,-1 facing S');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 0, -1, 'draw 26', '#26 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 1, -1, 'draw 35', '#35 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 2, -1, 'draw 31', '#31 L1|W0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 3, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 4, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 5, 0, 'claim 31', 'seat 0 claims #31 L1|W0');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 6, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 7, 0, 'claim 37', 'seat 0 claims #37 L0|G1');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 8, 1, 'claim 35', 'seat 1 claims #35 L1|F0');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 9, 1, 'claim 26', 'seat 1 claims #26 F1|W0');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 10, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 11, -1, 'draw 11', '#11 G0|G0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 12, -1, 'draw 17', '#17 F0|L0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 13, -1, 'draw 7', '#7 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 14, 1, 'place -1,0 E', 'seat 1 places #26 F1|W0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 15, 1, 'claim 34', 'seat 1 claims #34 L1|F0');
INSERT INTO public.actions VALUES ('0d75284081cd67a3', 16, 0, 'place -1,0 E', 'seat 0 places #31 L1|W0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 0, -1, 'draw 25', '#25 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 1, -1, 'draw 23', '#23 W1|M0 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 2, -1, 'draw 37', '#37 L0|G1 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 3, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 4, 1, 'claim 23', 'seat 1 claims #23 W1|M0');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 5, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 6, 0, 'claim 25', 'seat 0 claims #25 F1|W0');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 7, 2, 'claim 37', 'seat 2 claims #37 L0|G1');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 8, -1, 'draw 33', '#33 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 9, -1, 'draw 46', '#46 S0|M2 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 10, -1, 'draw 28', '#28 F1|L0 is drawn');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 11, 1, 'place 0,2 W', 'seat 1 places #23 W1|M0 at 0,2 facing W');
INSERT INTO public.actions VALUES ('a13ec7af4ed53e9a', 12, 1, 'claim 28', 'seat 1 claims #28 F1|L0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 0, -1, 'draw 27', '#27 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 1, -1, 'draw 33', '#33 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 2, -1, 'draw 23', '#23 W1|M0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 3, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('9fc892c733220945', 4, 0, 'claim 27', 'seat 0 claims #27 F1|W0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 5, -1, 'king 2', 'a king of seat 2 is drawn to claim next');
INSERT INTO public.actions VALUES ('9fc892c733220945', 6, 2, 'claim 23', 'seat 2 claims #23 W1|M0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 7, 1, 'claim 33', 'seat 1 claims #33 L1|F0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 8, -1, 'draw 4', '#4 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 9, -1, 'draw 35', '#35 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 10, -1, 'draw 14', '#14 W0|L0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 11, 2, 'place -1,-1 S', 'seat 2 places #23 W1|M0 at -1,-1 facing S');
INSERT INTO public.actions VALUES ('9fc892c733220945', 12, 2, 'claim 35', 'seat 2 claims #35 L1|F0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 13, 0, 'place 1,1 W', 'seat 0 places #27 F1|W0 at 1,1 facing W');
INSERT INTO public.actions VALUES ('9fc892c733220945', 14, 0, 'claim 4', 'seat 0 claims #4 F0|F0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 15, 1, 'place 0,1 S', 'seat 1 places #33 L1|F0 at 0,1 facing S');
INSERT INTO public.actions VALUES ('9fc892c733220945', 16, 1, 'claim 14', 'seat 1 claims #14 W0|L0');
INSERT INTO public.actions VALUES ('9fc892c733220945', 17, -1, 'draw 18', '#18 F0|G0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 18, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('9fc892c733220945', 19, -1, 'draw 48', '#48 W0|M3 is drawn');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 0, -1, 'roll 6 3 3 5', 'roll: die 1 dot, die 2 double_dot x1, die 3 all_black x2, die 4 dot x1');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 1, 0, 'take 2', 'seat 0 takes die 2 (double_dot x1)');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 2, 1, 'take 1+3', 'seat 1 takes die 1 (dot) and die 3 (all_black x2)');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 3, 0, 'draw 1,-1 N', 'seat 0 draws double_dot x1 and dot x1 at 1,-1 N');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 4, 1, 'draw 1,-1 E', 'seat 1 draws dot and all_black x2 at 1,-1 E');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 5, -1, 'roll 3 1 4 4', 'roll: die 1 double_stripe x1, die 2 quarters, die 3 quarters x2, die 4 stripe');
INSERT INTO public.actions VALUES ('27197479a19a27f8', 6, 1, 'take 4', 'seat 1 takes die 4 (stripe)');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 0, -1, 'roll 4 5 6 2', 'roll: die 1 stripe, die 2 dot, die 3 double_stripe, die 4 stripe x1');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 1, 0, 'take 3', 'seat 0 takes die 3 (double_stripe)');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 2, 1, 'take 1+4', 'seat 1 takes die 1 (stripe) and die 4 (stripe x1)');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 3, 0, 'draw 0,1 E', 'seat 0 draws dot and double_stripe at 0,1 E');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 4, 1, 'draw -2,0 S', 'seat 1 draws stripe and stripe x1 at -2,0 S');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 5, -1, 'roll 3 3 6 3', 'roll: die 1 double_stripe x1, die 2 double_dot x1, die 3 double_stripe, die 4 ?');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 6, 1, 'take 3', 'seat 1 takes die 3 (double_stripe)');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 7, 0, 'take 1+4', 'seat 0 takes die 1 (double_stripe x1) and die 4 (?)');
INSERT INTO public.actions VALUES ('00a9dc368c03bbe0', 8, 1, 'draw 0,-1 S', 'seat 1 draws double_dot x1 and double_stripe at 0,-1 S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 0, -1, 'draw 14', '#14 W0|L0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 1, -1, 'draw 47', '#47 S0|M2 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 2, -1, 'draw 27', '#27 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 3, -1, 'draw 6', '#6 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 4, -1, 'king 1', 'a king of seat 1 is drawn to claim next');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 5, 1, 'claim 14', 'seat 1 claims #14 W0|L0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 6, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 7, 0, 'claim 6', 'seat 0 claims #6 F0|F0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 8, -1, 'king 0', 'a king of seat 0 is drawn to claim next');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 9, 0, 'claim 27', 'seat 0 claims #27 F1|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 10, 1, 'claim 47', 'seat 1 claims #47 S0|M2');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 11, -1, 'draw 9', '#9 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 12, -1, 'draw 2', '#2 W0|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 13, -1, 'draw 21', '#21 W1|G0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 14, -1, 'draw 15', '#15 W0|G0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 15, 0, 'place 0,-2 E', 'seat 0 places #6 F0|F0 at 0,-2 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 16, 0, 'claim 9', 'seat 0 claims #9 L0|L0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 17, 1, 'place -1,-1 E', 'seat 1 places #14 W0|L0 at -1,-1 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 18, 1, 'claim 2', 'seat 1 claims #2 W0|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 19, 0, 'place 1,0 E', 'seat 0 places #27 F1|W0 at 1,0 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 20, 0, 'claim 15', 'seat 0 claims #15 W0|G0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 21, 1, 'place 0,-1 S', 'seat 1 places #47 S0|M2 at 0,-1 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 22, 1, 'claim 21', 'seat 1 claims #21 W1|G0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 23, -1, 'draw 41', '#41 W0|G2 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 24, -1, 'draw 45', '#45 M2|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 25, -1, 'draw 35', '#35 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 26, -1, 'draw 8', '#8 L0|L0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 27, 1, 'place 1,0 E', 'seat 1 places #2 W0|W0 at 1,0 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 28, 1, 'claim 41', 'seat 1 claims #41 W0|G2');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 29, 0, 'place -1,0 E', 'seat 0 places #9 L0|L0 at -1,0 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 30, 0, 'claim 45', 'seat 0 claims #45 M2|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 31, 0, 'place 2,1 W', 'seat 0 places #15 W0|G0 at 2,1 facing W');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 32, 0, 'claim 8', 'seat 0 claims #8 L0|L0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 33, 1, 'place -1,-2 S', 'seat 1 places #21 W1|G0 at -1,-2 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 34, 1, 'claim 35', 'seat 1 claims #35 L1|F0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 35, -1, 'draw 29', '#29 F1|G0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 36, -1, 'draw 19', '#19 W1|F0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 37, -1, 'draw 31', '#31 L1|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 38, -1, 'draw 17', '#17 F0|L0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 39, 0, 'place -2,2 S', 'seat 0 places #8 L0|L0 at -2,2 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 40, 0, 'claim 29', 'seat 0 claims #29 F1|G0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 41, 1, 'place -2,0 E', 'seat 1 places #35 L1|F0 at -2,0 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 42, 1, 'claim 19', 'seat 1 claims #19 W1|F0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 43, 1, 'place -2,-2 N', 'seat 1 places #41 W0|G2 at -2,-2 facing N');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 44, 1, 'claim 17', 'seat 1 claims #17 F0|L0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 45, 0, 'place 0,2 S', 'seat 0 places #45 M2|W0 at 0,2 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 46, 0, 'claim 31', 'seat 0 claims #31 L1|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 47, -1, 'draw 25', '#25 F1|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 48, -1, 'draw 18', '#18 F0|G0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 49, -1, 'draw 1', '#1 W0|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 50, -1, 'draw 3', '#3 F0|F0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 51, 1, 'place -3,1 E', 'seat 1 places #17 F0|L0 at -3,1 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 52, 1, 'claim 18', 'seat 1 claims #18 F0|G0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 53, 1, 'place 0,2 W', 'seat 1 places #19 W1|F0 at 0,2 facing W');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 54, 1, 'claim 25', 'seat 1 claims #25 F1|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 55, 0, 'place -1,-2 E', 'seat 0 places #29 F1|G0 at -1,-2 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 56, 0, 'claim 3', 'seat 0 claims #3 F0|F0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 57, 0, 'place -2,0 E', 'seat 0 places #31 L1|W0 at -2,0 facing E');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 58, 0, 'claim 1', 'seat 0 claims #1 W0|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 59, -1, 'draw 36', '#36 W0|G1 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 60, -1, 'draw 30', '#30 L1|W0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 61, -1, 'draw 11', '#11 G0|G0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 62, -1, 'draw 34', '#34 L1|F0 is drawn');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 63, 0, 'discard', 'seat 0 discards #1 W0|W0 (no legal placement)');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 64, 0, 'claim 34', 'seat 0 claims #34 L1|F0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 65, 0, 'place 1,-1 S', 'seat 0 places #3 F0|F0 at 1,-1 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 66, 0, 'claim 36', 'seat 0 claims #36 W0|G1');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 67, 1, 'place -3,0 W', 'seat 1 places #18 F0|G0 at -3,0 facing W');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 68, 1, 'claim 11', 'seat 1 claims #11 G0|G0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 69, 1, 'place -2,2 S', 'seat 1 places #25 F1|W0 at -2,2 facing S');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 70, 1, 'claim 30', 'seat 1 claims #30 L1|W0');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 71, 1, 'discard', 'seat 1 discards #11 G0|G0 (no legal placement)');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 72, 1, 'discard', 'seat 1 discards #30 L1|W0 (no legal placement)');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 73, 0, 'place -2,-1 W', 'seat 0 places #34 L1|F0 at -2,-1 facing W');
INSERT INTO public.actions VALUES ('03bedd9caa3f2b8e', 74, 0, 'discard', 'seat 0 discards #36 W0|G1 (no legal placement)');


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('7f2d9383d9fea4b2', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 5396226123367, '[{"kind": "human", "name": "Player 1", "online": false, "token": "BsFWbSv6p-48Leah7rIqEg"}, {"kind": "human", "name": "Player 2", "online": false, "token": "wO5qAJD8VF0AAYb7xxoOwg"}]', '6ikAJNBDk1UtYrUJfnnCmg', 'playing', '2026-11-30 10:58:08.716801+00');
INSERT INTO public.games VALUES ('0d75284081cd67a3', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 155444800801685, '[{"kind": "human", "name": "Player 1", "online": false, "token": "c-YSknGLNL56-sqUzvHj3g"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]', 'ai0QcHRslBzsFPNtwzV3Ww', 'playing', '2026-11-30 10:58:09.84774+00');
INSERT INTO public.games VALUES ('a13ec7af4ed53e9a', 'kingdomino', 3, '{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}', 59513209310835, '[{"kind": "human", "name": "Player 1", "online": false, "token": "QcS0-U37xyoc1-OVzh-f7A"}, {"kind": "human", "name": "Player 2", "online": false, "token": "mF8J9OXWEaUgO7N1zl0_Lg"}, {"kind": "human", "name": "Player 3", "online": false, "token": "XcU8kNdNuRv44_wLnFJ_Ug"}]', '0ovOgCSkFKvMmp2IUvbwAg', 'playing', '2026-11-30 10:58:10.39419+00');
INSERT INTO public.games VALUES ('9fc892c733220945', 'kingdomino', 3, '{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}', 114179442785668, '[{"kind": "human", "name": "Player 1", "online": false, "token": "dbcZQqaDaZFIXR1k6KO_Kg"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]', 'MnfVV2mLb46ovOkbHxswFw', 'playing', '2026-11-30 10:58:10.665447+00');
INSERT INTO public.games VALUES ('27197479a19a27f8', 'duel', 2, '{}', 148496129716902, '[{"kind": "human", "name": "Player 1", "online": false, "token": "n9cmkuR52EPVJ2cELKzsAA"}, {"kind": "human", "name": "Player 2", "online": false, "token": "Vj-PxIiF8OlgJ8fxW3YJag"}]', '1PgmW9CIyCKZWycu4Vs4hg', 'playing', '2026-11-30 10:58:10.943556+00');
INSERT INTO public.games VALUES ('00a9dc368c03bbe0', 'duel', 2, '{}', 80728851454869, '[{"kind": "human", "name": "Player 1", "online": false, "token": "Q3auQzRv9RPiQmWZRbaSjQ"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]', 'WOwbvTjGhD_aCQpSVDDU9A', 'playing', '2026-11-30 10:58:11.142209+00');
INSERT INTO public.games VALUES ('03bedd9caa3f2b8e', 'kingdomino', 2, '{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}', 272718777401330, '[{"kind": "human", "name": "Player 1", "online": false, "token": "S9uoXJpmOTkQoB2C9z0Cng"}, {"kind": "human", "name": "Player 2", "online": false, "token": "vAGl_NbrVCiN79dv3aH0Kg"}]', '93r0HX05vpNJ9l-1j0hYjw', 'finished', '2026-11-30 10:58:11.611979+00');


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
-- Name: actions actions_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


