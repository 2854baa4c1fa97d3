/* planlens gen: generated IoU questions checked against the engine itself
 * (tracked state = simulation, applicable set = the engine's, effects =
 * state differences, plans valid and optimal), determinism per seed, and
 * template files (lookup, rendering, errors). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "gen/iou_questions.h"
#include "plans/plan.h"
#include "search/search.h"
#include "test_support.h"

#define BW PLANLENS_SOURCE_DIR "/sample-runs/blocksworld/"
#define FERRY PLANLENS_SOURCE_DIR "/sample-runs/ferry/"
#define GEN PLANLENS_SOURCE_DIR "/tests/pddl/gen/"
#define TEMPLATES PLANLENS_SOURCE_DIR "/templates"

static bool contains(char *const *list, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], s))
            return true;
    return false;
}

static void assert_sorted_unique(char *const *list, int from, int to)
{
    for (int i = from + 1; i < to; i++)
        assert_true(strcmp(list[i - 1], list[i]) < 0);
}

/* The answer must be exactly the fluent atoms true in s, then the static
 * facts of the problem's init: each item resolves to one of them, the counts
 * agree, and each group is sorted without repeats. */
static void assert_state_answer(const pl_task *t, const uint64_t *s, const pl_iou_question *q)
{
    int fluents = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s, a)) {
            fluents++;
            assert_true(contains(q->answer, q->nanswer, t->atoms[a].name));
        }
    int statics = 0;
    for (int i = 0; i < q->nanswer; i++) {
        pl_atom_ref ref;
        pl_atom_status st = pl_resolve_atom_ref(t, q->answer[i], &ref);
        assert_true(st == PL_ATOM_FLUENT || st == PL_ATOM_STATIC_TRUE);
        if (st == PL_ATOM_FLUENT)
            assert_true(pl_state_has(s, ref.atom) && i < fluents);
        statics += st == PL_ATOM_STATIC_TRUE;
        pl_atom_ref_clear(&ref);
    }
    int init_statics = 0;
    for (int i = 0; i < t->problem->ninit; i++)
        init_statics += t->pred_static[t->problem->init[i].pred];
    assert_int_equal(statics, init_statics); /* every problem here lists each static fact once */
    assert_int_equal(q->nanswer, fluents + statics);
    assert_sorted_unique(q->answer, 0, fluents);
    assert_sorted_unique(q->answer, fluents, q->nanswer);
}

/* Optimal cost by A* with heuristic h on the task's own costs. */
static long long optimal_cost(const pl_task *t, pl_heuristic_kind h)
{
    pl_relaxed *r = pl_relaxed_new(t);
    pl_search_params p = pl_search_defaults();
    p.heuristic = h;
    pl_search_result res;
    assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
    long long cost = res.cost;
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    return cost;
}

/* The fewest actions reaching the goal, by breadth-first search over the
 * (small) state space: shares no code with the planner. */
static int shortest_plan_length(const pl_task *t)
{
    size_t words = (size_t)t->words, cap = 1 << 16, n = 1;
    uint64_t *seen = malloc(cap * words * sizeof *seen);
    int *depth = malloc(cap * sizeof *depth), *app = malloc(((size_t)t->nactions + 1) * sizeof *app);
    memcpy(seen, t->init, words * sizeof *seen);
    depth[0] = 0;
    int found = -1;
    for (size_t head = 0; head < n && found < 0; head++) {
        const uint64_t *s = seen + head * words;
        if (pl_task_goal_reached(t, s)) {
            found = depth[head];
            break;
        }
        int napp = pl_task_applicable_actions(t, s, app);
        for (int k = 0; k < napp; k++) {
            assert_true(n < cap);
            uint64_t *next = seen + n * words;
            pl_task_apply(t, app[k], seen + head * words, next);
            bool old = false;
            for (size_t i = 0; i < n && !old; i++)
                old = !memcmp(seen + i * words, next, words * sizeof *next);
            if (!old)
                depth[n++] = depth[head] + 1;
        }
    }
    free(seen);
    free(depth);
    free(app);
    return found;
}

static void check_against_engine(const pl_task *t, const pl_gen_set *set, int track_length)
{
    int seen = 0;
    for (int i = 0; i < set->count; i++) {
        const pl_iou_question *q = &set->items[i];
        seen |= 1 << q->task;
        assert_non_null(strstr(q->question, "list within [] separated by commas"));
        if (q->task == PL_IOU_APPLICABILITY) {
            int *app = malloc((size_t)t->nactions * sizeof *app);
            int n = pl_task_applicable_actions(t, t->init, app);
            assert_int_equal(q->nanswer, n);
            for (int k = 0; k < n; k++)
                assert_true(contains(q->answer, q->nanswer, t->actions[app[k]].name));
            assert_sorted_unique(q->answer, 0, q->nanswer);
            free(app);
        } else if (q->task == PL_IOU_STATE) {
            assert_state_answer(t, t->init, q);
        } else if (q->task == PL_IOU_PROG_POS || q->task == PL_IOU_PROG_NEG || q->task == PL_IOU_TRACKING) {
            pl_trace *tr = pl_trace_new(t, q->actions, q->nactions);
            assert_true(tr->executable);
            assert_int_equal(tr->lea, q->task == PL_IOU_TRACKING ? track_length : 1);
            const uint64_t *before = pl_trace_state(tr, 0), *after = pl_trace_state(tr, tr->lea);
            if (q->task == PL_IOU_TRACKING) {
                assert_state_answer(t, after, q);
            } else { /* prog_pos = s[a] \ s, prog_neg = s \ s[a] */
                bool pos = q->task == PL_IOU_PROG_POS;
                int changed = 0;
                for (int a = 0; a < t->natoms; a++)
                    if (pl_state_has(before, a) != pos && pl_state_has(after, a) == pos) {
                        changed++;
                        assert_true(contains(q->answer, q->nanswer, t->atoms[a].name));
                    }
                assert_int_equal(q->nanswer, changed);
                assert_sorted_unique(q->answer, 0, q->nanswer);
                assert_non_null(strstr(q->question, q->actions[0]));
            }
            pl_trace_free(tr);
        } else { /* plan: valid and shortest; costplan: valid and as cheap as blind and LM-cut A* */
            assert_int_equal(q->nactions, 0);
            pl_trace *tr = pl_trace_new(t, q->answer, q->nanswer);
            assert_true(tr->valid);
            if (q->task == PL_IOU_PLAN) {
                assert_int_equal(q->nanswer, shortest_plan_length(t));
                if (!t->has_costs) /* unit costs: the planner's optimal cost, blind and LM-cut */
                    assert_true(tr->cost == optimal_cost(t, PL_H_BLIND) && tr->cost == optimal_cost(t, PL_H_LMCUT));
            } else {
                assert_int_equal((long long)tr->cost, optimal_cost(t, PL_H_BLIND));
                assert_int_equal((long long)tr->cost, optimal_cost(t, PL_H_LMCUT));
            }
            pl_trace_free(tr);
        }
    }
    int want = (1 << PL_IOU_APPLICABILITY) | (1 << PL_IOU_STATE) | (1 << PL_IOU_PROG_POS) | (1 << PL_IOU_PROG_NEG) |
               (1 << PL_IOU_TRACKING) | (1 << PL_IOU_PLAN) | (t->has_costs ? 1 << PL_IOU_COSTPLAN : 0);
    assert_int_equal(seen, want);
    assert_int_equal(set->nskipped, t->has_costs ? 0 : 1);
    if (!t->has_costs)
        assert_non_null(strstr(set->skipped[0], "no costplan question: the domain has no action costs"));
}

/* Loads dir/<name>-domain.pddl and -problem.pddl (or domain.pddl and
 * problem.pddl when name is NULL) and generates with the domain's template
 * from `templates` (NULL: the generic rendering). */
static void generate_files(const char *d, const char *p, const char *templates, const pl_gen_options *o,
                           pl_loaded_task *lt, pl_gen_set *set)
{
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_load_task_files(d, p, lt, NULL, &err), PL_OK);
    char *path = templates ? pl_gen_template_find(templates, lt->domain->name, &err) : NULL;
    assert_true(!templates || path);
    pl_gen_template *tmpl = path ? pl_gen_template_load(path, lt->domain, &err) : pl_gen_template_generic(lt->domain);
    assert_non_null(tmpl);
    free(path);
    assert_int_equal(pl_gen_questions(lt->task, tmpl, o, set), 0);
    pl_gen_template_free(tmpl);
}

static void generate(const char *dir, const char *name, const char *templates, const pl_gen_options *o,
                     pl_loaded_task *lt, pl_gen_set *set)
{
    char d[512], p[512];
    snprintf(d, sizeof d, "%s%s%sdomain.pddl", dir, name ? name : "", name ? "-" : "");
    snprintf(p, sizeof p, "%s%s%sproblem.pddl", dir, name ? name : "", name ? "-" : "");
    generate_files(d, p, templates, o, lt, set);
}

static pl_gen_options seeded(uint64_t seed)
{
    pl_gen_options o = pl_gen_default_options();
    o.seed = seed;
    return o;
}

static void test_blocksworld(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_gen_set set;
    pl_gen_options o = seeded(1);
    generate(BW, NULL, TEMPLATES, &o, &lt, &set);
    check_against_engine(lt.task, &set, 2);
    assert_string_equal(set.items[0].id, "blocksworld-4ops/bw-sample-4/applicability");
    assert_non_null(strstr(set.items[0].context, "the block d is on top of the block a"));
    assert_non_null(strstr(set.items[0].context, "The goal is to reach a state where the block a is on top of"));
    pl_gen_set_free(&set);
    pl_loaded_task_free(&lt);
    o.track_length = 5; /* longer walks are simulated as well */
    generate(BW, NULL, TEMPLATES, &o, &lt, &set);
    check_against_engine(lt.task, &set, 5);
    pl_gen_set_free(&set);
    pl_loaded_task_free(&lt);
}

static void test_depot(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_gen_set set;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        pl_gen_options o = seeded(seed);
        generate(GEN, "depot", TEMPLATES, &o, &lt, &set);
        check_against_engine(lt.task, &set, 2);
        assert_non_null(strstr(set.items[0].context, "the crate crate1 is on pallet0"));
        pl_gen_set_free(&set);
        pl_loaded_task_free(&lt);
    }
}

/* The Ferry sample (sample-runs/ferry): every problem gets its six
 * questions (no action costs: no costplan), checked against the engine, with
 * the words of templates/ferry.tmpl in the context. */
static void test_ferry(void **state)
{
    (void)state;
    const char *problems[] = {"problem.pddl", "problems/ferry-l3-c2.pddl", "problems/ferry-l3-c4.pddl",
                              "problems/ferry-l4-c5.pddl"};
    for (int i = 0; i < 4; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s%s", FERRY, problems[i]);
        pl_loaded_task lt;
        pl_gen_set set;
        pl_gen_options o = seeded(1);
        generate_files(FERRY "domain.pddl", p, TEMPLATES, &o, &lt, &set);
        check_against_engine(lt.task, &set, 2);
        assert_non_null(strstr(set.items[0].context, "A ferry moves cars between locations."));
        assert_non_null(strstr(set.items[0].context, "\nCurrently, the ferry is at l"));
        if (i == 0)
            assert_non_null(strstr(set.items[0].context, "the car c1 is at l1, the car c2 is at l0, l0 and l1 are "
                                                         "different locations"));
        if (i == 2) /* the ferry starts loaded */
            assert_non_null(strstr(set.items[0].context, "the car c3 is on the ferry"));
        pl_gen_set_free(&set);
        pl_loaded_task_free(&lt);
    }
}

/* A domain with action costs and static facts: the state answers list the
 * static roads; plan is the shortest plan, costplan the cheapest, and they
 * differ here. */
static void test_action_costs(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_gen_set set;
    pl_gen_options o = seeded(7);
    generate(GEN, "roads", NULL, &o, &lt, &set);
    assert_true(lt.task->has_costs);
    check_against_engine(lt.task, &set, 2);
    const pl_iou_question *plan = &set.items[set.count - 2], *costplan = &set.items[set.count - 1];
    assert_int_equal(plan->task, PL_IOU_PLAN);
    assert_int_equal(costplan->task, PL_IOU_COSTPLAN);
    assert_int_equal(plan->nanswer, 3);
    assert_int_equal(costplan->nanswer, 5);
    assert_non_null(strstr(costplan->question, "(drive t1 a d) costs 10"));
    assert_non_null(strstr(costplan->question, "each load costs 1"));
    assert_true(contains(set.items[1].answer, set.items[1].nanswer, "(road c d)"));
    pl_gen_set_free(&set);
    pl_loaded_task_free(&lt);
}

static const pl_iou_question *find_task(const pl_gen_set *s, pl_iou_task task)
{
    for (int i = 0; i < s->count; i++)
        if (s->items[i].task == task)
            return &s->items[i];
    return NULL;
}

/* Degenerate problems: the goal holds initially (no plan question, with the
 * reason), and the progression action is one that changes the state even
 * when a no-op action is applicable too. */
static void test_degenerate(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        pl_loaded_task lt;
        pl_gen_set set;
        pl_gen_options o = seeded(seed);
        generate(GEN, "lamps", NULL, &o, &lt, &set);
        assert_int_equal(set.count, 5);
        assert_int_equal(set.items[0].nanswer, 2); /* both switch-on actions are applicable */
        const pl_iou_question *pos = find_task(&set, PL_IOU_PROG_POS);
        assert_int_equal(pos->nanswer, 1);
        assert_string_equal(pos->answer[0], "(lit l2)");
        assert_string_equal(pos->actions[0], "(switch-on l2)");
        assert_int_equal(set.nskipped, 2);
        assert_non_null(strstr(set.skipped[0], "lamps/lamps-lit: no plan question: the goal already holds"));
        assert_non_null(strstr(set.skipped[1], "no costplan question"));
        pl_gen_set_free(&set);
        pl_loaded_task_free(&lt);
    }
}

static bool same_strings(char *const *a, int na, char *const *b, int nb)
{
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++)
        if (strcmp(a[i], b[i]))
            return false;
    return true;
}

static bool same_set(const pl_gen_set *a, const pl_gen_set *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++) {
        const pl_iou_question *x = &a->items[i], *y = &b->items[i];
        if (strcmp(x->id, y->id) || strcmp(x->context, y->context) || strcmp(x->question, y->question) ||
            !same_strings(x->answer, x->nanswer, y->answer, y->nanswer) ||
            !same_strings(x->actions, x->nactions, y->actions, y->nactions))
            return false;
    }
    return true;
}

static void test_determinism(void **state)
{
    (void)state;
    pl_loaded_task lt1, lt2;
    pl_gen_set a, b;
    pl_gen_options o = seeded(42);
    generate(GEN, "depot", NULL, &o, &lt1, &a);
    generate(GEN, "depot", NULL, &o, &lt2, &b);
    assert_true(same_set(&a, &b));
    pl_gen_set_free(&b);
    pl_loaded_task_free(&lt2);
    /* other seeds walk differently: the tracking actions change */
    const pl_iou_question *track = find_task(&a, PL_IOU_TRACKING);
    int differ = 0;
    for (uint64_t seed = 43; seed < 53; seed++) {
        o = seeded(seed);
        generate(GEN, "depot", NULL, &o, &lt2, &b);
        const pl_iou_question *other = find_task(&b, PL_IOU_TRACKING);
        differ += !same_strings(track->actions, track->nactions, other->actions, other->nactions);
        pl_gen_set_free(&b);
        pl_loaded_task_free(&lt2);
    }
    assert_true(differ >= 5);
    /* asking for tracking alone walks the same way */
    o = seeded(42);
    o.tasks = 1u << PL_IOU_TRACKING;
    generate(GEN, "depot", NULL, &o, &lt2, &b);
    assert_int_equal(b.count, 1);
    assert_true(same_strings(track->actions, track->nactions, b.items[0].actions, b.items[0].nactions));
    pl_gen_set_free(&b);
    pl_loaded_task_free(&lt2);
    /* the generic rendering: PDDL names */
    assert_non_null(strstr(a.items[0].context, "This is the planning domain depot. The available actions are drive, "
                                               "lift, drop, load, unload."));
    assert_non_null(strstr(a.items[0].context, "(on crate1 pallet0)"));
    assert_null(strstr(find_task(&a, PL_IOU_PROG_POS)->question, ") ("));
    pl_gen_set_free(&a);
    pl_loaded_task_free(&lt1);
}

/* Lower case, single spaces: ACPBench writes actions as the engine does, up
 * to case and spacing. */
static void normalise(char *s)
{
    char *o = s;
    for (const char *c = s; *c; c++) {
        bool space = *c == ' ' || *c == '\t' || *c == '\n';
        if (space && (o == s || o[-1] == ' '))
            continue;
        *o++ = space ? ' ' : (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    }
    *o = '\0';
}

/* The applicability answers generated for every ACPBench app question equal
 * the answers ACPBench stores (the question's state is the problem's init). */
static void test_acpbench_applicability(void **state)
{
    (void)state;
    if (!pl_test_data_dir("ACPBench app questions"))
        return;
    int compared = 0;
    for (int split = 0; split < 2; split++) {
        cJSON *recs = pl_test_read_json(pl_test_acpbench_path("app", split ? "test" : "dev"));
        cJSON *r;
        cJSON_ArrayForEach(r, recs)
        {
            const char *dtext = cJSON_GetStringValue(cJSON_GetObjectItem(r, "PDDL_domain"));
            const char *ptext = cJSON_GetStringValue(cJSON_GetObjectItem(r, "PDDL_problem"));
            cJSON *answer = cJSON_GetObjectItem(r, "answer");
            assert_true(dtext && ptext && cJSON_IsArray(answer));
            pl_loaded_task lt;
            pl_test_load_texts(dtext, ptext, "acpbench app", &lt);
            pl_gen_template *tmpl = pl_gen_template_generic(lt.domain);
            pl_gen_options o = seeded(1);
            o.tasks = 1u << PL_IOU_APPLICABILITY;
            pl_gen_set set;
            assert_int_equal(pl_gen_questions(lt.task, tmpl, &o, &set), 0);
            assert_int_equal(set.count, 1);
            assert_int_equal(set.items[0].nanswer, cJSON_GetArraySize(answer));
            cJSON *item;
            cJSON_ArrayForEach(item, answer)
            {
                char *want = pl_strdup(cJSON_GetStringValue(item));
                normalise(want);
                assert_true(contains(set.items[0].answer, set.items[0].nanswer, want));
                free(want);
            }
            compared++;
            pl_gen_set_free(&set);
            pl_gen_template_free(tmpl);
            pl_loaded_task_free(&lt);
        }
        cJSON_Delete(recs);
    }
    printf("ACPBench app: %d applicability answers equal to the stored ones\n", compared);
    assert_int_equal(compared, 40 + 130);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A scratch directory for template files (removed by remove_dir). */
static void make_dir(char *path)
{
    strcpy(path, "/tmp/planlens-test-gen-XXXXXX");
    assert_non_null(mkdtemp(path));
}

static void remove_dir(const char *dir, const char *const *files)
{
    char p[512];
    for (int i = 0; files[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        remove(p);
    }
    rmdir(dir);
}

static void test_template_lookup(void **state)
{
    (void)state;
    char dir[64], p[512];
    make_dir(dir);
    pl_error err = PL_ERROR_INIT;
    assert_null(pl_gen_template_find(dir, "blocksworld-4ops", &err)); /* an empty directory: none, no error */
    assert_int_equal(err.code, PL_OK);
    snprintf(p, sizeof p, "%s/a.tmpl", dir);
    write_text(p, "# other domains\ndomains: gripper grippers\n");
    snprintf(p, sizeof p, "%s/b.tmpl", dir);
    write_text(p, "domains: ferry   BlocksWorld-4ops\n");
    char *found = pl_gen_template_find(dir, "blocksworld-4ops", &err);
    assert_non_null(found);
    assert_non_null(strstr(found, "/b.tmpl"));
    free(found);
    snprintf(p, sizeof p, "%s/blocksworld-4ops.tmpl", dir); /* the file named after the domain comes first */
    write_text(p, "description: x\n");
    found = pl_gen_template_find(dir, "blocksworld-4ops", &err);
    assert_non_null(strstr(found, "/blocksworld-4ops.tmpl"));
    free(found);
    assert_null(pl_gen_template_find(dir, "blocksworld", &err));
    assert_int_equal(err.code, PL_OK);
    remove_dir(dir, (const char *[]){"a.tmpl", "b.tmpl", "blocksworld-4ops.tmpl", NULL});
    assert_null(pl_gen_template_find("/nonexistent/templates", "depot", &err));
    assert_int_equal(err.code, PL_ERR_IO);
    pl_error_clear(&err);
    /* the shipped templates are found for the paper's domains */
    found = pl_gen_template_find(TEMPLATES, "depot", &err);
    assert_non_null(strstr(found, "/depots.tmpl"));
    free(found);
}

static void test_template_rendering(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_load_task_files(BW "domain.pddl", BW "problem.pddl", &lt, NULL, &err), PL_OK);
    char dir[64], p[512];
    make_dir(dir);
    snprintf(p, sizeof p, "%s/bw.tmpl", dir);
    write_text(p, "description: Blocks.\ndescription: Second paragraph.\natom on ?x ?y: {x} sits on {y} ({x})\n"
                  "action stack ?ob ?underob: put {ob} on {underob}\n");
    pl_gen_template *t = pl_gen_template_load(p, lt.domain, &err);
    assert_non_null(t);
    char *ctx = pl_gen_render_context(t, lt.task, lt.task->init);
    /* patterned facts in words, the others in PDDL form */
    assert_non_null(strstr(ctx, "Blocks.\nSecond paragraph.\nCurrently, (handempty), d sits on a (d), (ontable a)"));
    assert_non_null(strstr(ctx, "The goal is to reach a state where a sits on b (a), b sits on c (b), and c sits "
                                "on d (c)."));
    free(ctx);
    int stack_ab = -1, pick_b = -1;
    for (int a = 0; a < lt.task->nactions; a++) {
        stack_ab = !strcmp(lt.task->actions[a].name, "(stack a b)") ? a : stack_ab;
        pick_b = !strcmp(lt.task->actions[a].name, "(pick-up b)") ? a : pick_b;
    }
    char *w = pl_gen_render_action(t, lt.task, stack_ab);
    assert_string_equal(w, "(stack a b) (put a on b)");
    free(w);
    w = pl_gen_render_action(t, lt.task, pick_b);
    assert_string_equal(w, "(pick-up b)");
    free(w);
    pl_gen_template_free(t);
    remove_dir(dir, (const char *[]){"bw.tmpl", NULL});
    pl_loaded_task_free(&lt);
}

static void expect_template_error(const pl_domain *d, const char *text, const char *where, const char *what)
{
    char dir[64], path[512];
    make_dir(dir);
    snprintf(path, sizeof path, "%s/t.tmpl", dir);
    write_text(path, text);
    pl_error err = PL_ERROR_INIT;
    assert_null(pl_gen_template_load(path, d, &err));
    assert_int_equal(err.code, PL_ERR_SYNTAX);
    char *msg = pl_error_format(&err);
    assert_non_null(strstr(msg, "/t.tmpl"));
    assert_non_null(strstr(msg, where));
    assert_non_null(strstr(msg, what));
    free(msg);
    pl_error_clear(&err);
    remove_dir(dir, (const char *[]){"t.tmpl", NULL});
}

static void test_template_errors(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_load_task_files(BW "domain.pddl", BW "problem.pddl", &lt, NULL, &err), PL_OK);
    expect_template_error(lt.domain, "# c\ndescription: x\natom above ?x ?y: {x} over {y}\n", ":3:6:",
                          "expected a predicate of the domain");
    expect_template_error(lt.domain, "\n\natom on ?x: {x}\n", ":3:11:", "as many parameters");
    expect_template_error(lt.domain, "atom on ?x ?y ?z: {x}\n", ":1:15:", "no more parameters");
    expect_template_error(lt.domain, "action stack ?a ?b the text\n", ":1:", "expected ':'");
    expect_template_error(lt.domain, "action flip ?a: flip {a}\n", ":1:8:", "expected an action of the domain");
    expect_template_error(lt.domain, "atom on ?x ?y: {x} on {z}\n", ":1:23:", "{name} naming one of the line's");
    expect_template_error(lt.domain, "atom on ?x y: {x}\n", ":1:12:", "a parameter ?name");
    expect_template_error(lt.domain, "description: d\r\natom clear ?x:  \r\n", ":2:15:", "a text after ':'");
    expect_template_error(lt.domain, "descripton: typo\n", ":1:1:", "expected 'domains:', 'description:'");
    expect_template_error(lt.domain, "  domains:\n", ":1:11:", "a domain name after 'domains:'");
    assert_null(pl_gen_template_load("/nonexistent/x.tmpl", lt.domain, &err)); /* a missing file */
    assert_int_equal(err.code, PL_ERR_IO);
    pl_error_clear(&err);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocksworld),       cmocka_unit_test(test_depot),
        cmocka_unit_test(test_ferry),
        cmocka_unit_test(test_action_costs),      cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_template_lookup),   cmocka_unit_test(test_template_rendering),
        cmocka_unit_test(test_template_errors),   cmocka_unit_test(test_acpbench_applicability),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
