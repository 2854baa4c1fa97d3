/* The plan-quality case list: cases built, their plans split and rewritten
 * as the official code does, ids made, and the PDDL files found for them. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "base/path.h"
#include "quality/inputs_internal.h"

void pl_quality_case_free(pl_quality_case *c)
{
    free(c->id);
    free(c->model);
    free(c->prompt_type);
    free(c->domain);
    free(c->instance_id);
    free(c->task);
    free(c->domain_text);
    free(c->problem_text);
    free(c->domain_name);
    free(c->problem_name);
    for (int i = 0; i < c->ngt; i++)
        free(c->gt[i]);
    for (int i = 0; i < c->nllm; i++)
        free(c->llm[i]);
    free(c->gt);
    free(c->llm);
    cJSON_Delete(c->published);
    free(c->load_error);
    free(c->prompt);
    free(c->raw_response);
    memset(c, 0, sizeof *c);
}

void pl_quality_cases_free(pl_quality_cases *c)
{
    for (int i = 0; i < c->count; i++)
        pl_quality_case_free(&c->items[i]);
    free(c->items);
    memset(c, 0, sizeof *c);
}

int pl_quality_cases_push(pl_quality_cases *cs, pl_quality_case *c)
{
    if (cs->count == cs->cap) {
        int cap = cs->cap ? cs->cap * 2 : 64;
        pl_quality_case *items = realloc(cs->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        cs->items = items;
        cs->cap = cap;
    }
    cs->items[cs->count++] = *c;
    memset(c, 0, sizeof *c);
    return 0;
}

int pl_quality_push_action(char ***list, int *n, const char *s, size_t len)
{
    char **items = realloc(*list, ((size_t)*n + 1) * sizeof *items);
    if (!items)
        return -1;
    *list = items;
    if (!(items[*n] = pl_strndup(s, len)))
        return -1;
    (*n)++;
    return 0;
}

/* parse_plan: split on '\n', drop empty lines, keep everything else as is. */
int pl_quality_split_plan(const char *text, char ***list, int *n)
{
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        if (len && pl_quality_push_action(list, n, text, len) < 0)
            return -1;
        text += len + (nl ? 1 : 0);
    }
    return 0;
}

/* The official run_evaluation: PDDL prompts drop the GT's cost line;
 * randomized domains have o<N> rewritten to object_<N> in the LLM plan. */
int pl_quality_official_rewrites(pl_quality_case *c, bool rewrite_objects)
{
    if (c->prompt_type && strstr(c->prompt_type, "pddl") && c->ngt > 0)
        free(c->gt[--c->ngt]);
    if (!rewrite_objects || !c->domain || !strstr(c->domain, "randomized"))
        return 0;
    for (int i = 0; i < c->nllm; i++) {
        const char *s = c->llm[i];
        size_t len = strlen(s), k = 0;
        char *out = malloc(len * 7 / 2 + 8); /* "o1" -> "object_1": at most 3.5x */
        if (!out)
            return -1;
        for (size_t j = 0; j < len;) {
            bool start = j == 0 || !(isalnum((unsigned char)s[j - 1]) || s[j - 1] == '_');
            size_t d = j + 1;
            while (d < len && isdigit((unsigned char)s[d]))
                d++;
            bool end = d == len || !(isalnum((unsigned char)s[d]) || s[d] == '_');
            if (s[j] == 'o' && start && d > j + 1 && end) {
                memcpy(out + k, "object_", 7);
                memcpy(out + k + 7, s + j + 1, d - j - 1);
                k += 7 + d - j - 1;
                j = d;
            } else {
                out[k++] = s[j++];
            }
        }
        out[k] = '\0';
        free(c->llm[i]);
        c->llm[i] = out;
    }
    return 0;
}

char *pl_quality_make_id(const pl_quality_case *c)
{
    return pl_strdup_printf("%s/%s/%s/%s", c->domain ? c->domain : "?", c->model ? c->model : "?",
                            c->prompt_type ? c->prompt_type : "?", c->instance_id ? c->instance_id : "?");
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* utils.get_config_dir / get_instance_from_config */
static const struct {
    const char *domain, *dir, *sub;
} layouts[] = {
    {"blocksworld", "blocksworld", "generated_basic"},
    {"blocksworld_3", "blocksworld", "generated_basic_3"},
    {"mystery_blocksworld_3", "blocksworld/mystery", "generated_basic_3"},
    {"random_blocksworld_3", "blocksworld", "generated_basic_3"},
    {"logistics", "logistics", "generated_basic"},
    {"obfuscated_randomized_logistics", "obfuscated_randomized_logistics", "generated_basic"},
    {"office_robot", "office_robot", "generated_basic"},
};

/* dir/rel when it is a regular file, confined under dir (instance ids and
 * the PDDL directory itself are data: `..` or a symbolic link must not lead
 * out); NULL when there is none, or when it leads out: then *refused holds
 * why (the first refusal only). */
static char *confined_file(const char *dir, const char *rel, char **refused)
{
    char *joined = pl_strdup_printf("%s/%s", dir, rel);
    bool there = joined && is_file(joined);
    free(joined);
    if (!there)
        return NULL;
    pl_error e = PL_ERROR_INIT;
    char *path = pl_path_join_confined(dir, rel, &e);
    if (!path && !*refused)
        *refused = pl_error_format(&e);
    pl_error_clear(&e);
    return path;
}

/* The problem of instance id in dir/psub and its domain in dir/dsub (each
 * "" or "name/" ...); 0, or -1 when there is none or it leads out. */
static int try_pair(const char *dir, const char *dsub, const char *psub, const char *id, char **dp, char **pp,
                    char **refused)
{
    static const char *const dnames[] = {"generated_domain.pddl", "domain.pddl"};
    char *rel = pl_strdup_printf("%sinstance-%s.pddl", psub, id);
    char *prob = rel ? confined_file(dir, rel, refused) : NULL;
    free(rel);
    for (size_t k = 0; prob && k < 2; k++) {
        char *drel = pl_strdup_printf("%s%s", dsub, dnames[k]);
        char *dom = drel ? confined_file(dir, drel, refused) : NULL;
        free(drel);
        if (dom) {
            *dp = dom;
            *pp = prob;
            return 0;
        }
    }
    free(prob);
    return -1;
}

/* The PDDL of a PlanBench instance under dir: generated_domain.pddl (or
 * domain.pddl) in dir, <dir>/<mapped>/ for the paper's domain names
 * (blocksworld_3 -> blocksworld/generated_basic_3, logistics ->
 * logistics/generated_basic, ...), or instance-<id>.pddl in dir or in its
 * generated_basic_3 / generated_basic.  Owned paths; -1 when not found, or
 * when a file found leads outside dir: then *refused (owned) says why. */
static int find_pddl(const char *dir, const char *domain, const char *instance_id, char **domain_path,
                     char **problem_path, char **refused)
{
    *domain_path = *problem_path = NULL;
    if (!dir || !instance_id)
        return -1;
    for (size_t i = 0; domain && !*refused && i < sizeof layouts / sizeof layouts[0]; i++) {
        if (strcmp(layouts[i].domain, domain))
            continue;
        char *d = pl_strdup_printf("%s/", layouts[i].dir);
        char *p = pl_strdup_printf("%s/%s/", layouts[i].dir, layouts[i].sub);
        int rc = d && p ? try_pair(dir, d, p, instance_id, domain_path, problem_path, refused) : -1;
        free(d);
        free(p);
        if (rc == 0)
            return 0;
    }
    static const char *const subs[] = {"", "generated_basic_3/", "generated_basic/"};
    for (size_t k = 0; !*refused && k < 3; k++)
        if (try_pair(dir, "", subs[k], instance_id, domain_path, problem_path, refused) == 0)
            return 0;
    return -1;
}

/* Reads the located PDDL into the case, or records why not: 0; 1 when the
 * instance's PDDL leads outside pddl_dir (c->load_error says so: the case
 * is to be reported and skipped); -1 when out of memory. */
int pl_quality_attach_pddl(pl_quality_case *c, const char *pddl_dir)
{
    char *dp, *pp, *refused = NULL;
    int found = find_pddl(pddl_dir, c->domain, c->instance_id, &dp, &pp, &refused);
    if (found == 0 && refused) { /* a domain file beside it leads out: the instance is refused all the same */
        free(dp);
        free(pp);
        found = -1;
    }
    if (found < 0) {
        const char *id = c->instance_id ? c->instance_id : "?";
        c->load_error = refused ? pl_strdup_printf("instance %s: %s", id, refused)
                                : pl_strdup_printf("no PDDL for instance %s under %s (use --pddl-dir DIR)", id,
                                                   pddl_dir ? pddl_dir : "(none)");
        int rc = !c->load_error ? -1 : refused ? 1 : 0;
        free(refused);
        return rc;
    }
    size_t len;
    pl_error e = PL_ERROR_INIT;
    c->domain_text = pl_read_file(dp, &len, &e);
    if (c->domain_text)
        c->problem_text = pl_read_file(pp, &len, &e);
    if (!c->problem_text)
        c->load_error = pl_error_format(&e);
    pl_error_clear(&e);
    c->domain_name = dp;
    c->problem_name = pp;
    return 0;
}
