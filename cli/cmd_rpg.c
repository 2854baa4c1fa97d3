/* planlens rpg DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE]
 * [--format text|json] [--quiz [--answers FILE]]: the relaxed planning graph
 * of a state (engine/teach/rpg.h), its quiz's answer template, or a
 * student's answers graded (engine/teach/rpg_quiz.h). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "cli.h"
#include "teach/heuristic_explain.h"
#include "teach/rpg_quiz.h"

enum { NAME = 1024 };

typedef struct {
    const char *pos[2];
    bool json, quiz;
    const char *answers;
    pl_start_spec start;
} rpg_args;

static const char *atom_name(const pl_rpg *g, int atom, char *buf)
{
    return pl_hx_atom_name(g->hr, atom, buf, NAME);
}

static const char *op_name(const pl_rpg *g, int op, char *buf)
{
    return pl_hx_op_name(g->hr, op, buf, NAME);
}

static void print_graph(const pl_task *t, const pl_rpg *g, const rpg_args *a, const pl_start_state *start)
{
    char buf[NAME];
    printf("task: %s / %s\n", cli_text(t->domain->name), cli_text(t->problem->name));
    cli_print_start(stdout, "", &a->start, start);
    cli_print_costs(stdout, "", t);
    printf("(layers grow: each lists what is first there; * marks h_FF's relaxed plan)\n");
    for (int l = 0; l < g->nlevels; l++) {
        printf("fact layer %d%s:", l, l == 0 ? " (the state)" : "");
        int facts = 0;
        for (int x = 0; x < g->hr->natoms; x++)
            if (g->atom_level[x] == l && ++facts)
                printf(" %s", cli_text(atom_name(g, x, buf)));
        if (l == 0 && !facts)
            printf(" (no atom that an action changes; static facts are left out)");
        printf("\naction layer %d:", l);
        for (int o = 0; o < g->hr->nops; o++)
            if (g->op_level[o] == l)
                printf(" %s%s", g->in_relaxed_plan[o] ? "*" : "", cli_text(op_name(g, o, buf)));
        printf("%s\n", l == g->nlevels - 1 ? "  (adds nothing new: the fixpoint)" : "");
    }
    if (g->goal_level >= 0)
        printf("goal level: %d (the first fact layer holding every goal atom)\n", g->goal_level);
    else
        printf("goal level: never (some goal atom is never reached: a dead end)\n");
    printf("never reached:");
    int never = 0;
    for (int x = 0; x < g->hr->natoms; x++)
        if (g->atom_level[x] < 0 && ++never)
            printf(" %s", cli_text(atom_name(g, x, buf)));
    printf("%s\n", never ? "" : " (none)");
    if (g->hff != PL_H_INF) {
        printf("relaxed plan (h_FF = %d):", g->hff);
        for (int o = 0; o < g->hr->nops; o++)
            if (g->in_relaxed_plan[o])
                printf(" %s", cli_text(op_name(g, o, buf)));
        printf("\n");
    }
}

static void print_graph_json(const pl_task *t, const pl_rpg *g)
{
    char buf[NAME];
    cJSON *o = cJSON_CreateObject();
    cJSON *state = cJSON_AddArrayToObject(o, "state");
    cJSON *layers = cJSON_AddArrayToObject(o, "layers");
    for (int l = 0; l < g->nlevels; l++) {
        cJSON *layer = cJSON_CreateObject();
        cJSON_AddNumberToObject(layer, "level", l);
        cJSON *facts = cJSON_AddArrayToObject(layer, "facts");
        for (int x = 0; x < g->hr->natoms; x++)
            if (g->atom_level[x] == l) {
                cJSON_AddItemToArray(facts, cJSON_CreateString(atom_name(g, x, buf)));
                if (l == 0 && x < t->natoms)
                    cJSON_AddItemToArray(state, cJSON_CreateString(t->atoms[x].name));
            }
        cJSON *acts = cJSON_AddArrayToObject(layer, "actions");
        for (int op = 0; op < g->hr->nops; op++)
            if (g->op_level[op] == l) {
                cJSON *e = cJSON_CreateObject();
                cJSON_AddStringToObject(e, "action", op_name(g, op, buf));
                cJSON_AddBoolToObject(e, "relaxed_plan", g->in_relaxed_plan[op]);
                cJSON_AddItemToArray(acts, e);
            }
        cJSON_AddItemToArray(layers, layer);
    }
    if (g->goal_level >= 0)
        cJSON_AddNumberToObject(o, "goal_level", g->goal_level);
    else
        cJSON_AddNullToObject(o, "goal_level");
    cJSON *never = cJSON_AddArrayToObject(o, "never");
    for (int x = 0; x < g->hr->natoms; x++)
        if (g->atom_level[x] < 0)
            cJSON_AddItemToArray(never, cJSON_CreateString(atom_name(g, x, buf)));
    if (g->hff != PL_H_INF)
        cJSON_AddNumberToObject(o, "hff", g->hff);
    else
        cJSON_AddNullToObject(o, "hff");
    cli_print_json(o);
}

/* The quiz's answer template: the state, then a blank level line per atom
 * to place (rpg_quiz.h's format). */
static void print_template(const pl_task *t, const pl_rpg *g, const rpg_args *a, const pl_start_state *start)
{
    char buf[NAME];
    printf("; planlens rpg quiz: %s / %s\n", cli_text(t->domain->name), cli_text(t->problem->name));
    cli_print_start(stdout, "; ", &a->start, start);
    printf("; Fact layer 0 is the state:");
    for (int x = 0; x < g->hr->natoms; x++)
        if (g->atom_level[x] == 0)
            printf(" %s", cli_text(atom_name(g, x, buf)));
    printf("\n; Write each atom's first level in the relaxed planning graph (a number, or never),\n"
           "; and mark a relaxed plan: one line 'plan (action)' per action, none unneeded.\n"
           "; Grade with: planlens rpg DOMAIN PROBLEM [the same state options] --quiz --answers FILE\n");
    for (int x = 0; x < g->hr->natoms; x++)
        if (g->atom_level[x] != 0)
            printf("level %s \n", cli_text(atom_name(g, x, buf)));
    printf("; plan (action)\n");
}

static void print_grades(const pl_quiz_result *q, bool json)
{
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON *items = cJSON_AddArrayToObject(o, "items");
        for (int i = 0; i < q->nitems; i++) {
            const pl_quiz_item *it = &q->items[i];
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "kind", it->kind == PL_QUIZ_LEVEL ? "level" : "plan");
            cJSON_AddNumberToObject(e, "line", it->line);
            cJSON_AddStringToObject(e, "subject", it->subject);
            cJSON_AddStringToObject(e, "answer", it->answer);
            cJSON_AddStringToObject(e, "expected", it->expected);
            cJSON_AddBoolToObject(e, "right", it->right);
            cJSON_AddStringToObject(e, "why", it->why);
            cJSON_AddItemToArray(items, e);
        }
        cJSON_AddNumberToObject(o, "levels_right", q->levels_right);
        cJSON_AddNumberToObject(o, "levels", q->levels);
        cJSON_AddNumberToObject(o, "unanswered", q->unanswered);
        if (q->has_plan)
            cJSON_AddBoolToObject(o, "plan_right", q->plan_right);
        cli_print_json(o);
        return;
    }
    for (int i = 0; i < q->nitems; i++) {
        const pl_quiz_item *it = &q->items[i];
        printf("line %d: %s %s: %s %s", it->line, it->kind == PL_QUIZ_LEVEL ? "level" : "plan", cli_text(it->subject),
               cli_text(it->answer), it->right ? "right" : "wrong");
        if (!it->right && it->kind == PL_QUIZ_LEVEL)
            printf(", first level %s", cli_text(it->expected));
        printf(": %s\n", cli_text(it->why));
    }
    printf("levels: %d of %d right, %d unanswered; relaxed plan: %s\n", q->levels_right, q->levels, q->unanswered,
           !q->has_plan ? "none given" : q->plan_right ? "right" : "wrong");
}

static int grade(const pl_task *t, const pl_rpg *g, const rpg_args *a)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(a->answers, &len, &err);
    pl_quiz_result q;
    if (!text || pl_check_text(a->answers, text, len, &err) != PL_OK ||
        pl_rpg_quiz_grade(t, g, text, a->answers, &q, &err) != PL_OK) {
        cli_print_error(&err);
        pl_error_clear(&err);
        free(text);
        return PL_EXIT_INPUT;
    }
    free(text);
    print_grades(&q, a->json);
    pl_quiz_result_clear(&q);
    return PL_EXIT_OK;
}

static int parse_args(int argc, char **argv, rpg_args *a)
{
    int n = 0;
    *a = (rpg_args){{NULL, NULL}, false, false, NULL, {NULL, -1, NULL}};
    for (int i = 0; i < argc; i++) {
        int flag = cli_state_flags("rpg", argc, argv, &i, &a->json, &a->start);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag)
            continue;
        if (!strcmp(argv[i], "--quiz")) {
            a->quiz = true;
        } else if (!strcmp(argv[i], "--answers")) {
            if (i + 1 == argc)
                return cli_usage_error("rpg", "--answers needs a FILE");
            a->answers = argv[++i];
        } else if (cli_state_positional("rpg", argv[i], a->pos, &n, 2) != PL_EXIT_OK) {
            return PL_EXIT_USAGE;
        }
    }
    if (n < 2)
        return cli_usage_error("rpg", "expected DOMAIN PROBLEM");
    if (a->answers && !a->quiz)
        return cli_usage_error("rpg", "--answers FILE goes with --quiz");
    if (a->quiz && !a->answers && a->json)
        return cli_usage_error("rpg", "the quiz's answer template is text: --format json grades --answers FILE");
    return cli_start_check("rpg", &a->start);
}

int cmd_rpg(int argc, char **argv)
{
    rpg_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_loaded_task lt;
    pl_start_state start;
    pl_relaxed *r;
    rc = cli_load_state("rpg", a.pos, &a.start, &lt, &start, &r);
    if (rc != PL_EXIT_OK)
        return rc;
    const pl_task *t = lt.task;
    pl_rpg g;
    if (pl_rpg_build(t, r, start.state, &g) < 0) {
        fprintf(stderr, "planlens: rpg: out of memory\n");
        rc = PL_EXIT_INPUT;
    } else {
        if (a.answers)
            rc = grade(t, &g, &a);
        else if (a.quiz)
            print_template(t, &g, &a, &start);
        else if (a.json)
            print_graph_json(t, &g);
        else
            print_graph(t, &g, &a, &start);
        pl_rpg_clear(&g);
    }
    cli_state_free(&lt, &start, r);
    return rc;
}
