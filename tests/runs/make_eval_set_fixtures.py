#!/usr/bin/env python3
"""Writes tests/data/runs/sets/: Inspect logs of issue 29, as Inspect 0.3.260 writes them.

    make_eval_set_fixtures.py OUT_DIR

Layouts from Inspect's source: `inspect eval-set` (inspect_ai/_eval/evalset.py) writes
`.eval-set-id` (the id, no newline), `eval-set.json` (EvalSet: {eval_set_id, tasks:
[EvalSetTask]}) and `logs.json` (write_log_dir_manifest in log/_file.py: {log file name:
EvalLog header}), both with to_json_safe (indent 2); a killed attempt leaves a log with
only `_journal/start.json` (status "started"), the retry keeps its task_id.  A cancelled
or errored eval writes its header with status "cancelled" / "error" and the log's
`error` (EvalError: message, traceback).  `eval.config.epochs_reducer` holds the reducer
names as `reducer_log_name` writes them ("max", "at_least_2", "pass_at_2").  A sample's
`scores` maps each scorer's name to its Score; a scorer that raises leaves the sample
with its model output and an `error`, and no score (_eval/task/run.py).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_run_fixtures import ZSTD, eval_members, eval_spec, js, sample, write_zip  # noqa: E402

MODEL = "openai/gpt-4o-mini"
QUESTION = "Is it so?"


def questions():
    """Ten progression_bool questions: the answer to question i is yes when i is odd."""
    return [{"id": str(i), "group": "progression_bool", "context": f"State {i}.", "question": QUESTION,
             "answer": "yes" if i % 2 else "no"} for i in range(1, 11)]


def answer(i, right):
    yes = i % 2 == 1
    return "yes" if yes == right else "no"


def bool_sample(i, epoch, right, **kw):
    s = sample(i, epoch, QUESTION, f"State {i}.", answer(i, right), "C" if right else "I")
    s.update(kw)
    return s


def spec(task_id, model, epochs=1, samples=10, reducer=None, created="2025-07-01T09:00:00+00:00"):
    s = eval_spec("acp_prog_bool", model, epochs, samples)
    s.update({"task_id": task_id, "eval_id": "E-" + task_id + created[11:13], "created": created,
              "eval_set_id": "ES-29"})
    s["config"]["epochs_reducer"] = reducer
    return s


def header_with(members, **fields):
    """The members with header.json's fields replaced (status, error, results...)."""
    out = []
    for m in members:
        if m[0] == "header.json":
            h = json.loads(m[1])
            h.update(fields)
            m = (m[0], js(h), m[2])
        out.append(m)
    return out


def eval_set(out):
    d = os.path.join(out, "eval-set")
    os.makedirs(d, exist_ok=True)
    # killed part-way: 6 samples answered (5 right), no header
    killed = spec("T-app", MODEL, created="2025-07-01T09:00:00+00:00")
    killed_name = "2025-07-01T09-00-00+00-00_acp-prog-bool_killed.eval"
    write_zip(os.path.join(d, killed_name),
              eval_members(killed, [bool_sample(i, 1, i != 2) for i in range(1, 7)], ZSTD, header=False))
    # the retry: 10 samples, 7 right
    retry = spec("T-app", MODEL, created="2025-07-01T10:00:00+00:00")
    retry_name = "2025-07-01T10-00-00+00-00_acp-prog-bool_retry.eval"
    retry_members = header_with(eval_members(retry, [bool_sample(i, 1, i <= 7) for i in range(1, 11)], ZSTD),
                                stats={"started_at": "2025-07-01T10:00:00+00:00"})
    write_zip(os.path.join(d, retry_name), retry_members)
    with open(os.path.join(d, ".eval-set-id"), "w") as f:
        f.write("ES-29")
    task = {"name": "acp_prog_bool", "task_id": "T-app", "task_file": None, "task_args": {}, "model": MODEL,
            "model_args": {}, "model_roles": None, "sequence": 0}
    with open(os.path.join(d, "eval-set.json"), "wb") as f:
        f.write(js({"eval_set_id": "ES-29", "tasks": [task]}))
    headers = {killed_name: {"version": 2, "status": "started", "eval": killed,
                             "plan": {"name": "plan", "steps": []}},
               retry_name: json.loads(dict((m[0], m[1]) for m in retry_members)["header.json"])}
    with open(os.path.join(d, "logs.json"), "wb") as f:
        f.write(js(headers))


def status(out):
    d = os.path.join(out, "status")
    os.makedirs(d, exist_ok=True)
    # cancelled after 7 of 10 samples (all right)
    members = eval_members(spec("T-cancel", "m/cancelled"), [bool_sample(i, 1, True) for i in range(1, 8)], ZSTD)
    write_zip(os.path.join(d, "2025-07-02T09-00-00+00-00_acp-prog-bool_cancelled.eval"),
              header_with(members, status="cancelled"))
    # stopped by an error after 4 samples
    message = "RateLimitError: Error code: 429 - Rate limit reached for gpt-4o-mini"
    members = eval_members(spec("T-error", "m/error"), [bool_sample(i, 1, True) for i in range(1, 5)], ZSTD)
    write_zip(os.path.join(d, "2025-07-02T10-00-00+00-00_acp-prog-bool_error.eval"),
              header_with(members, status="error",
                          error={"message": message, "traceback": "Traceback ...\n" + message,
                                 "traceback_ansi": ""}))


def reducers(out):
    """3 epochs, reducer max: samples 1-3 right in 3 epochs, 4-6 in 2, 7-9 in 1, 10 in none.
    mean 0.6, max 0.9, median 0.6, mode 0.6, at_least_2 0.6, pass_at_2 0.8."""
    d = os.path.join(out, "reducers")
    os.makedirs(d, exist_ok=True)
    right = {i: 3 if i <= 3 else 2 if i <= 6 else 1 if i <= 9 else 0 for i in range(1, 11)}
    samples = [bool_sample(i, e, e <= right[i]) for e in (1, 2, 3) for i in range(1, 11)]
    members = eval_members(spec("T-max", "m/epochs", epochs=3, reducer=["max"]), samples, ZSTD)
    write_zip(os.path.join(d, "2025-07-03T09-00-00+00-00_acp-prog-bool_max.eval"),
              header_with(members, results={"total_samples": 10, "completed_samples": 10, "scores": [
                  {"name": "acp_eval", "scorer": "acp_eval", "reducer": "max",
                   "metrics": {"accuracy": {"name": "accuracy", "value": 0.9}}}]}))


def scorers(out):
    """Two scorers (the ACPBench scorer first, then includes); sample 3's scorer raised
    after the model answered; sample 4's model call failed (no output)."""
    d = os.path.join(out, "scorers")
    os.makedirs(d, exist_ok=True)
    samples = []
    for i in range(1, 11):
        s = bool_sample(i, 1, i != 5)
        s["scores"] = {"acp_eval": {"value": "C" if i != 5 else "I"}, "includes": {"value": "C" if i < 9 else "I"}}
        samples.append(s)
    samples[2].pop("scores")
    samples[2]["error"] = {"message": "ValueError: could not parse the answer for scoring",
                           "traceback": "Traceback ... in score\nValueError", "traceback_ansi": ""}
    samples[3] = sample(4, 1, QUESTION, "State 4.", None, error="APIConnectionError: connection reset")
    members = eval_members(spec("T-two", "m/scorers"), samples, ZSTD)
    members = header_with(members, results={"total_samples": 10, "completed_samples": 9, "scores": [
        {"name": "acp_eval", "scorer": "acp_eval", "metrics": {}},
        {"name": "includes", "scorer": "includes", "metrics": {}}]})
    write_zip(os.path.join(d, "2025-07-04T09-00-00+00-00_acp-prog-bool_two-scorers.eval"), members)


def main(out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "questions.json"), "w") as f:
        json.dump(questions(), f, indent=1)
    eval_set(out)
    status(out)
    reducers(out)
    scorers(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "data", "runs", "sets"))
