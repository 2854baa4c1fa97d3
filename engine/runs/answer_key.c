/* Answer and question keys (answer_key.h). */
#include "runs/answer_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pl_acp_group_name(pl_acp_task task, pl_acp_format format)
{
    static const char *const formats[] = {"gen", "bool", "mcq"};
    static char names[PL_ACP_NTASKS][3][16];
    if ((unsigned)task >= PL_ACP_NTASKS || (unsigned)format > PL_ACP_MCQ)
        return "?";
    char *name = names[task][format];
    if (!name[0]) /* the same text from every thread: a benign, idempotent write */
        snprintf(name, sizeof names[0][0], "%s_%s", pl_acp_task_name(task), formats[format]);
    return name;
}

/* Appends `field` to out (escaped) followed by sep (0: none); returns the new end. */
static char *put_field(char *out, const char *field, char sep)
{
    for (const char *s = field; *s; s++) {
        if (*s == '|' || *s == '\\')
            *out++ = '\\';
        *out++ = *s;
    }
    if (sep)
        *out++ = sep;
    return out;
}

static char *join(const char *const *fields, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += 2 * strlen(fields[i]) + 1;
    char *key = malloc(len), *end = key;
    if (!key)
        return NULL;
    for (int i = 0; i < n; i++)
        end = put_field(end, fields[i], i + 1 < n ? '|' : 0);
    *end = 0;
    return key;
}

char *pl_answer_key(const char *run, const char *group, const char *id, const char *sample_id, int epoch)
{
    char ep[16];
    snprintf(ep, sizeof ep, "%d", epoch > 0 ? epoch : 1);
    const char *fields[] = {run ? run : "?", group ? group : "?", id ? id : "?",
                            sample_id && *sample_id ? sample_id : "-", ep};
    return join(fields, 5);
}

char *pl_question_key(const char *group, const char *id)
{
    const char *fields[] = {group ? group : "?", id ? id : "?"};
    return join(fields, 2);
}

/* The end of the escaped field starting at s. */
static const char *field_end(const char *s)
{
    while (*s && *s != '|')
        s += s[0] == '\\' && s[1] ? 2 : 1;
    return s;
}

char *pl_answer_key_question(const char *key)
{
    const char *group = field_end(key);
    if (!*group)
        return NULL;
    group++;
    const char *id_end = field_end(field_end(group) + (*field_end(group) != 0));
    const char *sample = id_end;
    int fields = 2;
    while (*sample) /* count the fields after the id: sample and epoch */
        sample = field_end(sample + 1), fields++;
    if (fields != 4)
        return NULL;
    size_t n = (size_t)(id_end - group);
    char *q = malloc(n + 1);
    if (q) {
        memcpy(q, group, n);
        q[n] = 0;
    }
    return q;
}
