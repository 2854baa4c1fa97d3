/* The published CSVs of the paper's repository (results/plan_recovery/
 * final_evaluation/ CSV files): RFC 4180 fields, plans as Python list literals. */
#include <stdlib.h>
#include <string.h>

#include "quality/inputs_internal.h"

/* One CSV record starting at *at: fields (owned) into *fields.  Returns the
 * number of fields, 0 at the end, -1 on out of memory, -2 for an unclosed
 * quote (then *fields is NULL). */
static int csv_record(const char *text, size_t len, size_t *at, int *line, char ***fields)
{
    *fields = NULL;
    if (*at >= len)
        return 0;
    int n = 0;
    char **f = NULL;
    size_t i = *at;
    for (;;) {
        size_t cap = 64, k = 0;
        char *buf = malloc(cap);
        if (!buf)
            goto oom;
        bool quoted = i < len && text[i] == '"';
        i += quoted;
        for (; i < len; i++) {
            char ch = text[i];
            if (quoted && ch == '"') {
                if (i + 1 < len && text[i + 1] == '"') {
                    i++;
                } else {
                    quoted = false;
                    continue;
                }
            } else if (!quoted && (ch == ',' || ch == '\n' || ch == '\r')) {
                break;
            }
            if (ch == '\n')
                (*line)++;
            if (k + 2 > cap) {
                char *b = realloc(buf, cap *= 2);
                if (!b) {
                    free(buf);
                    goto oom;
                }
                buf = b;
            }
            buf[k++] = ch;
        }
        buf[k] = '\0';
        char **nf = realloc(f, ((size_t)n + 1) * sizeof *nf);
        if (!nf) {
            free(buf);
            goto oom;
        }
        f = nf;
        f[n++] = buf;
        if (quoted) { /* the text ends inside a quoted field: nothing of the record is kept */
            for (int j = 0; j < n; j++)
                free(f[j]);
            free(f);
            *at = len;
            return -2;
        }
        if (i < len && text[i] == ',') {
            i++;
            continue;
        }
        if (i < len && text[i] == '\r')
            i++;
        if (i < len && text[i] == '\n')
            i++, (*line)++;
        break;
    }
    *at = i;
    *fields = f;
    return n;
oom:
    for (int j = 0; j < n; j++)
        free(f[j]);
    free(f);
    return -1;
}

static void free_fields(char **f, int n)
{
    for (int i = 0; i < n; i++)
        free(f[i]);
    free(f);
}

int pl_quality_parse_pylist(const char *text, char ***items, int *n)
{
    *items = NULL;
    *n = 0;
    const char *s = text;
    while (*s == ' ')
        s++;
    if (*s++ != '[')
        return -1;
    for (;;) {
        while (*s == ' ' || *s == ',')
            s++;
        if (*s == ']')
            return 0;
        char q = *s;
        if (q != '\'' && q != '"')
            goto bad;
        size_t cap = strlen(++s) + 1, k = 0;
        char *buf = malloc(cap);
        if (!buf)
            goto bad;
        while (*s && *s != q) {
            if (*s == '\\' && s[1]) {
                s++;
                char e = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
                buf[k++] = e;
                s++;
            } else {
                buf[k++] = *s++;
            }
        }
        if (*s != q) {
            free(buf);
            goto bad;
        }
        s++;
        buf[k] = '\0';
        char **it = realloc(*items, ((size_t)*n + 1) * sizeof *it);
        if (!it) {
            free(buf);
            goto bad;
        }
        *items = it;
        it[(*n)++] = buf;
    }
bad:
    for (int i = 0; i < *n; i++)
        free((*items)[i]);
    free(*items);
    *items = NULL;
    *n = 0;
    return -1;
}

static int column(char **header, int nh, const char *name)
{
    for (int i = 0; i < nh; i++)
        if (!strcmp(header[i], name))
            return i;
    return -1;
}

pl_error_code pl_quality_read_csv(const char *path, const char *text, size_t len, const char *pddl_dir,
                                  pl_quality_cases *out, pl_diags *warnings, pl_error *err)
{
    size_t at = 0;
    int line = 1;
    char **header;
    int nh = csv_record(text, len, &at, &line, &header);
    if (nh < 0) {
        free_fields(header, 0);
        return pl_error_set(err, nh == -1 ? PL_ERR_LIMIT : PL_ERR_SYNTAX, path, 1, 1, "bad CSV header");
    }
    int cgt = column(header, nh, "gt_plan"), cllm = column(header, nh, "curr_plan");
    if (cgt < 0 || cllm < 0) {
        free_fields(header, nh);
        return pl_error_set(err, PL_ERR_SYNTAX, path, 1, 1, "expected the columns gt_plan and curr_plan");
    }
    pl_error_code rc = PL_OK;
    for (;;) {
        int start = line;
        char **f;
        int nf = csv_record(text, len, &at, &line, &f);
        if (nf == 0)
            break;
        if (nf == -1) {
            rc = pl_error_set(err, PL_ERR_LIMIT, path, start, 0, "out of memory");
            break;
        }
        if (nf == -2 || nf != nh) {
            pl_diags_add(warnings, path, start, 1, "skipped: expected %d fields%s", nh,
                         nf == -2 ? " (unclosed quote)" : "");
            free_fields(f, nf == -2 ? 0 : nf);
            continue;
        }
        pl_quality_case c = {0};
        c.llm_correct = -1;
        c.published = cJSON_CreateObject();
        for (int i = 0; c.published && i < nh; i++)
            cJSON_AddStringToObject(c.published, header[i], f[i]);
        int cm = column(header, nh, "model"), cd = column(header, nh, "domain"), ct = column(header, nh, "task"),
            ci = column(header, nh, "instance_id");
        c.model = cm >= 0 ? pl_strdup(f[cm]) : NULL;
        c.domain = cd >= 0 ? pl_strdup(f[cd]) : NULL;
        c.prompt_type = ct >= 0 ? pl_strdup(f[ct][0] == '_' ? f[ct] + 1 : f[ct]) : NULL;
        c.instance_id = ci >= 0 ? pl_strdup(f[ci]) : NULL;
        bool bad = pl_quality_parse_pylist(f[cgt], &c.gt, &c.ngt) < 0 ||
                   pl_quality_parse_pylist(f[cllm], &c.llm, &c.nllm) < 0;
        free_fields(f, nf);
        if (bad) {
            pl_diags_add(warnings, path, start, 1, "skipped: gt_plan and curr_plan must be Python lists of strings");
            pl_quality_case_free(&c);
            continue;
        }
        c.id = pl_quality_make_id(&c);
        int attached = !c.published || !c.id ? -1 : pl_quality_attach_pddl(&c, pddl_dir);
        if (attached == 1) {
            pl_diags_add(warnings, path, start, 1, "skipped: %s", c.load_error);
            pl_quality_case_free(&c);
            continue;
        }
        if (attached < 0 || pl_quality_cases_push(out, &c) < 0) {
            pl_quality_case_free(&c);
            rc = pl_error_set(err, PL_ERR_LIMIT, path, start, 0, "out of memory");
            break;
        }
    }
    free_fields(header, nh);
    return rc;
}
