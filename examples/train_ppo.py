"""Train the MaskablePPO baseline on 2-player Kingdomino and save it for the package's tools.

Run (after ``pip install torch==2.13.0 -e '.[rl,train]'``, see docs/reinforcement-learning.md)::

    python examples/train_ppo.py --out models/ppo-kingdomino-2p.zip

It trains for at most ``--minutes`` (10) or ``--timesteps``, whichever comes first, prints its
progress (steps per second, the mean reward and the share of games won of the last 200), saves
the model with its configuration beside it, and prints the agent spec and the commands that rate
it (``kingdomino tournament``, ``kingdomino ladder``) and offer it as an AI seat in the browser
(``kingdomino serve --seat-agent``). ``--league FOLDER`` adds the learner's own snapshots to the
opponents (self-play, :mod:`kingdomino.rl.league`).
"""

from __future__ import annotations

import argparse
import shlex

from kingdomino.core.game import GameError
from kingdomino.rl.ppo_training import TrainingPlan, train


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--out", default="models/ppo-kingdomino-2p.zip", help="where the model is saved")
    parser.add_argument("--minutes", type=float, default=TrainingPlan.minutes, help="wall-time bound")
    parser.add_argument("--timesteps", type=int, default=TrainingPlan.timesteps, help="learner steps bound")
    parser.add_argument("--envs", type=int, default=TrainingPlan.envs, help="games played side by side")
    parser.add_argument(
        "--opponents", nargs="+", default=list(TrainingPlan.opponents), help="env i plays opponents[i %% n]"
    )
    parser.add_argument("--league", help="a folder for snapshots of the learner, drawn as opponents too")
    parser.add_argument(
        "--snapshot-every",
        type=int,
        default=TrainingPlan.snapshot_every,
        help="learner steps between two snapshots of --league",
    )
    parser.add_argument("--seed", type=int, default=TrainingPlan.seed)
    parser.add_argument(
        "--threads",
        type=int,
        default=TrainingPlan.threads,
        help="torch's threads (1 on a machine busy with other work: waiting threads slow every step)",
    )
    parser.add_argument(
        "--log-dir", help="a folder for SB3's figures of each update (progress.csv); default none"
    )
    args = parser.parse_args()
    plan = TrainingPlan(
        timesteps=args.timesteps,
        minutes=args.minutes,
        envs=args.envs,
        opponents=tuple(args.opponents),
        league=args.league,
        snapshot_every=args.snapshot_every,
        seed=args.seed,
        log_dir=args.log_dir,
        threads=args.threads,
    )
    try:
        report = train(plan, args.out)
    except GameError as error:  # a bad option, named, before any training
        parser.error(str(error))
    spec = shlex.quote(report.spec)
    print(
        f"\nsaved {report.path} after {report.timesteps:,} steps, {report.episodes:,} games, "
        f"{report.seconds / 60:.1f} minutes\n\n"
        f"its agent spec: {report.spec}\n\n"
        f"kingdomino tournament -p 2 --agents ppo={spec} greedy --games 400 --workers 2\n"
        f"kingdomino ladder -p 2 --agents random easy greedy ppo={spec} --games 40 --workers 2\n"
        f"kingdomino serve --seat-agent ppo={spec}"
    )


if __name__ == "__main__":
    main()
