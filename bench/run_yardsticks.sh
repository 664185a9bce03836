#!/bin/sh
# The full yardstick runs and ladders of issue #27 (docs/strength.md, docs/ladder.md), one after
# the other, at the lowest CPU priority: they take what the machine leaves idle and hours in all.
#
# In the yardstick runs `hard` plays without its time cap (the level's own spec, `cap` removed): a fixed number of
# playouts per move, so a loaded machine makes a run slower but never changes a move, and the
# results are the same whenever and wherever they are played. Every run appends to its JSONL
# file as games finish; run this script again to go on where it stopped. The finished runs are
# stored as bench/results/full.tar.xz, bench/results/yardsticks/kingdomino-levers.tar.xz and
# bench/results/ladders/NAME.tar.xz (bench/results/README.md): on a clean checkout this script
# plays them all again; `tar -xJf ARCHIVE` from the repository's root first, and it resumes.
#
#   nohup bench/run_yardsticks.sh > /tmp/yardsticks.log 2>&1 &
set -eu
cd "$(dirname "$0")/.."
# With the kernel's autogroups (Linux desktops and servers), `nice` only ranks the processes of
# one session; lower this session's own priority too, so other sessions' work comes first.
if [ -w /proc/self/autogroup ]; then echo 19 > /proc/self/autogroup 2>/dev/null || true; fi
PY=.venv/bin/python
OUT=bench/results/full
WORKERS=${WORKERS:-2}

hard() {  # hard's spec for a game (and Origins mode), without the time cap
    $PY -c "import sys; from kingdomino.agents.levels import level_spec
print(level_spec('hard', sys.argv[1], sys.argv[2] or None).replace(',cap=4', ''))" "$1" "${2:-}"
}

strength() {  # configuration, opponent, seed, agent
    nice -n 19 $PY bench/bench_strength.py --agent "$4" --opponent "$2" --only "$1" \
        --games 200 --seed "$3" --workers "$WORKERS" --out "$OUT/hard-vs-$2"
}

# 1. The paper's yardstick: three full-greedy, the paper's rules and the plain ones.
strength kingdomino-mk-harmony full-greedy 2000 "$(hard kingdomino)"
strength kingdomino full-greedy 2000 "$(hard kingdomino)"
# 1. (a lever, docs/strength.md) hard with every seat played as full greedy in its playouts over
# the last six rounds, on the paper's rules' 200 deals.
nice -n 19 .venv/bin/kingdomino tournament --agents "$(hard kingdomino),late=full-greedy,late_rounds=6" \
    full-greedy full-greedy full-greedy --variant middle-kingdom --variant harmony --games 200 --seed 2000 \
    --workers "$WORKERS" --out bench/results/yardsticks/kingdomino-levers/late6.jsonl
# 3. Duel against its one-ply yardstick.
nice -n 19 .venv/bin/kingdomino tournament --game duel --agents "$(hard duel)" heuristic --games 200 \
    --seed 3000 --workers "$WORKERS" --out "$OUT/duel-hard-vs-heuristic.jsonl"
# 2. Every player count and variant, against its strongest one-ply player.
for c in origins-neolithic origins-3p; do
    strength "$c" heuristic 4000 "$(hard origins discovery)"
done
# 2. (continued) The Kingdomino player counts and variants.
strength kingdomino-2p full-greedy 4000 "$(hard kingdomino)"
for c in kingdomino-3p mighty-duel dynasty; do
    strength "$c" heuristic 4000 "$(hard kingdomino)"
done

# 4. The full ladders (docs/ladder.md): the levels as the lobby plays them, each page and the
# lobby's ratings file written when its ladder is complete (the levels keep their time cap here).
# Every table on deals of its own (since 2026-11-27; the runs of 2026-11-26, every table on the
# same deals, are in bench/results/ladders/shared-deals/).
# About 300 games a ladder (35 tables of 8 or 9 games with 3-4 seats, 21 or 15 pairs of 20 with
# 2), 10-20 minutes each on an idle 2-core machine (2026-11-26; 24-28 on 2026-11-27, a slower day).
R=src/kingdomino/games/data/ratings.json
LADDERS=bench/results/ladders
ladder() {  # name, then the ladder's own options
    name=$1; shift
    nice -n 19 .venv/bin/kingdomino ladder "$@" --workers "$WORKERS" --out "$LADDERS/$name" \
        --markdown "docs/ladder-$name.md" --ratings "$R" --note "Full run (bench/run_yardsticks.sh)."
}
L="random easy greedy full-greedy heuristic medium hard"
ladder duel-2p --game duel -p 2 --agents random easy greedy heuristic medium hard --games 20
ladder kingdomino-4p --game kingdomino -p 4 --agents $L --games 8
ladder kingdomino-harmony-middle-kingdom-4p --game kingdomino -p 4 --variant middle-kingdom --variant harmony \
    --agents $L --games 8
ladder kingdomino-3p --game kingdomino -p 3 --agents $L --games 9
ladder kingdomino-2p --game kingdomino -p 2 --agents $L --games 20
for mode in discovery totem tribe; do
    ladder "origins-$mode-4p" --game origins -p 4 --mode $mode --agents $L --games 8
done
# Origins with 3 and 2 players, every mode (added 2026-11-26: the lobby offers them too).
for mode in discovery totem tribe; do
    ladder "origins-$mode-3p" --game origins -p 3 --mode $mode --agents $L --games 9
done
for mode in discovery totem tribe; do
    ladder "origins-$mode-2p" --game origins -p 2 --mode $mode --agents $L --games 20
done
