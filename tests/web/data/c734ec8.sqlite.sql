-- A database made and used by `kingdomino serve` of commit c734ec8
-- (2026-11-23: kingdomino serve: the browser app from the command line),
-- filled by tests/web/data/old_database.py: tests/web/test_old_databases.py upgrades it.
-- Remade by: tests/web/data/remake.sh c734ec8 sqlite
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE games (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	players INTEGER NOT NULL, 
	options JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	seats JSON NOT NULL, 
	spectator_token VARCHAR(64) NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO games VALUES('92693876983e51b5','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',259484624894861,'[{"kind": "human", "name": "Player 1", "online": false, "token": "ws8kzMhlD8Z25nW9yv8lFw"}, {"kind": "human", "name": "Player 2", "online": false, "token": "0QRVn_dSnv6eLZXqlGiU6g"}]','XQ2XGo_RXFHGCiJyDvSDZQ','playing','2026-11-30 10:58:06.228493');
INSERT INTO games VALUES('2d09923068c14681','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',105745676752624,'[{"kind": "human", "name": "Player 1", "online": false, "token": "KauN3Tu8AcaNxSfPUaJBng"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]','PmDk52fTgSAjSKR4O_kdYg','playing','2026-11-30 10:58:06.866171');
INSERT INTO games VALUES('5e682f186c66da1e','kingdomino',3,'{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}',236364092771994,'[{"kind": "human", "name": "Player 1", "online": false, "token": "XSyrrV7HfneXqlPiOua6tQ"}, {"kind": "human", "name": "Player 2", "online": false, "token": "O1Q9mWcWaUxljC12WoRkBw"}, {"kind": "human", "name": "Player 3", "online": false, "token": "J3VhJE1uTB5MUAeqqhIJ_Q"}]','UgDnhTgMaI3GPtlaJZbT0A','playing','2026-11-30 10:58:07.249438');
INSERT INTO games VALUES('815ffdb1308fe501','kingdomino',3,'{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}',96280278826725,'[{"kind": "human", "name": "Player 1", "online": false, "token": "ZuwTxoyai4mocWGdZ2l8yw"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]','_ezfnKyfSNtiTPS-BkgBrA','playing','2026-11-30 10:58:07.289981');
INSERT INTO games VALUES('b53b3476612136a5','duel',2,'{}',195747041827028,'[{"kind": "human", "name": "Player 1", "online": false, "token": "sAFyHqVplQUtEVCxT5arLA"}, {"kind": "human", "name": "Player 2", "online": false, "token": "bvoiY201tmPAC9PQAtsEmA"}]','b-s7LsR5t8gUKy9-uN0h0A','playing','2026-11-30 10:58:07.307143');
INSERT INTO games VALUES('b9b4583ae110f2cc','duel',2,'{}',249842653738766,'[{"kind": "human", "name": "Player 1", "online": false, "token": "yz_88IUJ_kWKxSQ_hq4x2A"}, {"kind": "ai", "level": "greedy", "name": "AI (greedy)", "token": null}]','sAbAYURNe5EkyK36Derk2Q','playing','2026-11-30 10:58:07.477218');
INSERT INTO games VALUES('c05b36ce3b998bdf','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',8190914570751,'[{"kind": "human", "name": "Player 1", "online": false, "token": "bj6k4FKpMS-sGrgXGaiOkw"}, {"kind": "human", "name": "Player 2", "online": false, "token": "X7IkulTHKq80xNMrOxiL1A"}]','i6YkQJwC2nNoQ1QvvliLpQ','finished','2026-11-30 10:58:07.797876');
CREATE TABLE actions (
	game_id VARCHAR(32) NOT NULL, 
	"index" INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text VARCHAR(64) NOT NULL, 
	description TEXT NOT NULL, 
	PRIMARY KEY (game_id, "index"), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO actions VALUES('92693876983e51b5',0,-1,'draw 21','#21 W1|G0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',1,-1,'draw 31','#31 L1|W0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',2,-1,'draw 29','#29 F1|G0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',3,-1,'draw 36','#36 W0|G1 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('92693876983e51b5',5,0,'claim 31','seat 0 claims #31 L1|W0');
INSERT INTO actions VALUES('92693876983e51b5',6,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('92693876983e51b5',7,1,'claim 36','seat 1 claims #36 W0|G1');
INSERT INTO actions VALUES('92693876983e51b5',8,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('92693876983e51b5',9,0,'claim 29','seat 0 claims #29 F1|G0');
INSERT INTO actions VALUES('92693876983e51b5',10,1,'claim 21','seat 1 claims #21 W1|G0');
INSERT INTO actions VALUES('92693876983e51b5',11,-1,'draw 33','#33 L1|F0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',12,-1,'draw 17','#17 F0|L0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',13,-1,'draw 47','#47 S0|M2 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',14,-1,'draw 15','#15 W0|G0 is drawn');
INSERT INTO actions VALUES('92693876983e51b5',15,1,'place 0,-1 W','seat 1 places #21 W1|G0 at 0,-1 facing W');
INSERT INTO actions VALUES('2d09923068c14681',0,-1,'draw 4','#4 F0|F0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',1,-1,'draw 46','#46 S0|M2 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',2,-1,'draw 18','#18 F0|G0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',3,-1,'draw 6','#6 F0|F0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',4,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('2d09923068c14681',5,1,'claim 46','seat 1 claims #46 S0|M2');
INSERT INTO actions VALUES('2d09923068c14681',6,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('2d09923068c14681',7,0,'claim 4','seat 0 claims #4 F0|F0');
INSERT INTO actions VALUES('2d09923068c14681',8,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('2d09923068c14681',9,0,'claim 6','seat 0 claims #6 F0|F0');
INSERT INTO actions VALUES('2d09923068c14681',10,1,'claim 18','seat 1 claims #18 F0|G0');
INSERT INTO actions VALUES('2d09923068c14681',11,-1,'draw 1','#1 W0|W0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',12,-1,'draw 35','#35 L1|F0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',13,-1,'draw 30','#30 L1|W0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',14,-1,'draw 20','#20 W1|L0 is drawn');
INSERT INTO actions VALUES('2d09923068c14681',15,0,'place 0,-2 E','seat 0 places #4 F0|F0 at 0,-2 facing E');
INSERT INTO actions VALUES('5e682f186c66da1e',0,-1,'draw 42','#42 L0|G2 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',1,-1,'draw 6','#6 F0|F0 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',2,-1,'draw 13','#13 W0|F0 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',3,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('5e682f186c66da1e',4,1,'claim 6','seat 1 claims #6 F0|F0');
INSERT INTO actions VALUES('5e682f186c66da1e',5,-1,'king 2','a king of seat 2 is drawn to claim next');
INSERT INTO actions VALUES('5e682f186c66da1e',6,2,'claim 42','seat 2 claims #42 L0|G2');
INSERT INTO actions VALUES('5e682f186c66da1e',7,0,'claim 13','seat 0 claims #13 W0|F0');
INSERT INTO actions VALUES('5e682f186c66da1e',8,-1,'draw 38','#38 W0|S1 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',9,-1,'draw 26','#26 F1|W0 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',10,-1,'draw 3','#3 F0|F0 is drawn');
INSERT INTO actions VALUES('5e682f186c66da1e',11,1,'place 0,1 E','seat 1 places #6 F0|F0 at 0,1 facing E');
INSERT INTO actions VALUES('5e682f186c66da1e',12,1,'claim 26','seat 1 claims #26 F1|W0');
INSERT INTO actions VALUES('815ffdb1308fe501',0,-1,'draw 20','#20 W1|L0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',1,-1,'draw 30','#30 L1|W0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',2,-1,'draw 46','#46 S0|M2 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',3,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('815ffdb1308fe501',4,1,'claim 46','seat 1 claims #46 S0|M2');
INSERT INTO actions VALUES('815ffdb1308fe501',5,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('815ffdb1308fe501',6,0,'claim 20','seat 0 claims #20 W1|L0');
INSERT INTO actions VALUES('815ffdb1308fe501',7,2,'claim 30','seat 2 claims #30 L1|W0');
INSERT INTO actions VALUES('815ffdb1308fe501',8,-1,'draw 12','#12 S0|S0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',9,-1,'draw 1','#1 W0|W0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',10,-1,'draw 5','#5 F0|F0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',11,0,'place -1,0 N','seat 0 places #20 W1|L0 at -1,0 facing N');
INSERT INTO actions VALUES('815ffdb1308fe501',12,0,'claim 1','seat 0 claims #1 W0|W0');
INSERT INTO actions VALUES('815ffdb1308fe501',13,2,'place 0,-2 E','seat 2 places #30 L1|W0 at 0,-2 facing E');
INSERT INTO actions VALUES('815ffdb1308fe501',14,2,'claim 5','seat 2 claims #5 F0|F0');
INSERT INTO actions VALUES('815ffdb1308fe501',15,1,'place 0,-1 N','seat 1 places #46 S0|M2 at 0,-1 facing N');
INSERT INTO actions VALUES('b53b3476612136a5',0,-1,'roll 3 1 6 1','roll: die 1 double_stripe x1, die 2 quarters, die 3 double_stripe, die 4 double_stripe');
INSERT INTO actions VALUES('815ffdb1308fe501',16,1,'claim 12','seat 1 claims #12 S0|S0');
INSERT INTO actions VALUES('815ffdb1308fe501',17,-1,'draw 43','#43 W0|S2 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',18,-1,'draw 17','#17 F0|L0 is drawn');
INSERT INTO actions VALUES('815ffdb1308fe501',19,-1,'draw 6','#6 F0|F0 is drawn');
INSERT INTO actions VALUES('b53b3476612136a5',1,0,'take 1','seat 0 takes die 1 (double_stripe x1)');
INSERT INTO actions VALUES('b53b3476612136a5',2,1,'take 3+4','seat 1 takes die 3 (double_stripe) and die 4 (double_stripe)');
INSERT INTO actions VALUES('b53b3476612136a5',3,0,'draw 1,-1 E','seat 0 draws double_stripe x1 and quarters at 1,-1 E');
INSERT INTO actions VALUES('b53b3476612136a5',4,1,'draw 1,-1 E','seat 1 draws double_stripe and double_stripe at 1,-1 E');
INSERT INTO actions VALUES('b53b3476612136a5',5,-1,'roll 2 3 3 1','roll: die 1 dot, die 2 double_dot x1, die 3 all_black x2, die 4 double_stripe');
INSERT INTO actions VALUES('b53b3476612136a5',6,1,'take 3','seat 1 takes die 3 (all_black x2)');
INSERT INTO actions VALUES('b9b4583ae110f2cc',0,-1,'roll 6 2 6 2','roll: die 1 dot, die 2 stripe, die 3 double_stripe, die 4 stripe x1');
INSERT INTO actions VALUES('b9b4583ae110f2cc',1,0,'take 2','seat 0 takes die 2 (stripe)');
INSERT INTO actions VALUES('b9b4583ae110f2cc',2,1,'take 1+3','seat 1 takes die 1 (dot) and die 3 (double_stripe)');
INSERT INTO actions VALUES('b9b4583ae110f2cc',3,0,'draw 1,1 N','seat 0 draws stripe and stripe x1 at 1,1 N');
INSERT INTO actions VALUES('b9b4583ae110f2cc',4,1,'draw 0,1 E','seat 1 draws dot and double_stripe at 0,1 E');
INSERT INTO actions VALUES('b9b4583ae110f2cc',5,-1,'roll 1 3 1 3','roll: die 1 ?, die 2 double_dot x1, die 3 double_dot, die 4 ?');
INSERT INTO actions VALUES('b9b4583ae110f2cc',6,1,'take 4','seat 1 takes die 4 (?)');
INSERT INTO actions VALUES('b9b4583ae110f2cc',7,0,'take 1+3','seat 0 takes die 1 (?) and die 3 (double_dot)');
INSERT INTO actions VALUES('b9b4583ae110f2cc',8,1,'draw 0,-1 W','seat 1 draws double_dot x1 and ? at 0,-1 W');
INSERT INTO actions VALUES('c05b36ce3b998bdf',0,-1,'draw 1','#1 W0|W0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',1,-1,'draw 23','#23 W1|M0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',2,-1,'draw 7','#7 L0|L0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',3,-1,'draw 2','#2 W0|W0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('b9b4583ae110f2cc',9,1,'coat double_dot','seat 1 makes the ? a double_dot');
INSERT INTO actions VALUES('c05b36ce3b998bdf',5,0,'claim 2','seat 0 claims #2 W0|W0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',6,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('c05b36ce3b998bdf',7,1,'claim 1','seat 1 claims #1 W0|W0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',8,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('c05b36ce3b998bdf',9,0,'claim 7','seat 0 claims #7 L0|L0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',10,1,'claim 23','seat 1 claims #23 W1|M0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',11,-1,'draw 48','#48 W0|M3 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',12,-1,'draw 10','#10 G0|G0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',13,-1,'draw 31','#31 L1|W0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',14,-1,'draw 5','#5 F0|F0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',15,1,'place 0,-2 E','seat 1 places #1 W0|W0 at 0,-2 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',16,1,'claim 10','seat 1 claims #10 G0|G0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',17,0,'place -1,-1 E','seat 0 places #2 W0|W0 at -1,-1 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',18,0,'claim 5','seat 0 claims #5 F0|F0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',19,0,'place 1,0 E','seat 0 places #7 L0|L0 at 1,0 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',20,0,'claim 31','seat 0 claims #31 L1|W0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',21,1,'place 2,0 N','seat 1 places #23 W1|M0 at 2,0 facing N');
INSERT INTO actions VALUES('c05b36ce3b998bdf',22,1,'claim 48','seat 1 claims #48 W0|M3');
INSERT INTO actions VALUES('c05b36ce3b998bdf',23,-1,'draw 6','#6 F0|F0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',24,-1,'draw 26','#26 F1|W0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',25,-1,'draw 22','#22 W1|S0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',26,-1,'draw 46','#46 S0|M2 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',27,0,'place 0,1 E','seat 0 places #5 F0|F0 at 0,1 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',28,0,'claim 26','seat 0 claims #26 F1|W0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',29,1,'place 0,1 E','seat 1 places #10 G0|G0 at 0,1 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',30,1,'claim 6','seat 1 claims #6 F0|F0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',31,0,'place -1,2 W','seat 0 places #31 L1|W0 at -1,2 facing W');
INSERT INTO actions VALUES('c05b36ce3b998bdf',32,0,'claim 22','seat 0 claims #22 W1|S0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',33,1,'place 3,0 E','seat 1 places #48 W0|M3 at 3,0 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',34,1,'claim 46','seat 1 claims #46 S0|M2');
INSERT INTO actions VALUES('c05b36ce3b998bdf',35,-1,'draw 40','#40 M1|W0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',36,-1,'draw 35','#35 L1|F0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',37,-1,'draw 20','#20 W1|L0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',38,-1,'draw 16','#16 W0|S0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',39,1,'place -1,0 E','seat 1 places #6 F0|F0 at -1,0 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',40,1,'claim 35','seat 1 claims #35 L1|F0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',41,0,'place -2,-1 E','seat 0 places #22 W1|S0 at -2,-1 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',42,0,'claim 20','seat 0 claims #20 W1|L0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',43,0,'place 0,-2 N','seat 0 places #26 F1|W0 at 0,-2 facing N');
INSERT INTO actions VALUES('c05b36ce3b998bdf',44,0,'claim 16','seat 0 claims #16 W0|S0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',45,1,'place 1,1 S','seat 1 places #46 S0|M2 at 1,1 facing S');
INSERT INTO actions VALUES('c05b36ce3b998bdf',46,1,'claim 40','seat 1 claims #40 M1|W0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',47,-1,'draw 41','#41 W0|G2 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',48,-1,'draw 47','#47 S0|M2 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',49,-1,'draw 8','#8 L0|L0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',50,-1,'draw 39','#39 G0|S1 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',51,0,'place -2,1 E','seat 0 places #16 W0|S0 at -2,1 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',52,0,'claim 41','seat 0 claims #41 W0|G2');
INSERT INTO actions VALUES('c05b36ce3b998bdf',53,0,'place 2,0 E','seat 0 places #20 W1|L0 at 2,0 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',54,0,'claim 47','seat 0 claims #47 S0|M2');
INSERT INTO actions VALUES('c05b36ce3b998bdf',55,1,'place -1,-2 E','seat 1 places #35 L1|F0 at -1,-2 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',56,1,'claim 39','seat 1 claims #39 G0|S1');
INSERT INTO actions VALUES('c05b36ce3b998bdf',57,1,'place 2,-2 E','seat 1 places #40 M1|W0 at 2,-2 facing E');
INSERT INTO actions VALUES('c05b36ce3b998bdf',58,1,'claim 8','seat 1 claims #8 L0|L0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',59,-1,'draw 32','#32 L1|F0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',60,-1,'draw 11','#11 G0|G0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',61,-1,'draw 3','#3 F0|F0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',62,-1,'draw 28','#28 F1|L0 is drawn');
INSERT INTO actions VALUES('c05b36ce3b998bdf',63,1,'discard','seat 1 discards #8 L0|L0 (no legal placement)');
INSERT INTO actions VALUES('c05b36ce3b998bdf',64,1,'claim 28','seat 1 claims #28 F1|L0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',65,1,'place 2,2 N','seat 1 places #39 G0|S1 at 2,2 facing N');
INSERT INTO actions VALUES('c05b36ce3b998bdf',66,1,'claim 32','seat 1 claims #32 L1|F0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',67,0,'place 1,-1 N','seat 0 places #41 W0|G2 at 1,-1 facing N');
INSERT INTO actions VALUES('c05b36ce3b998bdf',68,0,'claim 3','seat 0 claims #3 F0|F0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',69,0,'discard','seat 0 discards #47 S0|M2 (no legal placement)');
INSERT INTO actions VALUES('c05b36ce3b998bdf',70,0,'claim 11','seat 0 claims #11 G0|G0');
INSERT INTO actions VALUES('c05b36ce3b998bdf',71,0,'place 1,-2 S','seat 0 places #3 F0|F0 at 1,-2 facing S');
INSERT INTO actions VALUES('c05b36ce3b998bdf',72,0,'discard','seat 0 discards #11 G0|G0 (no legal placement)');
INSERT INTO actions VALUES('c05b36ce3b998bdf',73,1,'discard','seat 1 discards #28 F1|L0 (no legal placement)');
INSERT INTO actions VALUES('c05b36ce3b998bdf',74,1,'discard','seat 1 discards #32 L1|F0 (no legal placement)');
COMMIT;
