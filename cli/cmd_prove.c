/* planlens prove DOMAIN PROBLEM never-applicable ACTION | dead-end |
 * landmark ATOM [--plan FILE [--step K] | --state FILE] [--time-limit S]
 * [--format text|json]: the cheapest argument that decides the claim
 * (engine/teach/proof.h).  Exit 0 when the claim is proven, 1 when it is
 * refuted (the witness printed), 4 when a limit left it undecided. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "teach/proof.h"

enum { PL_EXIT_UNDECIDED = 4 };

typedef struct {
    const char *pos[4]; /* DOMAIN PROBLEM QUESTION [OPERAND] */
    bool json;
    double seconds;
    pl_start_spec start;
} prove_args;

static int parse_args(int argc, char **argv, prove_args *a)
{
    int n = 0;
    *a = (prove_args){{NULL, NULL, NULL, NULL}, false, 10, {NULL, -1, NULL}};
    for (int i = 0; i < argc; i++) {
        int flag = cli_state_flags("prove", argc, argv, &i, &a->json, &a->start);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag)
            continue;
        if (!strcmp(argv[i], "--time-limit")) {
            char *end;
            if (i + 1 == argc || (a->seconds = strtod(argv[i + 1], &end)) <= 0 || *end)
                return cli_usage_error("prove", "--time-limit needs a number of seconds above 0");
            i++;
        } else if (cli_state_positional("prove", argv[i], a->pos, &n, 4) != PL_EXIT_OK) {
            return PL_EXIT_USAGE;
        }
    }
    const char *q = a->pos[2];
    bool operand = q && (!strcmp(q, "never-applicable") || !strcmp(q, "landmark"));
    if (n < 3 || !(operand || !strcmp(q, "dead-end")))
        return cli_usage_error("prove", "expected DOMAIN PROBLEM never-applicable ACTION | dead-end | landmark ATOM");
    if (operand != (n == 4))
        return cli_usage_error("prove", operand ? "'%s' needs the %s" : "'%s' takes no further argument", q,
                               !strcmp(q, "landmark") ? "atom" : "action");
    return cli_start_check("prove", &a->start);
}

static void print_text(const pl_task *t, const prove_args *a, const pl_start_state *start, const pl_proof *p)
{
    printf("task: %s / %s\n", cli_text(t->domain->name), cli_text(t->problem->name));
    cli_print_start(stdout, "", &a->start, start);
    printf("claim: %s%s%s\n", a->pos[2], a->pos[3] ? " " : "", a->pos[3] ? cli_text(a->pos[3]) : "");
    printf("%s (method: %s)\n", cli_text(p->summary), pl_proof_method_name(p->method));
    for (int i = 0; i < p->nlines; i++)
        printf("  %s\n", cli_text(p->lines[i]));
    for (int i = 0; i < p->plan_length; i++)
        printf("  %d. %s\n", i + 1, cli_text(t->actions[p->plan[i]].name));
}

static void print_json(const pl_task *t, const prove_args *a, const pl_proof *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "claim", a->pos[2]);
    if (a->pos[3])
        cJSON_AddStringToObject(o, "about", a->pos[3]);
    cJSON_AddStringToObject(o, "answer", pl_answer_name(p->claim));
    cJSON_AddStringToObject(o, "method", pl_proof_method_name(p->method));
    cJSON_AddStringToObject(o, "summary", p->summary);
    cJSON *lines = cJSON_AddArrayToObject(o, "lines");
    for (int i = 0; i < p->nlines; i++)
        cJSON_AddItemToArray(lines, cJSON_CreateString(p->lines[i]));
    if (p->plan) {
        cJSON *plan = cJSON_AddArrayToObject(o, "plan");
        for (int i = 0; i < p->plan_length; i++)
            cJSON_AddItemToArray(plan, cJSON_CreateString(t->actions[p->plan[i]].name));
    }
    cJSON_AddNumberToObject(o, "expansions", (double)p->expansions);
    cli_print_json(o);
}

int cmd_prove(int argc, char **argv)
{
    prove_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_loaded_task lt;
    pl_start_state start;
    pl_relaxed *r;
    rc = cli_load_state("prove", a.pos, &a.start, &lt, &start, &r);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_limits limits = {0, a.seconds, 0};
    pl_proof p;
    char *why = NULL;
    int got = !strcmp(a.pos[2], "dead-end") ? pl_prove_dead_end(lt.task, r, start.state, &limits, &p)
              : !strcmp(a.pos[2], "landmark")
                  ? pl_prove_landmark(lt.task, r, start.state, a.pos[3], &limits, &p, &why)
                  : pl_prove_never_applicable(lt.task, r, start.state, a.pos[3], &limits, &p, &why);
    if (got == -2) {
        fprintf(stderr, "planlens: prove: %s: %s\n", cli_text(a.pos[3]), cli_text(why));
        rc = PL_EXIT_INPUT;
    } else if (got < 0) {
        fprintf(stderr, "planlens: prove: out of memory\n");
        rc = PL_EXIT_INPUT;
    } else {
        if (a.json)
            print_json(lt.task, &a, &p);
        else
            print_text(lt.task, &a, &start, &p);
        rc = p.claim == PL_YES ? PL_EXIT_OK : p.claim == PL_NO ? PL_EXIT_INVALID : PL_EXIT_UNDECIDED;
    }
    free(why);
    pl_proof_clear(&p);
    cli_state_free(&lt, &start, r);
    return rc;
}
