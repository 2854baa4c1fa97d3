#!/usr/bin/env python3
"""Writes tests/data/runs/raw/: run files that carry the text around the answer, laid
out as the tools write them, for tests/runs/test_raw_text.c.

    make_raw_text_fixtures.py OUT_DIR

The answers are to two questions of tests/data/runs/questions.json (ids
1234567890123456789 and -42).

* lm-evaluation-harness 0.4: evaluator.py logs each doc as {"doc_id", "doc", "target",
  "arguments": [req.args for req in requests], "resps": [req.resps ...],
  "filtered_resps": [req.filtered_resps[filter_key] ...], "filter", "metrics", ...}, and
  EvaluationTracker.save_results_samples rewrites "arguments" as {"gen_args_<i>":
  {"arg_<j>": ...}} (earlier 0.4 releases wrote the args lists as they were).  One line
  per doc and filter.
* Inspect AI: EvalSample {"id", "epoch", "input" (str or messages), "messages" (the
  whole conversation), "output": {"choices": [{"message": ChatMessageAssistant}],
  "completion"}, ...}; message content is a string or a list of Content parts, among
  them ContentText {"type": "text", "text"} and ContentReasoning {"type": "reasoning",
  "reasoning", "summary"?, "signature"?, "redacted"} (_util/content.py).
* PlanBench: a result file {"task", "prompt_type", "domain", "engine", "instances":
  [{"instance_id", "example_instance_ids", "query", "ground_truth_plan",
  "llm_raw_response", "extracted_llm_plan", "llm_correct"}]} (response_generation.py
  writes query and llm_raw_response, response_evaluation.py the extracted plan and
  the verdict).
"""
import json
import os
import sys

APP_Q = "Generate the list of all ground actions that are applicable in this state."
PROMPT_0 = "A ferry is at l0.\n" + APP_Q + "\nAnswer:"
PROMPT_1 = "A ferry is at l1.\n" + APP_Q + "\nAnswer:"


def lm_eval(out):
    date = "2025-08-01T10-00-00.000001"
    d = os.path.join(out, "lm-eval", "org__model")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"results_{date}.json"), "w") as f:
        json.dump({"results": {}, "config": {"model": "hf"}, "model_name": "org/model"}, f)
    gens = ["Let me think. The ferry can sail.\n[(sail l0 l1)]", "[(sail l0 l0)]", "I think: (sail l0 l1)"]
    extracted = ["[(sail l0 l1)]", "[(sail l0 l0)]", "(sail l0 l1)"]
    doc0 = {"id": 1234567890123456789, "group": "applicable_actions_gen", "context": "A ferry is at l0.", "question": APP_Q}
    doc1 = {"id": -42, "group": "applicable_actions_gen", "context": "A ferry is at l1.", "question": APP_Q}
    kwargs = {"until": ["\n\n"], "do_sample": True}
    lines = [
        # 0.4.x after save_results_samples: arguments as gen_args_i / arg_j; a filter that
        # keeps one answer per repeat (filtered_resps[0] a list)
        {"doc_id": 0, "doc": doc0, "target": "", "arguments": {"gen_args_0": {"arg_0": PROMPT_0, "arg_1": kwargs}},
         "resps": [gens], "filtered_resps": [extracted], "filter": "extract", "metrics": ["score"], "score": 1.0},
        # the same doc under another filter: same generations, not loaded again
        {"doc_id": 0, "doc": doc0, "target": "", "arguments": {"gen_args_0": {"arg_0": PROMPT_0, "arg_1": kwargs}},
         "resps": [gens], "filtered_resps": [gens[0]], "filter": "none", "metrics": ["score"], "score": 0.0},
        # an earlier 0.4 release: the request args as a list; take_first keeps the first
        # generation as it is (nothing extracted: no copy)
        {"doc_id": 1, "doc": doc1, "target": "", "arguments": [[PROMPT_1, kwargs]],
         "resps": [["[(sail l1 l0)]"]], "filtered_resps": ["[(sail l1 l0)]"], "filter": "none",
         "metrics": ["score"], "score": 1.0},
    ]
    with open(os.path.join(d, f"samples_acp_app_gen_{date}.jsonl"), "w") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")


def inspect_log(out):
    system = {"role": "system", "content": "You are a planning expert."}
    user = {"role": "user", "content": [{"type": "text", "text": PROMPT_0}]}

    def assistant(reasoning, text, redacted=False, summary=None):
        part = {"type": "reasoning", "reasoning": reasoning, "signature": "sig", "redacted": redacted}
        if summary is not None:
            part["summary"] = summary
        return {"role": "assistant", "content": [part, {"type": "text", "text": text}], "source": "generate"}

    samples = []
    for epoch, (thought, answer) in enumerate([("The ferry is at l0, so it can sail to l1.", "[(sail l0 l1)]"),
                                               ("Sailing needs the ferry at the origin.", "[(sail l0 l1), (sail l0 l0)]")],
                                              start=1):
        msg = assistant(thought, answer)
        samples.append({"id": 1, "epoch": epoch, "input": APP_Q, "target": "", "messages": [system, user, msg],
                        "output": {"model": "m", "choices": [{"message": msg, "stop_reason": "stop"}],
                                   "completion": answer},
                        "scores": {"acp_eval": {"value": "C"}}, "metadata": {"id": 1234567890123456789, "group": "applicable_actions_gen",
                                                                          "context": "A ferry is at l0."}})
    msg = assistant("", "[(sail l1 l0)]", redacted=True, summary="Considered where the ferry is.")
    samples.append({"id": 2, "epoch": 1, "input": PROMPT_1, "target": "",
                    "output": {"model": "m", "choices": [{"message": msg, "stop_reason": "stop"}],
                               "completion": "[(sail l1 l0)]"},
                    "scores": {"acp_eval": {"value": "C"}}, "metadata": {"id": -42, "group": "applicable_actions_gen",
                                                                      "context": "A ferry is at l1."}})
    log = {"version": 2, "status": "success",
           "eval": {"task": "acp_app_gen", "task_id": "T9", "model": "openai/o4-mini", "created": "2025-08-01T10:00:00",
                    "dataset": {"name": "acp_bench", "samples": 2}, "config": {"epochs": 2}},
           "plan": {"name": "plan", "steps": []}, "results": {"scores": [{"name": "acp_eval"}]}, "samples": samples}
    os.makedirs(os.path.join(out, "inspect"), exist_ok=True)
    with open(os.path.join(out, "inspect", "reasoning.json"), "w") as f:
        json.dump(log, f, indent=2)


def planbench(out):
    query = ("I am playing with a set of blocks where I need to arrange the blocks into stacks.\n"
             "[STATEMENT]\nAs initial conditions I have that, the red block is clear, the hand is empty.\n"
             "My goal is to have that the red block is on top of the orange block.\n\nMy plan is as follows:\n\n[PLAN]")
    inst = {"instance_id": 2, "example_instance_ids": [1], "query": query,
            "ground_truth_plan": "(pick-up a)\n(stack a c)\n",
            "llm_raw_response": "pick up the red block\nstack the red block on top of the orange block\n[PLAN END]\n",
            "extracted_llm_plan": "(pick-up a)\n(stack a c)\n", "llm_correct": True}
    os.makedirs(os.path.join(out, "planbench"), exist_ok=True)
    with open(os.path.join(out, "planbench", "task_1_plan_generation.json"), "w") as f:
        json.dump({"task": "task_1_plan_generation", "prompt_type": "oneshot", "domain": "blocksworld",
                   "engine": "gpt-4_chat", "instances": [inst]}, f, indent=4)


if __name__ == "__main__":
    out = sys.argv[1]
    lm_eval(out)
    inspect_log(out)
    planbench(out)
