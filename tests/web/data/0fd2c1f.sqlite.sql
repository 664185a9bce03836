-- A database made and used by `kingdomino serve` of commit 0fd2c1f
-- (2026-11-30: rematch: one player offers it, every player joins their seat),
-- filled by tests/web/data/old_database.py: tests/web/test_old_databases.py upgrades it.
-- Remade by: tests/web/data/remake.sh 0fd2c1f sqlite
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
	seed_chosen BOOLEAN DEFAULT '0' NOT NULL, 
	hints BOOLEAN DEFAULT '0' NOT NULL, 
	aids BOOLEAN DEFAULT '1' NOT NULL, 
	revision INTEGER DEFAULT '0' NOT NULL, 
	ai_turn BOOLEAN DEFAULT '0' NOT NULL, 
	lease_owner VARCHAR(64), 
	lease_until FLOAT, 
	review JSON, 
	secret_seed VARCHAR(40), 
	rated BOOLEAN DEFAULT '0' NOT NULL, 
	open_until FLOAT, 
	ai_fill VARCHAR(16), 
	time_control JSON, 
	clock JSON, 
	deadline FLOAT, 
	rematch JSON, 
	PRIMARY KEY (id)
);
INSERT INTO games VALUES('e9341ef7276f6fa0','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "A6rcqhhD7Ji9CV3Wk5wpBw"}, {"kind": "human", "name": "Player 2", "online": false, "token": "JLR8VDUIzsqDWSfE8S-MpA"}]','_L_eBrQwMm2Lp0e16ngEuQ','playing','2026-11-30 10:58:11.487312',0,0,1,6,0,NULL,NULL,NULL,'dc56a23a03cecfafd5f12f6e49a8aa1f',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('db7efa51fddfabb0','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "AiLF7PqGw1JS5gUjZ8nOhQ"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]','bxAb5YRbdpa3aW-2agsf5g','playing','2026-11-30 10:58:11.606797',0,0,1,8,0,NULL,NULL,NULL,'a0ce0d29a48e3b3c6c1f993512b955d0',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('f76b4827216fce4c','kingdomino',3,'{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "Tk_IT_wIcaCLDZgxsQKHrA"}, {"kind": "human", "name": "Player 2", "online": false, "token": "JADVLqwSJ0jET_NnKUdKvA"}, {"kind": "human", "name": "Player 3", "online": false, "token": "Qy85_1nrMExw9kA9FImtjA"}]','Etai3mHZ4_bD-4RtPrJuNg','playing','2026-11-30 10:58:12.218135',0,0,1,6,0,NULL,NULL,NULL,'3741da3587ea4fdaed23e50429af7f77',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('ce17274fb3396687','kingdomino',3,'{"dynasty": false, "middle_kingdom": false, "harmony": true, "mighty_duel": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "FOj1olEjL8yMqIwoCZNSyg"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}, {"kind": "ai", "level": "greedy", "name": "Clara (AI, greedy)", "token": null}]','mj-q0ZevyQalADFbDaDxtA','playing','2026-11-30 10:58:12.353863',0,0,1,10,0,NULL,NULL,NULL,'bd60a1ef93f0f0a902527917fc650ddf',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('e2bc883187f57366','duel',2,'{}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "EnTpwbLW5gHB3FdFCxl-vg"}, {"kind": "human", "name": "Player 2", "online": false, "token": "Pin2Z4filHREI2I6o4nrmg"}]','NqTdPEPk-5rqHfxlMwR03g','playing','2026-11-30 10:58:12.635639',0,0,1,6,0,NULL,NULL,NULL,'1014615ed7607e8ac984d89a0537e09f',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('f2bb3a769510805c','duel',2,'{}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "epMx-z697gDbSr_wa6pCrg"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]','iGHzq9U1zNuSyvdr6XbZQQ','playing','2026-11-30 10:58:12.992518',0,0,1,7,0,NULL,NULL,NULL,'ead607efdd1506d7c1a4bbc90188c544',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('e540916208cf54ce','origins',2,'{"mode": "discovery", "fire_kingdom": false, "homo_habilis": false, "totem_tie": "keep", "final_recruit": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "m15Yds7MiKfa0SB4VzvgaA"}, {"kind": "human", "name": "Player 2", "online": false, "token": "SYrFmtH46_F0BKlbwBvYLQ"}]','dxaJrdcS3lBhxbKkIn5dSg','playing','2026-11-30 10:58:13.364249',0,0,1,6,0,NULL,NULL,NULL,'b3ddb38fef08515e15bb879407bac9b1',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('8ecfbba99cd82635','origins',2,'{"mode": "discovery", "fire_kingdom": false, "homo_habilis": false, "totem_tie": "keep", "final_recruit": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "GnG_nk-RKy-nLFGy0wJdig"}, {"kind": "ai", "level": "greedy", "name": "Bruno (AI, greedy)", "token": null}]','vAhROgtsSA_tztJdvGaUXQ','playing','2026-11-30 10:58:13.504542',0,0,1,6,0,NULL,NULL,NULL,'f625937b58bc3309da13e6e9aaa84334',0,NULL,NULL,'null','null',NULL,NULL);
INSERT INTO games VALUES('7eec7754aa33329a','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Anna", "online": false, "token": "4wIX0ZGK2lMT4guohvQBeg", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "QIFj3IlG6t3-GP1EcbqLqw", "account": 2}]','d3d2vlcvc8kmhZI646g1tA','finished','2026-11-30 10:58:14.569911',0,0,1,51,0,NULL,NULL,'{"agent": "medium", "thresholds": {"inaccuracy": 0.06, "mistake": 0.12}, "searches_per_game": 72, "summary": {"inaccuracy": 7, "mistake": 6, "not_reviewed": 0}, "moves": [{"index": 5, "seat": 0, "action": "claim 3", "forced": false, "reviewed": true, "value": 0.794, "best": "claim 46", "best_value": 0.85, "loss": 0.056, "mark": null}, {"index": 7, "seat": 0, "action": "claim 7", "forced": false, "reviewed": true, "value": 0.825, "best": "claim 46", "best_value": 0.855, "loss": 0.03, "mark": null}, {"index": 8, "seat": 1, "action": "claim 18", "forced": false, "reviewed": true, "value": 0.836, "best": "claim 18", "best_value": 0.836, "loss": 0.0, "mark": null}, {"index": 9, "seat": 1, "action": "claim 46", "forced": true, "reviewed": true, "mark": null}, {"index": 14, "seat": 0, "action": "place 0,-2 E", "forced": false, "reviewed": true, "value": 0.848, "best": "place 1,0 S", "best_value": 0.833, "loss": 0.0, "mark": null}, {"index": 15, "seat": 0, "action": "claim 14", "forced": false, "reviewed": true, "value": 0.767, "best": "claim 29", "best_value": 0.83, "loss": 0.063, "mark": "inaccuracy"}, {"index": 16, "seat": 0, "action": "place 1,0 E", "forced": false, "reviewed": true, "value": 0.24, "best": "place 1,0 S", "best_value": 0.795, "loss": 0.555, "mark": "mistake"}, {"index": 17, "seat": 0, "action": "claim 29", "forced": false, "reviewed": true, "value": 0.785, "best": "claim 29", "best_value": 0.785, "loss": 0.0, "mark": null}, {"index": 18, "seat": 1, "action": "place -2,0 S", "forced": false, "reviewed": true, "value": 0.724, "best": "place 0,-1 W", "best_value": 0.869, "loss": 0.144, "mark": "mistake"}, {"index": 19, "seat": 1, "action": "claim 8", "forced": false, "reviewed": true, "value": 0.799, "best": "claim 8", "best_value": 0.799, "loss": 0.0, "mark": null}, {"index": 20, "seat": 1, "action": "place -1,1 S", "forced": false, "reviewed": true, "value": 0.715, "best": "place -1,-1 S", "best_value": 0.868, "loss": 0.153, "mark": "mistake"}, {"index": 21, "seat": 1, "action": "claim 36", "forced": true, "reviewed": true, "mark": null}, {"index": 26, "seat": 1, "action": "place -1,-1 S", "forced": false, "reviewed": true, "value": 0.542, "best": "place 0,-1 S", "best_value": 0.813, "loss": 0.271, "mark": "mistake"}, {"index": 27, "seat": 1, "action": "claim 34", "forced": false, "reviewed": true, "value": 0.741, "best": "claim 35", "best_value": 0.774, "loss": 0.033, "mark": null}, {"index": 28, "seat": 0, "action": "place -1,-1 E", "forced": false, "reviewed": true, "value": 0.788, "best": "place 3,1 N", "best_value": 0.832, "loss": 0.044, "mark": null}, {"index": 29, "seat": 0, "action": "claim 32", "forced": false, "reviewed": true, "value": 0.763, "best": "claim 35", "best_value": 0.77, "loss": 0.006, "mark": null}, {"index": 30, "seat": 0, "action": "place -1,-2 W", "forced": false, "reviewed": true, "value": 0.843, "best": "place 0,-3 S", "best_value": 0.846, "loss": 0.003, "mark": null}, {"index": 31, "seat": 0, "action": "claim 10", "forced": false, "reviewed": true, "value": 0.775, "best": "claim 35", "best_value": 0.85, "loss": 0.075, "mark": "inaccuracy"}, {"index": 32, "seat": 1, "action": "place 1,0 E", "forced": false, "reviewed": true, "value": 0.757, "best": "place 1,1 W", "best_value": 0.829, "loss": 0.071, "mark": "inaccuracy"}, {"index": 33, "seat": 1, "action": "claim 35", "forced": true, "reviewed": true, "mark": null}, {"index": 38, "seat": 0, "action": "place -2,-3 E", "forced": false, "reviewed": true, "value": 0.744, "best": "place -3,-3 S", "best_value": 0.819, "loss": 0.075, "mark": "inaccuracy"}, {"index": 39, "seat": 0, "action": "claim 25", "forced": false, "reviewed": true, "value": 0.788, "best": "claim 25", "best_value": 0.788, "loss": 0.0, "mark": null}, {"index": 40, "seat": 0, "action": "place 2,1 W", "forced": false, "reviewed": true, "value": 0.805, "best": "place 2,1 W", "best_value": 0.805, "loss": 0.0, "mark": null}, {"index": 41, "seat": 0, "action": "claim 37", "forced": false, "reviewed": true, "value": 0.784, "best": "claim 37", "best_value": 0.784, "loss": 0.0, "mark": null}, {"index": 42, "seat": 1, "action": "place -3,-1 E", "forced": false, "reviewed": true, "value": 0.599, "best": "place -1,-2 W", "best_value": 0.694, "loss": 0.096, "mark": "inaccuracy"}, {"index": 43, "seat": 1, "action": "claim 17", "forced": false, "reviewed": true, "value": 0.624, "best": "claim 1", "best_value": 0.657, "loss": 0.032, "mark": null}, {"index": 44, "seat": 1, "action": "place -3,-2 S", "forced": false, "reviewed": true, "value": 0.423, "best": "place 1,-1 W", "best_value": 0.786, "loss": 0.362, "mark": "mistake"}, {"index": 45, "seat": 1, "action": "claim 1", "forced": true, "reviewed": true, "mark": null}, {"index": 50, "seat": 1, "action": "place 1,-2 E", "forced": true, "reviewed": true, "mark": null}, {"index": 51, "seat": 1, "action": "claim 38", "forced": false, "reviewed": true, "value": 0.338, "best": "claim 41", "best_value": 0.474, "loss": 0.135, "mark": "mistake"}, {"index": 52, "seat": 1, "action": "place -1,-2 W", "forced": false, "reviewed": true, "value": 0.347, "best": "place -2,-3 S", "best_value": 0.393, "loss": 0.046, "mark": null}, {"index": 53, "seat": 1, "action": "claim 41", "forced": false, "reviewed": true, "value": 0.285, "best": "claim 31", "best_value": 0.3, "loss": 0.015, "mark": null}, {"index": 54, "seat": 0, "action": "place -2,0 W", "forced": false, "reviewed": true, "value": 0.801, "best": "place 0,-3 S", "best_value": 0.866, "loss": 0.064, "mark": "inaccuracy"}, {"index": 55, "seat": 0, "action": "claim 20", "forced": false, "reviewed": true, "value": 0.821, "best": "claim 31", "best_value": 0.819, "loss": 0.0, "mark": null}, {"index": 56, "seat": 0, "action": "place -1,1 N", "forced": false, "reviewed": true, "value": 0.812, "best": "place 1,-3 N", "best_value": 0.828, "loss": 0.016, "mark": null}, {"index": 57, "seat": 0, "action": "claim 31", "forced": true, "reviewed": true, "mark": null}, {"index": 62, "seat": 0, "action": "place 1,-2 E", "forced": false, "reviewed": true, "value": 0.681, "best": "place 2,-1 N", "best_value": 0.749, "loss": 0.068, "mark": "inaccuracy"}, {"index": 63, "seat": 0, "action": "claim 9", "forced": false, "reviewed": true, "value": 0.751, "best": "claim 9", "best_value": 0.751, "loss": 0.0, "mark": null}, {"index": 64, "seat": 0, "action": "place 2,-1 W", "forced": false, "reviewed": true, "value": 0.808, "best": "place 2,-1 W", "best_value": 0.808, "loss": 0.0, "mark": null}, {"index": 65, "seat": 0, "action": "claim 26", "forced": false, "reviewed": true, "value": 0.809, "best": "claim 42", "best_value": 0.828, "loss": 0.019, "mark": null}, {"index": 66, "seat": 1, "action": "place 1,-3 N", "forced": false, "reviewed": true, "value": 0.213, "best": "place -3,1 S", "best_value": 0.242, "loss": 0.029, "mark": null}, {"index": 67, "seat": 1, "action": "claim 42", "forced": false, "reviewed": true, "value": 0.206, "best": "claim 42", "best_value": 0.206, "loss": 0.0, "mark": null}, {"index": 68, "seat": 1, "action": "discard", "forced": true, "reviewed": true, "mark": null}, {"index": 69, "seat": 1, "action": "claim 40", "forced": true, "reviewed": true, "mark": null}, {"index": 70, "seat": 0, "action": "discard", "forced": true, "reviewed": true, "mark": null}, {"index": 71, "seat": 0, "action": "place 1,-3 S", "forced": false, "reviewed": true, "value": 0.779, "best": "place 0,-3 S", "best_value": 0.818, "loss": 0.039, "mark": null}, {"index": 72, "seat": 1, "action": "discard", "forced": true, "reviewed": true, "mark": null}, {"index": 73, "seat": 1, "action": "place -3,-3 S", "forced": false, "reviewed": true, "value": 0.23, "best": "place -3,-3 S", "best_value": 0.23, "loss": 0.0, "mark": null}]}','97ff1e88cc00384a6c480620ee09da0a',1,NULL,NULL,'{"kind": "days", "days": 3}','{"remaining": [259200.0, 259200.0], "since": 1796036295.9618325}',NULL,'{"id": "a8a3cde0ab851758", "by": 0}');
INSERT INTO games VALUES('a8a3cde0ab851758','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Anna", "online": true, "token": "R8uHy9_AFuJ6HECEvMT_tA", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "2EuJuwtSuCnb9YaIh7zSfQ", "account": 2}]','81AkK9dmwtCI1jZ1ZqtZMw','playing','2026-11-30 10:58:15.987792',0,0,1,1,0,NULL,NULL,NULL,'120e28e3c05690226042e55827d9733a',1,NULL,NULL,'{"kind": "days", "days": 3}','{"remaining": [259200.0, 259200.0], "since": 1796036295.9880266}',1796295495.9880266189,NULL);
INSERT INTO games VALUES('d8e2337143910dbf','duel',2,'{}',0,'[{"kind": "human", "name": "Anna", "online": false, "token": "AY3o5nW46qY7hI4l6Vz8XQ", "account": 1}, {"kind": "human", "name": "Ben", "online": true, "token": "0ZRVZkLatfOjz-k3pUvSfQ", "account": 2}]','l8AEdxcdmsJAgp2Epu536Q','playing','2026-11-30 10:58:16.249807',0,0,1,6,0,NULL,NULL,NULL,'452a1b33291b8434b416641855acb116',1,NULL,NULL,'{"kind": "game", "minutes": 180, "increment": 5}','{"remaining": [10809.95681476593, 10809.861879825592], "since": 1796036296.439092}',1796047106.3009717464,NULL);
INSERT INTO games VALUES('36ca4219049fd191','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Anna", "online": false, "token": "FyI6oIWgdYoEqhLCTW_O8A", "account": 1}, {"kind": "ai", "level": "medium", "name": "Ben (AI, medium)", "token": null, "former_token": "bfU3Y_U2txtlpNha5ees1A", "ai_since": 9, "account": 2}]','GzdemsSuExP0ieKP9LDXvg','playing','2026-11-30 10:58:16.513499',0,0,1,6,0,NULL,NULL,NULL,'e2318cf08d9f247d51e2ecec41ffd74d',1,NULL,NULL,'{"kind": "days", "days": 3}','{"remaining": [259200.0, 259200.0], "since": 1796036297.284557}',1796295497.2845571041,NULL);
INSERT INTO games VALUES('0827b188df20e1e2','kingdomino',2,'{"dynasty": false, "middle_kingdom": false, "harmony": false, "mighty_duel": false}',0,'[{"kind": "human", "name": "Player 1", "online": false, "token": "22yyUXrvOH5vdm7pJwxblw"}, {"kind": "open", "name": "", "token": null}]','3MokFLgRA5FO1JaJNB4jKQ','open','2026-11-30 10:58:16.549073',0,0,1,1,0,NULL,NULL,NULL,'e445e1587ac8c02818efdfe32f5365ad',0,1796641096.5490798949,NULL,'null','null',NULL,NULL);
CREATE TABLE accounts (
	id INTEGER NOT NULL, 
	name VARCHAR(64) NOT NULL, 
	name_key VARCHAR(64) NOT NULL, 
	password_hash VARCHAR(256) NOT NULL, 
	created DATETIME NOT NULL, 
	bot BOOLEAN DEFAULT '0' NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name_key)
);
INSERT INTO accounts VALUES(1,'Anna','anna','$argon2id$v=19$m=65536,t=3,p=4$mPtg4NOK4Ug5e0f79y8DzQ$+54cajdjN56XYC0g2gQ3WGRGRPjCcniSweJlbDfnVJ8','2026-11-30 10:58:14.114907',0);
INSERT INTO accounts VALUES(2,'Ben','ben','$argon2id$v=19$m=65536,t=3,p=4$yLxois22E9tjkw5Ipze6Yw$JU7hpIy4veahhvPZ4HIGN8vtsSbdqdVFnvMBMLKSmiM','2026-11-30 10:58:14.530264',0);
CREATE TABLE actions (
	game_id VARCHAR(32) NOT NULL, 
	"index" INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text VARCHAR(64) NOT NULL, 
	description TEXT NOT NULL, 
	PRIMARY KEY (game_id, "index"), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO actions VALUES('e9341ef7276f6fa0',0,-1,'draw 34','#34 L1|F0 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',1,-1,'draw 31','#31 L1|W0 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',2,-1,'draw 15','#15 W0|G0 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',3,-1,'draw 37','#37 L0|G1 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('e9341ef7276f6fa0',5,0,'claim 34','seat 0 claims #34 L1|F0');
INSERT INTO actions VALUES('e9341ef7276f6fa0',6,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('e9341ef7276f6fa0',7,0,'claim 37','seat 0 claims #37 L0|G1');
INSERT INTO actions VALUES('e9341ef7276f6fa0',8,1,'claim 31','seat 1 claims #31 L1|W0');
INSERT INTO actions VALUES('e9341ef7276f6fa0',9,1,'claim 15','seat 1 claims #15 W0|G0');
INSERT INTO actions VALUES('e9341ef7276f6fa0',10,-1,'draw 5','#5 F0|F0 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',11,-1,'draw 48','#48 W0|M3 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',12,-1,'draw 36','#36 W0|G1 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',13,-1,'draw 30','#30 L1|W0 is drawn');
INSERT INTO actions VALUES('e9341ef7276f6fa0',14,1,'place 0,-1 W','seat 1 places #15 W0|G0 at 0,-1 facing W');
INSERT INTO actions VALUES('db7efa51fddfabb0',0,-1,'draw 10','#10 G0|G0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',1,-1,'draw 9','#9 L0|L0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',2,-1,'draw 43','#43 W0|S2 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',3,-1,'draw 34','#34 L1|F0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('db7efa51fddfabb0',5,0,'claim 10','seat 0 claims #10 G0|G0');
INSERT INTO actions VALUES('db7efa51fddfabb0',6,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('db7efa51fddfabb0',7,0,'claim 43','seat 0 claims #43 W0|S2');
INSERT INTO actions VALUES('db7efa51fddfabb0',8,1,'claim 34','seat 1 claims #34 L1|F0');
INSERT INTO actions VALUES('db7efa51fddfabb0',9,1,'claim 9','seat 1 claims #9 L0|L0');
INSERT INTO actions VALUES('db7efa51fddfabb0',10,-1,'draw 6','#6 F0|F0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',11,-1,'draw 19','#19 W1|F0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',12,-1,'draw 17','#17 F0|L0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',13,-1,'draw 15','#15 W0|G0 is drawn');
INSERT INTO actions VALUES('db7efa51fddfabb0',14,1,'place 0,-1 S','seat 1 places #9 L0|L0 at 0,-1 facing S');
INSERT INTO actions VALUES('db7efa51fddfabb0',15,1,'claim 19','seat 1 claims #19 W1|F0');
INSERT INTO actions VALUES('db7efa51fddfabb0',16,0,'place -1,-1 E','seat 0 places #10 G0|G0 at -1,-1 facing E');
INSERT INTO actions VALUES('f76b4827216fce4c',0,-1,'draw 33','#33 L1|F0 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',1,-1,'draw 27','#27 F1|W0 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',2,-1,'draw 12','#12 S0|S0 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',3,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('f76b4827216fce4c',4,1,'claim 12','seat 1 claims #12 S0|S0');
INSERT INTO actions VALUES('f76b4827216fce4c',5,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('f76b4827216fce4c',6,0,'claim 27','seat 0 claims #27 F1|W0');
INSERT INTO actions VALUES('f76b4827216fce4c',7,2,'claim 33','seat 2 claims #33 L1|F0');
INSERT INTO actions VALUES('f76b4827216fce4c',8,-1,'draw 47','#47 S0|M2 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',9,-1,'draw 15','#15 W0|G0 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',10,-1,'draw 32','#32 L1|F0 is drawn');
INSERT INTO actions VALUES('f76b4827216fce4c',11,1,'place -1,-1 S','seat 1 places #12 S0|S0 at -1,-1 facing S');
INSERT INTO actions VALUES('f76b4827216fce4c',12,1,'claim 15','seat 1 claims #15 W0|G0');
INSERT INTO actions VALUES('ce17274fb3396687',0,-1,'draw 47','#47 S0|M2 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',1,-1,'draw 32','#32 L1|F0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',2,-1,'draw 45','#45 M2|W0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',3,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('ce17274fb3396687',4,1,'claim 45','seat 1 claims #45 M2|W0');
INSERT INTO actions VALUES('ce17274fb3396687',5,-1,'king 2','a king of seat 2 is drawn to claim next');
INSERT INTO actions VALUES('ce17274fb3396687',6,2,'claim 47','seat 2 claims #47 S0|M2');
INSERT INTO actions VALUES('ce17274fb3396687',7,0,'claim 32','seat 0 claims #32 L1|F0');
INSERT INTO actions VALUES('ce17274fb3396687',8,-1,'draw 40','#40 M1|W0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',9,-1,'draw 9','#9 L0|L0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',10,-1,'draw 42','#42 L0|G2 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',11,0,'place 1,1 W','seat 0 places #32 L1|F0 at 1,1 facing W');
INSERT INTO actions VALUES('ce17274fb3396687',12,0,'claim 9','seat 0 claims #9 L0|L0');
INSERT INTO actions VALUES('e2bc883187f57366',0,-1,'roll 1 6 3 6','roll: die 1 ?, die 2 all_black, die 3 all_black x2, die 4 double_dot');
INSERT INTO actions VALUES('ce17274fb3396687',13,1,'place 1,0 E','seat 1 places #45 M2|W0 at 1,0 facing E');
INSERT INTO actions VALUES('ce17274fb3396687',14,1,'claim 40','seat 1 claims #40 M1|W0');
INSERT INTO actions VALUES('ce17274fb3396687',15,2,'place 1,1 N','seat 2 places #47 S0|M2 at 1,1 facing N');
INSERT INTO actions VALUES('e2bc883187f57366',1,0,'take 2','seat 0 takes die 2 (all_black)');
INSERT INTO actions VALUES('e2bc883187f57366',2,1,'take 1+3','seat 1 takes die 1 (?) and die 3 (all_black x2)');
INSERT INTO actions VALUES('ce17274fb3396687',16,2,'claim 42','seat 2 claims #42 L0|G2');
INSERT INTO actions VALUES('ce17274fb3396687',17,-1,'draw 34','#34 L1|F0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',18,-1,'draw 10','#10 G0|G0 is drawn');
INSERT INTO actions VALUES('ce17274fb3396687',19,-1,'draw 25','#25 F1|W0 is drawn');
INSERT INTO actions VALUES('e2bc883187f57366',3,0,'draw 1,-1 N','seat 0 draws all_black and double_dot at 1,-1 N');
INSERT INTO actions VALUES('e2bc883187f57366',4,1,'draw 1,-1 E','seat 1 draws ? and all_black x2 at 1,-1 E');
INSERT INTO actions VALUES('e2bc883187f57366',5,1,'coat double_stripe','seat 1 chooses double_stripe for the question mark');
INSERT INTO actions VALUES('e2bc883187f57366',6,-1,'roll 3 5 3 2','roll: die 1 double_stripe x1, die 2 dot, die 3 all_black x2, die 4 stripe x1');
INSERT INTO actions VALUES('f2bb3a769510805c',0,-1,'roll 4 5 6 3','roll: die 1 stripe, die 2 dot, die 3 double_stripe, die 4 ?');
INSERT INTO actions VALUES('f2bb3a769510805c',1,0,'take 3','seat 0 takes die 3 (double_stripe)');
INSERT INTO actions VALUES('f2bb3a769510805c',2,1,'take 1+2','seat 1 takes die 1 (stripe) and die 2 (dot)');
INSERT INTO actions VALUES('f2bb3a769510805c',3,0,'draw 0,1 E','seat 0 draws double_stripe and ? at 0,1 E');
INSERT INTO actions VALUES('f2bb3a769510805c',4,0,'coat double_stripe','seat 0 chooses double_stripe for the question mark');
INSERT INTO actions VALUES('e540916208cf54ce',0,-1,'draw 23','#23 F0u|Q0k is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',1,-1,'draw 32','#32 G1|L0f is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',2,-1,'draw 15','#15 L0f|L0f is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',3,-1,'draw 12','#12 G0m|G0m is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',4,-1,'chief 1','a chief of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('f2bb3a769510805c',5,1,'draw 1,0 S','seat 1 draws stripe and dot at 1,0 S');
INSERT INTO actions VALUES('f2bb3a769510805c',6,-1,'roll 1 2 2 6','roll: die 1 ?, die 2 stripe, die 3 stripe, die 4 double_dot');
INSERT INTO actions VALUES('f2bb3a769510805c',7,1,'take 4','seat 1 takes die 4 (double_dot)');
INSERT INTO actions VALUES('e540916208cf54ce',5,1,'claim 1+4','seat 1 makes the first claim: #12 G0m|G0m and #32 G1|L0f');
INSERT INTO actions VALUES('e540916208cf54ce',6,-1,'draw 9','#9 D0|F0u is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',7,-1,'draw 29','#29 D0|V1 is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',8,-1,'draw 44','#44 F0u|V2 is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',9,-1,'draw 11','#11 D0|Q0k is drawn');
INSERT INTO actions VALUES('e540916208cf54ce',10,1,'place -1,0 E','seat 1 places #12 G0m|G0m at -1,0 facing E');
INSERT INTO actions VALUES('e540916208cf54ce',11,1,'claim 11','seat 1 claims #11 D0|Q0k');
INSERT INTO actions VALUES('e540916208cf54ce',12,0,'place 0,-1 S','seat 0 places #15 L0f|L0f at 0,-1 facing S');
INSERT INTO actions VALUES('e540916208cf54ce',13,0,'claim 44','seat 0 claims #44 F0u|V2');
INSERT INTO actions VALUES('8ecfbba99cd82635',0,-1,'draw 28','#28 D0|V1 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',1,-1,'draw 39','#39 G0m|V1 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',2,-1,'draw 33','#33 G1|F0u is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',3,-1,'draw 1','#1 D0|D0 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',4,-1,'chief 0','a chief of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('8ecfbba99cd82635',5,0,'claim 2+3','seat 0 makes the first claim: #28 D0|V1 and #33 G1|F0u');
INSERT INTO actions VALUES('8ecfbba99cd82635',6,-1,'draw 20','#20 L0f|F0u is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',7,-1,'draw 2','#2 D0|D0 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',8,-1,'draw 43','#43 F0u|V2 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',9,-1,'draw 27','#27 D0|Q1 is drawn');
INSERT INTO actions VALUES('8ecfbba99cd82635',10,1,'place 0,1 S','seat 1 places #1 D0|D0 at 0,1 facing S');
INSERT INTO actions VALUES('8ecfbba99cd82635',11,1,'claim 27','seat 1 claims #27 D0|Q1');
INSERT INTO actions VALUES('8ecfbba99cd82635',12,0,'place 1,-1 E','seat 0 places #28 D0|V1 at 1,-1 facing E');
INSERT INTO actions VALUES('8ecfbba99cd82635',13,0,'fire 1,-1','seat 0 puts the 1-fire marker on 1,-1');
INSERT INTO actions VALUES('7eec7754aa33329a',0,-1,'draw 7','#7 L0|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',1,-1,'draw 18','#18 F0|G0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',2,-1,'draw 3','#3 F0|F0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',3,-1,'draw 46','#46 S0|M2 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('7eec7754aa33329a',5,0,'claim 3','seat 0 claims #3 F0|F0');
INSERT INTO actions VALUES('7eec7754aa33329a',6,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('7eec7754aa33329a',7,0,'claim 7','seat 0 claims #7 L0|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',8,1,'claim 18','seat 1 claims #18 F0|G0');
INSERT INTO actions VALUES('7eec7754aa33329a',9,1,'claim 46','seat 1 claims #46 S0|M2');
INSERT INTO actions VALUES('7eec7754aa33329a',10,-1,'draw 29','#29 F1|G0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',11,-1,'draw 36','#36 W0|G1 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',12,-1,'draw 8','#8 L0|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',13,-1,'draw 14','#14 W0|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',14,0,'place 0,-2 E','seat 0 places #3 F0|F0 at 0,-2 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',15,0,'claim 14','seat 0 claims #14 W0|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',16,0,'place 1,0 E','seat 0 places #7 L0|L0 at 1,0 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',17,0,'claim 29','seat 0 claims #29 F1|G0');
INSERT INTO actions VALUES('7eec7754aa33329a',18,1,'place -2,0 S','seat 1 places #18 F0|G0 at -2,0 facing S');
INSERT INTO actions VALUES('7eec7754aa33329a',19,1,'claim 8','seat 1 claims #8 L0|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',20,1,'place -1,1 S','seat 1 places #46 S0|M2 at -1,1 facing S');
INSERT INTO actions VALUES('7eec7754aa33329a',21,1,'claim 36','seat 1 claims #36 W0|G1');
INSERT INTO actions VALUES('7eec7754aa33329a',22,-1,'draw 10','#10 G0|G0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',23,-1,'draw 34','#34 L1|F0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',24,-1,'draw 32','#32 L1|F0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',25,-1,'draw 35','#35 L1|F0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',26,1,'place -1,-1 S','seat 1 places #8 L0|L0 at -1,-1 facing S');
INSERT INTO actions VALUES('7eec7754aa33329a',27,1,'claim 34','seat 1 claims #34 L1|F0');
INSERT INTO actions VALUES('7eec7754aa33329a',28,0,'place -1,-1 E','seat 0 places #14 W0|L0 at -1,-1 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',29,0,'claim 32','seat 0 claims #32 L1|F0');
INSERT INTO actions VALUES('7eec7754aa33329a',30,0,'place -1,-2 W','seat 0 places #29 F1|G0 at -1,-2 facing W');
INSERT INTO actions VALUES('7eec7754aa33329a',31,0,'claim 10','seat 0 claims #10 G0|G0');
INSERT INTO actions VALUES('7eec7754aa33329a',32,1,'place 1,0 E','seat 1 places #36 W0|G1 at 1,0 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',33,1,'claim 35','seat 1 claims #35 L1|F0');
INSERT INTO actions VALUES('7eec7754aa33329a',34,-1,'draw 1','#1 W0|W0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',35,-1,'draw 37','#37 L0|G1 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',36,-1,'draw 25','#25 F1|W0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',37,-1,'draw 17','#17 F0|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',38,0,'place -2,-3 E','seat 0 places #10 G0|G0 at -2,-3 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',39,0,'claim 25','seat 0 claims #25 F1|W0');
INSERT INTO actions VALUES('7eec7754aa33329a',40,0,'place 2,1 W','seat 0 places #32 L1|F0 at 2,1 facing W');
INSERT INTO actions VALUES('7eec7754aa33329a',41,0,'claim 37','seat 0 claims #37 L0|G1');
INSERT INTO actions VALUES('7eec7754aa33329a',42,1,'place -3,-1 E','seat 1 places #34 L1|F0 at -3,-1 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',43,1,'claim 17','seat 1 claims #17 F0|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',44,1,'place -3,-2 S','seat 1 places #35 L1|F0 at -3,-2 facing S');
INSERT INTO actions VALUES('7eec7754aa33329a',45,1,'claim 1','seat 1 claims #1 W0|W0');
INSERT INTO actions VALUES('7eec7754aa33329a',46,-1,'draw 38','#38 W0|S1 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',47,-1,'draw 20','#20 W1|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',48,-1,'draw 41','#41 W0|G2 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',49,-1,'draw 31','#31 L1|W0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',50,1,'place 1,-2 E','seat 1 places #1 W0|W0 at 1,-2 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',51,1,'claim 38','seat 1 claims #38 W0|S1');
INSERT INTO actions VALUES('7eec7754aa33329a',52,1,'place -1,-2 W','seat 1 places #17 F0|L0 at -1,-2 facing W');
INSERT INTO actions VALUES('7eec7754aa33329a',53,1,'claim 41','seat 1 claims #41 W0|G2');
INSERT INTO actions VALUES('7eec7754aa33329a',54,0,'place -2,0 W','seat 0 places #25 F1|W0 at -2,0 facing W');
INSERT INTO actions VALUES('7eec7754aa33329a',55,0,'claim 20','seat 0 claims #20 W1|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',56,0,'place -1,1 N','seat 0 places #37 L0|G1 at -1,1 facing N');
INSERT INTO actions VALUES('7eec7754aa33329a',57,0,'claim 31','seat 0 claims #31 L1|W0');
INSERT INTO actions VALUES('7eec7754aa33329a',58,-1,'draw 42','#42 L0|G2 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',59,-1,'draw 9','#9 L0|L0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',60,-1,'draw 40','#40 M1|W0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',61,-1,'draw 26','#26 F1|W0 is drawn');
INSERT INTO actions VALUES('7eec7754aa33329a',62,0,'place 1,-2 E','seat 0 places #20 W1|L0 at 1,-2 facing E');
INSERT INTO actions VALUES('7eec7754aa33329a',63,0,'claim 9','seat 0 claims #9 L0|L0');
INSERT INTO actions VALUES('7eec7754aa33329a',64,0,'place 2,-1 W','seat 0 places #31 L1|W0 at 2,-1 facing W');
INSERT INTO actions VALUES('7eec7754aa33329a',65,0,'claim 26','seat 0 claims #26 F1|W0');
INSERT INTO actions VALUES('7eec7754aa33329a',66,1,'place 1,-3 N','seat 1 places #38 W0|S1 at 1,-3 facing N');
INSERT INTO actions VALUES('7eec7754aa33329a',67,1,'claim 42','seat 1 claims #42 L0|G2');
INSERT INTO actions VALUES('7eec7754aa33329a',68,1,'discard','seat 1 discards #41 W0|G2 (no legal placement)');
INSERT INTO actions VALUES('7eec7754aa33329a',69,1,'claim 40','seat 1 claims #40 M1|W0');
INSERT INTO actions VALUES('7eec7754aa33329a',70,0,'discard','seat 0 discards #9 L0|L0 (no legal placement)');
INSERT INTO actions VALUES('7eec7754aa33329a',71,0,'place 1,-3 S','seat 0 places #26 F1|W0 at 1,-3 facing S');
INSERT INTO actions VALUES('7eec7754aa33329a',72,1,'discard','seat 1 discards #40 M1|W0 (no legal placement)');
INSERT INTO actions VALUES('7eec7754aa33329a',73,1,'place -3,-3 S','seat 1 places #42 L0|G2 at -3,-3 facing S');
INSERT INTO actions VALUES('a8a3cde0ab851758',0,-1,'draw 22','#22 W1|S0 is drawn');
INSERT INTO actions VALUES('a8a3cde0ab851758',1,-1,'draw 39','#39 G0|S1 is drawn');
INSERT INTO actions VALUES('a8a3cde0ab851758',2,-1,'draw 40','#40 M1|W0 is drawn');
INSERT INTO actions VALUES('a8a3cde0ab851758',3,-1,'draw 32','#32 L1|F0 is drawn');
INSERT INTO actions VALUES('a8a3cde0ab851758',4,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('d8e2337143910dbf',0,-1,'roll 4 4 1 1','roll: die 1 stripe, die 2 double_stripe x1, die 3 double_dot, die 4 double_stripe');
INSERT INTO actions VALUES('d8e2337143910dbf',1,0,'take 4','seat 0 takes die 4 (double_stripe)');
INSERT INTO actions VALUES('d8e2337143910dbf',2,1,'take 1+2','seat 1 takes die 1 (stripe) and die 2 (double_stripe x1)');
INSERT INTO actions VALUES('d8e2337143910dbf',3,0,'draw 0,1 N','seat 0 draws double_dot and double_stripe at 0,1 N');
INSERT INTO actions VALUES('d8e2337143910dbf',4,1,'draw 0,1 E','seat 1 draws stripe and double_stripe x1 at 0,1 E');
INSERT INTO actions VALUES('d8e2337143910dbf',5,-1,'roll 2 3 4 4','roll: die 1 dot, die 2 double_dot x1, die 3 quarters x2, die 4 stripe');
INSERT INTO actions VALUES('36ca4219049fd191',0,-1,'draw 29','#29 F1|G0 is drawn');
INSERT INTO actions VALUES('36ca4219049fd191',1,-1,'draw 33','#33 L1|F0 is drawn');
INSERT INTO actions VALUES('36ca4219049fd191',2,-1,'draw 16','#16 W0|S0 is drawn');
INSERT INTO actions VALUES('36ca4219049fd191',3,-1,'draw 3','#3 F0|F0 is drawn');
INSERT INTO actions VALUES('36ca4219049fd191',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('36ca4219049fd191',5,0,'claim 16','seat 0 claims #16 W0|S0');
INSERT INTO actions VALUES('36ca4219049fd191',6,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('36ca4219049fd191',7,1,'claim 3','seat 1 claims #3 F0|F0');
INSERT INTO actions VALUES('36ca4219049fd191',8,-1,'king 1','a king of seat 1 is drawn to claim next');
INSERT INTO actions VALUES('0827b188df20e1e2',0,-1,'draw 24','#24 F1|W0 is drawn');
INSERT INTO actions VALUES('0827b188df20e1e2',1,-1,'draw 4','#4 F0|F0 is drawn');
INSERT INTO actions VALUES('0827b188df20e1e2',2,-1,'draw 9','#9 L0|L0 is drawn');
INSERT INTO actions VALUES('0827b188df20e1e2',3,-1,'draw 23','#23 W1|M0 is drawn');
INSERT INTO actions VALUES('0827b188df20e1e2',4,-1,'king 0','a king of seat 0 is drawn to claim next');
INSERT INTO actions VALUES('36ca4219049fd191',9,1,'claim 29','seat 1 claims #29 F1|G0');
CREATE TABLE sessions (
	token_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER NOT NULL, 
	expires DATETIME NOT NULL, 
	PRIMARY KEY (token_hash), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
INSERT INTO sessions VALUES('ee41337ef9d58b394c215135fc06141981c837412f725ec6a76fe28f34a9b183',1,'2026-12-30 10:58:14.119979');
INSERT INTO sessions VALUES('371ccb6d23e6ed197b73e2c7c4a76bd2212fba816153f375c1439e45f389fea6',2,'2026-12-30 10:58:14.532987');
CREATE TABLE seat_accounts (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	playing BOOLEAN NOT NULL, 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
INSERT INTO seat_accounts VALUES('7eec7754aa33329a',0,1,1);
INSERT INTO seat_accounts VALUES('7eec7754aa33329a',1,2,1);
INSERT INTO seat_accounts VALUES('a8a3cde0ab851758',0,1,1);
INSERT INTO seat_accounts VALUES('a8a3cde0ab851758',1,2,1);
INSERT INTO seat_accounts VALUES('d8e2337143910dbf',0,1,1);
INSERT INTO seat_accounts VALUES('d8e2337143910dbf',1,2,1);
INSERT INTO seat_accounts VALUES('36ca4219049fd191',0,1,1);
INSERT INTO seat_accounts VALUES('36ca4219049fd191',1,2,0);
CREATE TABLE seat_results (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	score INTEGER NOT NULL, 
	place INTEGER NOT NULL, 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO seat_results VALUES('7eec7754aa33329a',0,19,1);
INSERT INTO seat_results VALUES('7eec7754aa33329a',1,12,2);
CREATE TABLE ratings (
	account_id INTEGER NOT NULL, 
	pool VARCHAR(32) NOT NULL, 
	rating FLOAT NOT NULL, 
	deviation FLOAT NOT NULL, 
	volatility FLOAT NOT NULL, 
	games INTEGER NOT NULL, 
	wins INTEGER NOT NULL, 
	updated DATETIME NOT NULL, 
	PRIMARY KEY (account_id, pool), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
INSERT INTO ratings VALUES(1,'kingdomino-2',1662.3108939072458269,290.31896371882822903,0.059999675659977616537,1,1,'2026-11-30 10:58:15.997007');
INSERT INTO ratings VALUES(2,'kingdomino-2',1337.689106092754173,290.31896371882822903,0.059999675659977616537,1,0,'2026-11-30 10:58:15.997007');
CREATE TABLE rating_changes (
	game_id VARCHAR(32) NOT NULL, 
	account_id INTEGER NOT NULL, 
	pool VARCHAR(32) NOT NULL, 
	place INTEGER NOT NULL, 
	"before" FLOAT NOT NULL, 
	"after" FLOAT NOT NULL, 
	deviation FLOAT NOT NULL, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (game_id, account_id), 
	FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
INSERT INTO rating_changes VALUES('7eec7754aa33329a',1,'kingdomino-2',1,1500.0,1662.3108939072458269,290.31896371882822903,'2026-11-30 10:58:15.997007');
INSERT INTO rating_changes VALUES('7eec7754aa33329a',2,'kingdomino-2',2,1500.0,1337.689106092754173,290.31896371882822903,'2026-11-30 10:58:15.997007');
CREATE INDEX ix_games_deadline ON games (deadline);
CREATE INDEX ix_sessions_account_id ON sessions (account_id);
CREATE INDEX ix_seat_accounts_account_id ON seat_accounts (account_id);
CREATE INDEX ratings_by_pool ON ratings (pool, rating);
CREATE INDEX ix_rating_changes_account_id ON rating_changes (account_id);
COMMIT;
