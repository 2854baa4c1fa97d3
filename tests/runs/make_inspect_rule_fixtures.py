#!/usr/bin/env python3
"""Writes tests/data/inspect-rules: one small Inspect AI log per rule where the scorers of
ACPBench's own Inspect tasks differ from lm-eval's (docs/GRADERS.md), and the questions
they answer.

    make_inspect_rule_fixtures.py OUT_DIR

The logs are laid out as Inspect writes a `.json` log (version 2: eval, results, samples)
for IBM/ACPBench's tasks: evals/acpbench_hard.py for gen (record_to_sample: input = the
question, target = str(answer), metadata = context, group, PDDL_problem, PDDL_domain,
answer; no sample id, so Inspect numbers the samples 1, 2, ...) and evals/acpbench.py for
bool and mcq (target = answer, metadata = context).  Each run is logged with
fail_on_error=False, so a sample whose scorer raises keeps its output and gets an `error`
(message repr(exception), inspect_ai/_util/error.py exception_message) and no score.

The stored value of every sample is what the Inspect scorer's source computes for it,
derived by reading that source (line numbers: evals/acpbench_hard.py @ 2ed9c92 and
inspect_ai/scorer/_pattern.py); the reasoning is written beside each sample.  Nothing
here runs planlens: `planlens grade --official inspect` must come to the same values
(tests/cli/test_inspect_logs.c).

The gen questions are planlens's own sample questions (sample-runs/acpbench/ferry.gen.json,
made by `planlens gen`), two of them changed as ACPBench's data has them (an areach question
whose answer is None; a nexta question with a `maybe` action), and the bool/mcq questions
are written here.  Changed questions get an id and a context of their own, since Inspect's
samples are matched to questions by context and question text.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FERRY = os.path.join(HERE, "..", "..", "sample-runs", "acpbench", "ferry.gen.json")

# repr() of the three exceptions the gen scorers raise
TYPE_ERROR = "TypeError(\"'NoneType' object is not iterable\")"
INDEX_ERROR = "IndexError('list index out of range')"
NAME_ERROR = "NameError(\"name 'get_atoms_pddl' is not defined\")"


def gen_questions():
    by_id = {str(q["id"]): q for q in json.load(open(FERRY))}
    app = by_id["2459254630343906492"]      # applicable: (board c0 l0) (board c2 l0) (sail l0 l1)
    reach = by_id["7498621416631901734"]    # reachable atom: stored answer [] (None is right)
    just = by_id["1330350201045580429"]     # a plan of 10 actions to simplify
    areach = dict(by_id["7840831455757668489"], id="1000000000000000001", answer=[],
                  context=by_id["7840831455757668489"]["context"] + " (variant: the stored answer is None)")
    nexta = dict(by_id["1025893424535244709"], id="1000000000000000002",
                 answer={"yes": ["(board c2 l0)"], "no": ["(sail l0 l1)"], "maybe": ["(board c0 l0)"],
                         "opt": "9"},
                 context=by_id["1025893424535244709"]["context"] + " (variant: (board c0 l0) is a maybe action)")
    return {"app": app, "reach": reach, "just": just, "areach": areach, "nexta": nexta}


CONTEXT = "A ferry moves cars between locations l0 and l1. The ferry is at l0 with car c0 on board."
BOOL = {"id": "2000000000000000001", "group": "progression_bool", "context": CONTEXT,
        "question": "Will car c0 be at l1 after the ferry sails to l1 and debarks c0?", "answer": "yes"}
BOOL_NO = {"id": "2000000000000000002", "group": "progression_bool", "context": CONTEXT,
           "question": "Will car c0 still be on board after it is debarked at l0?", "answer": "no"}


def mcq(id_, question, answer):
    texts = ["(at c0 l1)", "(on c0)", "(at-ferry l0)", "(empty-ferry)"]
    return {"id": id_, "group": "progression_mcq", "context": CONTEXT, "query": question,
            "question": question + " A. " + texts[0] + ". B. " + texts[1] + ". C. " + texts[2] + ". D. "
                        + texts[3] + ".",
            "choices": {"text": texts, "label": ["A", "B", "C", "D"]}, "answer": answer}


MCQ_A = mcq("3000000000000000001", "Which fact holds after debarking c0 at l1?", "A")
MCQ_B = mcq("3000000000000000002", "Which fact holds while c0 is on board?", "B")
MCQ_C = mcq("3000000000000000003", "Which fact holds before the ferry sails?", "C")


def sample(n, q, completion, value=None, error=None, hard=True):
    """Sample n (Inspect's number) answering q; `value` the stored score ("C", "I", "N"), or
    `error` the exception the scorer raised."""
    metadata = ({"context": q["context"], "group": q["group"], "PDDL_problem": q["PDDL_problem"],
                 "PDDL_domain": q["PDDL_domain"], "answer": q["answer"]} if hard else {"context": q["context"]})
    s = {"id": n, "epoch": 1, "input": q["question"], "target": str(q["answer"]) if hard else q["answer"],
         "messages": [{"role": "user", "content": q["question"]},
                      {"role": "assistant", "content": completion}],
         "output": {"model": "fixture", "choices": [{"message": {"role": "assistant", "content": completion},
                                                 "stop_reason": "stop"}],
                    "completion": completion},
         "metadata": metadata}
    if error:
        s["error"] = {"message": error, "traceback": "Traceback (most recent call last):\n  ...\n" + error,
                      "traceback_ansi": ""}
    else:
        s["scores"] = {"acp_eval" if hard else "pattern": {"value": value, "answer": completion}}
    return s


def log(task, samples):
    """The log of one run; its model is named after the fixture (main), so that the logs are
    runs of their own, none superseding another of the same task."""
    scored = [s for s in samples if "scores" in s]
    correct = sum(s["scores"][next(iter(s["scores"]))]["value"] == "C" for s in scored)
    return {"version": 2, "status": "success",
            "eval": {"run_id": "inspect-rules", "task": task, "task_id": task, "created": "2025-09-01T10:00:00+00:00",
                     "dataset": {"name": "ibm-research/acp_bench", "samples": len(samples)}, "model": None,
                     "config": {"epochs": 1, "fail_on_error": False}},
            "results": {"total_samples": len(samples), "completed_samples": len(scored),
                        "scores": [{"name": "acp_eval" if task.endswith("_gen") else "pattern",
                                    "metrics": {"accuracy": {"name": "accuracy",
                                                             "value": correct / len(scored) if scored else 0}}}]},
            "stats": {"started_at": "2025-09-01T10:00:00+00:00"},
            "samples": samples}


def fixtures(q):
    app, reach, areach, just, nexta = q["app"], q["reach"], q["areach"], q["just"], q["nexta"]
    return {
        # app-target-string: record_to_sample sets target=str(record["answer"]) (545), a Target
        # wrapping the one string "['(board c0 l0)', '(board c2 l0)', '(sail l0 l1)']";
        # action_applicability_score (917) lower-cases that one string and set_equal compares
        # the parsed actions with {that string} (921): never equal -> INCORRECT, even for the
        # stored list itself (sample 1; lm-eval: 1).  Sample 2, one action: I in both.
        "app-target-string": log("acp_app_gen", [
            sample(1, app, "(board c0 l0) (board c2 l0) (sail l0 l1)", "I"),
            sample(2, app, "(board c0 l0)", "I")]),
        # app-parse-failure-typeerror: "(board c0 l0) (" does not parse (the trailing "(" needs
        # a name and a ")": two tokens, the repair fails), ACPGrammarParser.parse returns None
        # (639-643), and [fix_action_name(a) for a in filtered_resps] (918) iterates None.
        "app-parse-failure-typeerror": log("acp_app_gen", [
            sample(1, app, "(board c0 l0) (", error=TYPE_ERROR)]),
        # parse-failure-correct-when-empty (reach): the stored answer is [] (758): CORRECT if
        # pred is None or "none" (760).  "none" is no keyword of the grammar (only "None"):
        # pred None -> C (lm-eval: 0).  "None" -> C in both; an atom -> I in both.
        "parse-failure-correct-when-empty": log("acp_reach_gen", [
            sample(1, reach, "none", "C"),
            sample(2, reach, "None", "C"),
            sample(3, reach, "(on c0)", "I")]),
        # the same rule for areach (690-692): "There is no such action." has no "(" and no
        # "None": a parse failure -> C (lm-eval: 0); "None" -> C in both.
        "parse-failure-correct-when-empty--areach": log("acp_areach_gen", [
            sample(1, areach, "There is no such action.", "C"),
            sample(2, areach, "None", "C")]),
        # just-empty-indexerror: a reply with no "(" parses to [] (not None); len(pred) == 0
        # builds a Score it never returns (935-939); 10 <= 0 is false (944); is_subsequence
        # (original_plan, []) reads new_plan[0] on the first action (452) -> IndexError.
        # Sample 2 (the plan without the pair (sail l0 l1) (sail l1 l0)) is a shorter
        # subsequence and a plan -> C in both.
        "just-empty-indexerror": log("acp_just_gen", [
            sample(1, just, "I would not remove any action.", error=INDEX_ERROR),
            sample(2, just, "(sail l2 l0) (debark c3 l0) (board c0 l0) (sail l0 l1) (debark c0 l1) "
                            "(board c2 l1) (sail l1 l0) (debark c2 l0)", "C")]),
        # just-parse-failure-typeerror: the parse fails (trailing "("), [fix_action_name(a) for a
        # in filtered_resps] (934) iterates None -> TypeError.
        "just-parse-failure-typeerror": log("acp_just_gen", [
            sample(1, just, "(sail l2 l0) (", error=TYPE_ERROR)]),
        # nexta-maybe-nameerror: (board c0 l0) is in `maybe` (817, 822): is_on_optimal_plan
        # (826) grounds the task, finds the action, progresses the state, opt = int("9"), then
        # generate_optimal_plans_for_problem_state -> create_tmp_dom_prob_replace_init (334) ->
        # PDDL_replace_init_pddl_parser, whose get_atoms_pddl (275) the file never defines ->
        # NameError.  A yes action -> C, a no action -> I: in both graders.
        "nexta-maybe-nameerror": log("acp_nexta_gen", [
            sample(1, nexta, "(board c0 l0)", error=NAME_ERROR),
            sample(2, nexta, "(board c2 l0)", "C"),
            sample(3, nexta, "(sail l0 l1)", "I")]),
        # pattern-ignorecase (bool): pattern() searches with re.IGNORECASE (_pattern.py), so
        # \b(Yes|No|yes|no)\b matches "YES"; "YES".lower() is in ["yes"] -> C (lm-eval's filter
        # has no IGNORECASE: no match, [invalid], 0).  "The answer is yes." -> group "yes" -> C.
        "pattern-ignorecase": log("acp_prog_bool", [
            sample(1, BOOL, "YES", "C", hard=False),
            sample(2, BOOL, "The answer is yes.", "C", hard=False)]),
        # pattern-ignorecase (mcq): with IGNORECASE [A-D] also matches a-d, and the first
        # alternative's lookbehind class [answer is ] holds the blank before "answer": the first
        # match is its "a" -> "a" in ["a"] -> C, though the model chose B (lm-eval: last match B,
        # 0).  The same "a" makes "The answer is C" wrong for C (sample 2; lm-eval: 1).
        "pattern-ignorecase--mcq": log("acp_prog_mcq", [
            sample(1, MCQ_A, "The answer is B", "C", hard=False),
            sample(2, MCQ_C, "The answer is C", "I", hard=False)]),
        # pattern-first-match: re.search takes the first match, "A" (the bare ([A-D]) at 0):
        # "a" not in ["c"] -> I (lm-eval's group_select -1 takes the last, "C": 1).
        "pattern-first-match": log("acp_prog_mcq", [
            sample(1, MCQ_C, "A or C? C", "I", hard=False),
            sample(2, MCQ_C, "C", "C", hard=False)]),
        # mcq-choice-fallback: no letter a-d and no "Answer: " in "text": re.search finds
        # nothing -> NOANSWER "N" (_pattern.py) (lm-eval's fallback reads the word "text" as
        # choice "(A)", which exact_match without punctuation takes for A: 1).
        "mcq-choice-fallback": log("acp_prog_mcq", [
            sample(1, MCQ_A, "text", "N", hard=False)]),
        # pattern-group-verbatim (bool): the group of "(?<=The answer is )(.*)(?=.)" is "**yes**"
        # (the last character, ".", left for the lookahead); "**yes**" is not in ["yes"] -> I
        # (lm-eval ignores punctuation: "yes", 1).
        "pattern-group-verbatim": log("acp_prog_bool", [
            sample(1, BOOL, "The answer is **yes**.", "I", hard=False),
            sample(2, BOOL_NO, "The answer is no.", "C", hard=False)]),
        # pattern-group-verbatim (mcq): ([A-D]\.) matches "B." -> "b." not in ["b"] -> I
        # (lm-eval: "B." without punctuation is "B": 1).
        "pattern-group-verbatim--mcq": log("acp_prog_mcq", [
            sample(1, MCQ_B, "B.", "I", hard=False),
            sample(2, MCQ_B, "B", "C", hard=False)]),
    }


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    q = gen_questions()
    questions = [q["app"], q["reach"], q["areach"], q["just"], q["nexta"], BOOL, BOOL_NO, MCQ_A, MCQ_B, MCQ_C]
    with open(os.path.join(out, "questions.json"), "w") as f:
        json.dump(questions, f, indent=1)
        f.write("\n")
    for name, data in fixtures(q).items():
        data["eval"]["model"] = "fixture/" + name
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
