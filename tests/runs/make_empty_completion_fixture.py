#!/usr/bin/env python3
"""Writes tests/data/runs/inspect-empty/: an Inspect .eval log (deflate, as Inspect 0.3.43 ..
0.3.205 writes it) of ACPBench's acp_prog_bool task whose one sample was answered three
times (epochs):

  epoch 1  the model answered with an empty completion and the scorer raised
           (the sample's `error` is the scorer's; the output has its choice)
  epoch 2  the model call failed (RateLimitError): Inspect's default output, no choice
  epoch 3  the model answered "yes", scored C

An empty completion is an answer (wrong); only the failed model call is not.

    make_empty_completion_fixture.py OUT_DIR
"""
import os
import sys

from make_run_fixtures import DEFLATE, eval_members, eval_spec, sample, write_zip

QUESTION, CONTEXT = "Is it so?", "c"  # tests/data/runs/questions.json's progression_bool question


def main(out):
    os.makedirs(out, exist_ok=True)
    samples = [sample(1, 1, QUESTION, CONTEXT, "", error="IndexError: list index out of range"),
               sample(1, 2, QUESTION, CONTEXT, None, error="RateLimitError: too many requests"),
               sample(1, 3, QUESTION, CONTEXT, "yes", "C")]
    write_zip(os.path.join(out, "2025-07-04T09-00-00+00-00_acp-prog-bool_empty.eval"),
              eval_members(eval_spec("acp_prog_bool", "openai/gpt-4o-mini", 3, 1), samples, DEFLATE))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
