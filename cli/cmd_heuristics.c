/* planlens heuristics DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE]
 * [--format text|json] [--time-limit S]: a state's heuristic values and
 * the why of each (engine/teach/heuristic_explain.h), as text here. */
#include <stdlib.h>
#include <string.h>

#include "heuristics_output.h"

enum { NAME = 1024 };

static void put_value(int v)
{
    if (v == PL_H_INF)
        printf("inf");
    else
        printf("%d", v);
}

/* Names for printf arguments: a ring of buffers, so that a few may share
 * one call (cli_text returns its argument when the text is safe). */
static char *name_buffer(void)
{
    static char ring[4][NAME];
    static int next;
    next = (next + 1) % 4;
    return ring[next];
}

static const char *atom_name(const pl_heuristic_explanation *x, int atom)
{
    return cli_text(pl_hx_atom_name(x->hr, atom, name_buffer(), NAME));
}

static const char *op_name(const pl_heuristic_explanation *x, int op)
{
    return cli_text(pl_hx_op_name(x->hr, op, name_buffer(), NAME));
}

/* The cost table of one exploration: atoms by value, then the operators
 * reached. */
static void print_table(const pl_heuristic_explanation *x, const pl_hx_table *tb, bool additive, int *order)
{
    const pl_relaxed *hr = x->hr;
    if (pl_hx_atoms_by_value(hr, tb->atom, order) < 0)
        for (int a = 0; a < hr->natoms; a++) /* out of memory: the atoms as they are */
            order[a] = a;
    printf("  atoms (value; achiever: the action that first reached it at that value):\n");
    for (int i = 0; i < hr->natoms; i++) {
        int a = order[i];
        printf("    %-28s ", atom_name(x, a));
        put_value(tb->atom[a]);
        if (tb->atom[a] == PL_H_INF)
            printf("  never reached\n");
        else if (tb->achiever[a] < 0)
            printf("  in the state\n");
        else
            printf("  %s\n", op_name(x, tb->achiever[a]));
    }
    printf("  actions (cost + the %s of the preconditions' values):\n", additive ? "sum" : "largest");
    for (int o = 0; o < hr->nops; o++)
        if (tb->op[o] != PL_H_INF)
            printf("    %-28s %d + %d = %d\n", op_name(x, o), hr->ops[o].cost, tb->op[o] - hr->ops[o].cost, tb->op[o]);
}

static void print_hmax(const pl_heuristic_explanation *x, int *scratch)
{
    printf("\nh_max = ");
    put_value(x->hmax);
    printf(": the most expensive goal atom, each atom costing its cheapest achiever\n");
    print_table(x, &x->max, false, scratch);
    int n = pl_hx_critical_path(x, scratch);
    if (n == 0)
        return;
    printf("  critical path, from the goal down:");
    for (int i = 0; i < n; i++) {
        printf("%s %s %d", i ? " <-" : "", atom_name(x, scratch[i]), x->max.atom[scratch[i]]);
        int o = x->max.achiever[scratch[i]];
        printf(o >= 0 ? " <- %s" : " (in the state)", o >= 0 ? op_name(x, o) : "");
    }
    printf("\n");
}

static void print_hadd(const pl_heuristic_explanation *x, int *scratch)
{
    printf("\nh_add = ");
    put_value(x->hadd);
    printf(": the sum of the goal atoms' values, each atom costing its cheapest achiever\n");
    print_table(x, &x->add, true, scratch);
    int n = pl_hx_supports(x, scratch);
    if (n)
        printf("  supports, from the goal atoms down (value = achiever's cost + its preconditions' values):\n");
    for (int i = 0; i < n; i++) {
        int a = scratch[i], o = x->add.achiever[a];
        printf("    %s = %d", atom_name(x, a), x->add.atom[a]);
        if (o < 0) {
            printf(" (in the state)\n");
            continue;
        }
        const pl_relaxed_op *op = &x->hr->ops[o];
        printf(" = %s %d", op_name(x, o), op->cost);
        for (int k = 0; k < op->npre; k++)
            printf(" + %s %d", atom_name(x, op->pre[k]), x->add.atom[op->pre[k]]);
        printf("\n");
    }
}

static void print_hff(const pl_heuristic_explanation *x)
{
    printf("\nh_FF = ");
    put_value(x->hff);
    printf(": the relaxed plan's cost, following each needed atom's h_add achiever back from the goal,\n"
           "  each action paid once; layer = 1 + the layers of the actions achieving its preconditions\n");
    bool *need = calloc((size_t)x->hr->natoms + 1, sizeof *need);
    if (!need || x->hff == PL_H_INF) {
        free(need);
        return;
    }
    pl_hx_ff_needed(x, need);
    for (int layer = 1; layer <= x->plan_layers; layer++) {
        printf("  layer %d:\n", layer);
        for (int o = 0; o < x->hr->nops; o++) {
            if (x->plan_layer[o] != layer)
                continue;
            printf("    %s (cost %d), the achiever chosen for", op_name(x, o), x->hr->ops[o].cost);
            for (int a = 0; a < x->hr->natoms; a++)
                if (need[a] && x->ff_achiever[a] == o)
                    printf(" %s", atom_name(x, a));
            printf("\n");
        }
    }
    free(need);
}

static void print_lmcut(const pl_heuristic_explanation *x)
{
    printf("\nLM-cut = ");
    put_value(x->lmcut);
    if (x->lmcut_is_hmax) {
        printf(": conditional effects make LM-cut h_max here (one operator per action keeps it admissible)\n");
        return;
    }
    printf(": the cuts in order; each removes its cheapest action's cost from every action in it\n");
    if (!x->cuts)
        return;
    const int *at = x->cuts + 1;
    for (int i = 0; i < x->cuts[0]; i++) {
        int m = at[0], n = at[1];
        printf("  cut %d: cost %d removed from", i + 1, m);
        for (int k = 0; k < n; k++)
            if (at[2 + k] < x->hr->nops) /* (not the artificial goal operator) */
                printf(" %s", op_name(x, at[2 + k]));
        printf("\n");
        at += 2 + n;
    }
}

static void print_hstar(const pl_heuristic_explanation *x)
{
    if (x->hstar_answer == PL_UNKNOWN) {
        printf("\nh* unknown: the search hit its limit (--time-limit)\n");
        return;
    }
    if (x->dead_end) {
        printf("\nh* = inf: a dead end, proven by %s; %s:", x->dead_end_by_relaxation ? "the relaxation (h_max = inf)"
                                                                                      : "exhaustive search",
               x->together ? "the goal conditions still false cannot all hold together" : "goal conditions that can never hold");
        for (int i = 0; i < x->nunreachable; i++)
            printf(" %s", cli_text(x->unreachable[i]));
        printf("\n");
        return;
    }
    printf("\nh* = %lld: an optimal plan from the state (step 0 is the first action):\n", x->hstar);
    for (int i = 0; i < x->plan_length; i++)
        printf("  step %d: %s\n", i, cli_text(x->task->actions[x->plan[i]].name));
}

static void print_text(const pl_heuristic_explanation *x, const pl_start_spec *spec, const pl_start_state *start)
{
    const pl_task *t = x->task;
    printf("task: %s / %s\n", cli_text(t->domain->name), cli_text(t->problem->name));
    cli_print_start(stdout, "", spec, start);
    cli_print_costs(stdout, "", t);
    if (!x->hr->integral_costs)
        printf("(the relaxation rounds action costs down to whole numbers)\n");
    const char *names[] = {"blind", "hmax", "hadd", "hff", "lmcut"};
    const int values[] = {x->blind, x->hmax, x->hadd, x->hff, x->lmcut};
    for (int i = 0; i < 5; i++) {
        printf("%-9s", names[i]);
        put_value(values[i]);
        printf("\n");
    }
    if (x->hstar_answer == PL_YES)
        printf("hstar    %lld\n", x->hstar);
    else
        printf("hstar    %s\n", x->hstar_answer == PL_NO ? "inf" : "unknown");
    printf("dead_end %s\n", x->dead_end ? "yes" : "no");
    if (x->goal_state) {
        printf("\nThe goal holds in this state: every value is 0.\n");
        return;
    }
    int *scratch = malloc(((size_t)x->hr->natoms + 1) * sizeof *scratch);
    if (scratch) {
        print_hmax(x, scratch);
        print_hadd(x, scratch);
    }
    free(scratch);
    print_hff(x);
    print_lmcut(x);
    print_hstar(x);
}

typedef struct {
    const char *pos[2];
    bool json;
    double seconds;
    pl_start_spec start;
} heuristics_args;

static int parse_args(int argc, char **argv, heuristics_args *a)
{
    int n = 0;
    *a = (heuristics_args){{NULL, NULL}, false, 10, {NULL, -1, NULL}};
    for (int i = 0; i < argc; i++) {
        int flag = cli_state_flags("heuristics", argc, argv, &i, &a->json, &a->start);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag)
            continue;
        if (!strcmp(argv[i], "--time-limit")) {
            char *end;
            if (i + 1 == argc || (a->seconds = strtod(argv[i + 1], &end)) <= 0 || *end)
                return cli_usage_error("heuristics", "--time-limit needs a number of seconds above 0");
            i++;
        } else if (cli_state_positional("heuristics", argv[i], a->pos, &n, 2) != PL_EXIT_OK) {
            return PL_EXIT_USAGE;
        }
    }
    if (n < 2)
        return cli_usage_error("heuristics", "expected DOMAIN PROBLEM");
    return cli_start_check("heuristics", &a->start);
}

int cmd_heuristics(int argc, char **argv)
{
    heuristics_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_loaded_task lt;
    pl_start_state start;
    pl_relaxed *r;
    rc = cli_load_state("heuristics", a.pos, &a.start, &lt, &start, &r);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_heuristic_explanation x;
    pl_limits limits = {0, a.seconds, 0};
    if (pl_heuristic_explain(lt.task, r, start.state, &limits, &x) < 0) {
        fprintf(stderr, "planlens: heuristics: out of memory\n");
        rc = PL_EXIT_INPUT;
    } else {
        if (a.json)
            cli_print_heuristics_json(&x, &a.start, &start);
        else
            print_text(&x, &a.start, &start);
        pl_heuristic_explanation_clear(&x);
    }
    cli_state_free(&lt, &start, r);
    return rc;
}
