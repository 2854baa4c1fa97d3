/* The reduction over epochs: epochs of one sample average; several answers
 * to one question within an epoch are several samples; runs and questions
 * never mix. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "runs/epochs.h"

static const char run_a[] = "a", run_b[] = "b", q1[] = "q1", q2[] = "q2";

static double mean_official(pl_epoch_answer *answers, int n, int *samples)
{
    pl_epoch_sample out[16];
    *samples = pl_epoch_samples(answers, n, out);
    double sum = 0;
    for (int i = 0; i < *samples; i++)
        sum += out[i].official;
    return sum / *samples;
}

/* Inspect: q1 right in 2 of 3 epochs, q2 in 1 of 1: (2/3 + 1) / 2. */
static void test_epochs_of_one_sample_average(void **state)
{
    (void)state;
    pl_epoch_answer a[] = {{run_a, q1, 3, 0, 1, 1}, {run_a, q2, 1, 1, 1, 1}, {run_a, q1, 1, 2, 1, 1},
                           {run_a, q1, 2, 3, 0, 0}};
    int samples;
    assert_float_equal(mean_official(a, 4, &samples), (2.0 / 3 + 1) / 2, 1e-12);
    assert_int_equal(samples, 2);
}

/* A JSONL answering q1 three times (right, right, wrong) and q2 once (right):
 * four samples, the mean over the lines, 3/4. */
static void test_answers_within_an_epoch_are_samples(void **state)
{
    (void)state;
    pl_epoch_answer a[] = {{run_a, q1, 1, 0, 1, 1}, {run_a, q1, 1, 1, 1, 1}, {run_a, q1, 1, 2, 0, 0},
                           {run_a, q2, 1, 3, 1, 1}};
    int samples;
    assert_float_equal(mean_official(a, 4, &samples), 0.75, 1e-12);
    assert_int_equal(samples, 4);
}

/* Two samples of q1 over two epochs: the k-th answer of each epoch is sample
 * k (by load order), whatever order the answers come in. */
static void test_kth_answer_of_each_epoch_is_sample_k(void **state)
{
    (void)state;
    pl_epoch_answer a[] = {{run_a, q1, 2, 7, 0, 1}, {run_a, q1, 1, 1, 1, 0}, {run_a, q1, 2, 6, 1, 1},
                           {run_a, q1, 1, 2, 0, 0}};
    pl_epoch_sample out[4];
    assert_int_equal(pl_epoch_samples(a, 4, out), 2);
    /* sample 1: order 1 (epoch 1, right) and order 6 (epoch 2, right) */
    assert_float_equal(out[0].official, 1.0, 1e-12);
    assert_float_equal(out[0].sound, 0.5, 1e-12);
    assert_int_equal(out[0].epochs, 2);
    /* sample 2: order 2 (wrong) and order 7 (wrong) */
    assert_float_equal(out[1].official, 0.0, 1e-12);
    assert_float_equal(out[1].sound, 0.5, 1e-12);
}

static void test_runs_do_not_mix(void **state)
{
    (void)state;
    pl_epoch_answer a[] = {{run_a, q1, 1, 0, 1, 1}, {run_b, q1, 1, 1, 0, 0}};
    pl_epoch_sample out[2];
    assert_int_equal(pl_epoch_samples(a, 2, out), 2);
    assert_int_equal(out[0].epochs + out[1].epochs, 2);
    assert_int_equal(pl_epoch_samples(a, 0, out), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_epochs_of_one_sample_average),
                                       cmocka_unit_test(test_answers_within_an_epoch_are_samples),
                                       cmocka_unit_test(test_kth_answer_of_each_epoch_is_sample_k),
                                       cmocka_unit_test(test_runs_do_not_mix)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
