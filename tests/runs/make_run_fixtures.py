#!/usr/bin/env python3
"""Writes the run-file fixtures of tests/data/runs the way lm-evaluation-harness and
Inspect AI lay their logs out (docs/RUN-FORMATS.md says which versions and what is read).

    make_run_fixtures.py OUT_DIR                      the unit-test fixtures
    make_run_fixtures.py --conformance DATA_DIR OUT   the 3,111 conformance responses as one
                                                      Inspect .eval per task (zstd, every
                                                      response an epoch) and one lm-eval
                                                      samples file per task (every response
                                                      a repeat)

Inspect's .eval is a zip archive that its recorder appends to and rewrites at each flush,
so a member name can occur twice (the reader keeps the last).  Python's zipfile cannot
write zstd (method 93) before 3.14, so the archive is written here by hand: local
headers, data, central directory.  zstd frames come from the `zstd` command (Debian
package zstd) with --no-content-size: like Inspect's streaming compressor's, they do not
say how large they decompress.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

STORED, DEFLATE, ZSTD = 0, 8, 93


def zstd_frames(pieces):
    """Each piece as one zstd frame without a content size, in one `zstd` call."""
    with tempfile.TemporaryDirectory() as tmp:
        names = [os.path.join(tmp, str(i)) for i in range(len(pieces))]
        for name, data in zip(names, pieces):
            with open(name, "wb") as f:
                f.write(data)
        if names:
            subprocess.run(["zstd", "-q", "-3", "--no-content-size", *names], check=True)
        return [open(name + ".zst", "rb").read() for name in names]


def compress_all(members):
    """The stored bytes of every member: (name, data, method[, frames])."""
    pieces, spans = [], []
    for m in members:
        data, method, frames = m[1], m[2], m[3] if len(m) > 3 else 1
        step = max(1, -(-len(data) // frames))
        parts = [data[i:i + step] for i in range(0, len(data), step)] if method == ZSTD else []
        spans.append((len(pieces), len(parts)))
        pieces += parts
    frames = zstd_frames(pieces)
    out = []
    for m, (first, n) in zip(members, spans):
        if m[2] == ZSTD:
            out.append(b"".join(frames[first:first + n]))
        elif m[2] == DEFLATE:
            c = zlib.compressobj(5, zlib.DEFLATED, -15)
            out.append(c.compress(m[1]) + c.flush())
        else:  # stored, or a method nothing here writes: the bytes as they are, labelled with it
            out.append(m[1])
    return out


def write_zip(path, members):
    """members: (name, bytes, method[, frames]) in write order; duplicates kept."""
    out, central = bytearray(), bytearray()
    for m, body in zip(members, compress_all(members)):
        name, data, method = m[0].encode(), m[1], m[2]
        crc = zlib.crc32(data)
        version = 63 if method == ZSTD else 20
        fields = (version, 0, method, 0, 0x21, crc, len(body), len(data), len(name))
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, version, *fields, 0, 0, 0, 0, 0, len(out)) + name
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, *fields, 0) + name + body
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(out), 0)
    with open(path, "wb") as f:
        f.write(bytes(out + central + end))


def js(value):
    return json.dumps(value, indent=2).encode()


def eval_spec(task, model, epochs, samples):
    return {"eval_id": "E1", "run_id": "R1", "created": "2025-07-01T09:00:00+00:00", "task": task,
            "task_id": "T1", "task_version": 0, "dataset": {"name": "acp_bench", "samples": samples},
            "model": model, "config": {"epochs": epochs, "epochs_reducer": ["mean"]}}


def sample(sid, epoch, question, context, completion, value=None, error=None):
    s = {"id": sid, "epoch": epoch, "input": question, "target": "",
         "output": {"model": "m", "choices": [{"message": {"role": "assistant", "content": completion}}]
                    if completion is not None else [], "completion": completion or ""},
         "metadata": {"context": context}}
    if value is not None:
        s["scores"] = {"acp_eval": {"value": value}}
    if error:
        s["error"] = {"message": error, "traceback": "Traceback ...\n" + error, "traceback_ansi": ""}
    return s


def summary_of(s):
    return {k: s[k] for k in ("id", "epoch", "input", "target", "scores") if k in s} | (
        {"error": s["error"]["message"]} if "error" in s else {})


def eval_members(spec, samples, method, header=True, relogged=(), frames=None):
    """The members Inspect's recorder writes: the journal start, samples and a journal
    summary per flush, then summaries.json, reductions.json and header.json at the end."""
    start = {"version": 2, "eval": spec, "plan": {"name": "plan", "steps": []}}
    members = [("_journal/start.json", js(start), method)]
    for stale in relogged:  # a flush that a later flush rewrote
        members.append((f"samples/{stale['id']}_epoch_{stale['epoch']}.json", js(stale), method))
    for s in samples:
        members.append((f"samples/{s['id']}_epoch_{s['epoch']}.json", js(s), method,
                        (frames or {}).get((s["id"], s["epoch"]), 1)))
    members.append(("_journal/summaries/1.json", js([summary_of(s) for s in samples]), method))
    if not header:
        return members
    by_id = {}
    for s in samples:
        if "error" not in s and "scores" in s:
            v = s["scores"]["acp_eval"]["value"]
            by_id.setdefault(s["id"], []).append({"C": 1.0, "I": 0.0}.get(v, v))
    reductions = [{"scorer": "acp_eval", "reducer": "mean",
                   "samples": [{"value": sum(v) / len(v), "sample_id": i} for i, v in by_id.items()]}]
    header_log = {"version": 2, "status": "success", "eval": spec, "plan": start["plan"],
                  "results": {"total_samples": len(samples),
                              "completed_samples": sum("error" not in s for s in samples)},
                  "stats": {"started_at": "2025-07-01T09:00:00+00:00"}}
    members += [("summaries.json", js([summary_of(s) for s in samples]), method),
                ("reductions.json", js(reductions), method), ("header.json", js(header_log), method)]
    return members


APP_Q = "Which actions are applicable?"


def unit_fixtures(out):
    ins, lm = os.path.join(out, "inspect"), os.path.join(out, "lm-eval")
    for d in (ins, lm):
        os.makedirs(d, exist_ok=True)
    # Inspect >= 0.3.206: zstd, 3 epochs, one errored sample, a re-logged sample, a multi-frame entry.
    samples = [sample(1, 1, APP_Q, "A ferry is at l0.", "(sail l0 l1)", "C"),
               sample(2, 1, APP_Q, "A ferry is at l1.", "(sail l1 l0)", "C"),
               sample(1, 2, APP_Q, "A ferry is at l0.", "(sail l0 l0)", "I"),
               sample(2, 2, APP_Q, "A ferry is at l1.", None, error="RateLimitError: too many requests"),
               sample(1, 3, APP_Q, "A ferry is at l0.", "(sail l0 l1)", "C"),
               sample(2, 3, APP_Q, "A ferry is at l1.", "(sail l1 l0)\n" * 400, "C")]
    stale = sample(1, 1, APP_Q, "A ferry is at l0.", "stale first attempt", "I")
    write_zip(os.path.join(ins, "2025-07-01T09-00-00+00-00_acp-app-gen_zstd.eval"),
              eval_members(eval_spec("acp_app_gen", "openai/gpt-4o-mini", 3, 2), samples, ZSTD,
                           relogged=[stale], frames={(2, 3): 3}))
    # Inspect 0.3.43 .. 0.3.205: deflate, one epoch.
    write_zip(os.path.join(ins, "2025-01-10T08-00-00+00-00_acp-app-gen_deflate.eval"),
              eval_members(eval_spec("acp_app_gen", "anthropic/claude-3-5-haiku", 1, 2),
                           [sample(1, 1, APP_Q, "A ferry is at l0.", "(sail l0 l1)", "C"),
                            sample(2, 1, APP_Q, "A ferry is at l1.", "(sail l1 l1)", "I")], DEFLATE))
    # Still running: the journal only.
    write_zip(os.path.join(ins, "2025-07-02T09-00-00+00-00_acp-app-gen_started.eval"),
              eval_members(eval_spec("acp_app_gen", "openai/gpt-4o-mini", 1, 2), [], ZSTD, header=False))
    # A sample in a method no reader here knows (98, PPMd).
    members = eval_members(eval_spec("acp_app_gen", "openai/gpt-4o-mini", 1, 2),
                           [sample(1, 1, APP_Q, "A ferry is at l0.", "(sail l0 l1)", "C"),
                            sample(2, 1, APP_Q, "A ferry is at l1.", "(sail l1 l0)", "C")], ZSTD)
    members = [(n, d, 98 if n == "samples/2_epoch_1.json" else m) + tuple(rest) for n, d, m, *rest in members]
    write_zip(os.path.join(ins, "2025-07-03T09-00-00+00-00_acp-app-gen_ppmd.eval"), members)

    # lm-eval --output_path out/acp_run.json: X_<date>.json beside the samples; 3 repeats.
    date = "2025-07-01T09-00-00.000001"
    d = os.path.join(lm, "output-path")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"acp_run_{date}.json"), "w") as f:
        json.dump({"results": {"acp_app_gen": {"score,none": 0.5}}, "config": {
            "model": "hf", "model_args": "pretrained=Qwen/Qwen2.5-7B-Instruct,dtype=bfloat16"},
            "model_name": "Qwen/Qwen2.5-7B-Instruct", "model_name_sanitized": "Qwen__Qwen2.5-7B-Instruct"},
            f, indent=2)
    docs = [({"id": 1234567890123456789, "group": "applicable_actions_gen", "context": "A ferry is at l0.",
              "question": APP_Q}, ["(sail l0 l1)", "(sail l0 l0)", "[(sail l0 l1)]"], [1.0, 0.0, 1.0]),
            ({"id": -42, "group": "applicable_actions_gen", "context": "A ferry is at l1.",
              "question": APP_Q}, ["(sail l1 l0)", "(sail l1 l0)", "none"], [1.0, 1.0, 0.0])]
    with open(os.path.join(d, f"samples_acp_app_gen_{date}.jsonl"), "w") as f:
        for i, (doc, gens, scores) in enumerate(docs):
            f.write(json.dumps({"doc_id": i, "doc": doc, "target": "", "arguments": {}, "resps": [gens],
                                "filtered_resps": [gens[0]], "filter": "none", "metrics": ["score"],
                                "score": sum(scores) / len(scores), "scores_per_repeat": {"score": scores}}) + "\n")
    open(os.path.join(d, f"samples_acp_reach_gen_{date}.jsonl"), "w").close()
    with open(os.path.join(d, f"samples_acp_prog_gen_{date}.jsonl"), "w") as f:
        f.write("\n")
    # An older results file with no model_name: the first of peft/delta/pretrained/... in model_args.
    d = os.path.join(lm, "model-args")
    os.makedirs(d, exist_ok=True)
    date = "2025-07-02T10-00-00.000002"
    with open(os.path.join(d, f"results_{date}.json"), "w") as f:
        json.dump({"results": {}, "config": {"model": "hf",
                                             "model_args": "pretrained=org/base,peft=org/adapter,dtype=auto"}}, f)
    with open(os.path.join(d, f"samples_acp_app_gen_{date}.jsonl"), "w") as f:
        f.write(json.dumps({"doc_id": 0, "doc": docs[0][0], "resps": [["(sail l0 l1)"]], "filter": "none",
                            "metrics": ["score"], "score": 1.0}) + "\n")
    # No results file: the model directory's name as written.
    d = os.path.join(lm, "no-results", "my-local-model")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "samples_acp_app_gen_2025-07-03T11-00-00.000003.jsonl"), "w") as f:
        f.write(json.dumps({"doc_id": 0, "doc": docs[1][0], "resps": [["(sail l1 l0)"]], "filter": "none",
                            "metrics": ["score"], "score": 1.0}) + "\n")


TASKS = {"applicable_actions_gen": "app", "progression_gen": "prog", "reachable_atom_gen": "reach",
         "reachable_action_gen": "areach", "validation_gen": "val", "action_justification_gen": "just",
         "landmarks_gen": "land", "goal_closer_gen": "nexta"}


def conformance(data, out):
    base = os.path.join(data, "conformance", "acpbench-dev")
    questions = json.load(open(os.path.join(base, "dev_questions.json")))
    responses = [json.loads(line) for line in open(os.path.join(base, "responses.jsonl"))]
    by_key = {}
    for r in responses:
        by_key.setdefault((r["group"], str(r["id"])), []).append(r["response"])
    os.makedirs(out, exist_ok=True)
    date = "2025-07-01T09-00-00.000001"
    with open(os.path.join(out, f"conformance_{date}.json"), "w") as f:
        json.dump({"results": {}, "model_name": "conformance-lm-eval", "config": {}}, f)
    for group, task in TASKS.items():
        qs = [q for q in questions if q["group"] == group and (group, str(q["id"])) in by_key]
        samples, docs = [], []
        for n, q in enumerate(qs, 1):
            gens = by_key[(group, str(q["id"]))]
            docs.append({"doc_id": n - 1, "doc": q, "resps": [gens], "filter": "none", "metrics": []})
            samples += [sample(n, e, q["question"], q["context"], g) for e, g in enumerate(gens, 1)]
        samples.sort(key=lambda s: (s["epoch"], s["id"]))
        spec = eval_spec(f"acp_{task}_gen", "conformance-inspect", max(s["epoch"] for s in samples), len(qs))
        write_zip(os.path.join(out, f"2025-07-01T09-00-00+00-00_acp-{task}-gen_c.eval"),
                  eval_members(spec, samples, ZSTD, header=True))
        with open(os.path.join(out, f"samples_acp_{task}_gen_{date}.jsonl"), "w") as f:
            for d in docs:
                f.write(json.dumps(d) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--conformance":
        conformance(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 2:
        unit_fixtures(sys.argv[1])
    else:
        sys.exit(__doc__)
