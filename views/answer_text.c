/* ACPBench answers as text (answer_text.h). */
#include "answer_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"

/* A value as text: a string as is, a list of strings joined by ", ", an
 * empty list as a dash, anything else as compact JSON. */
static char *value_text(const cJSON *v, bool ascii)
{
    if (cJSON_IsString(v))
        return pl_strdup(v->valuestring);
    if (!cJSON_IsArray(v))
        return cJSON_PrintUnformatted(v);
    if (!cJSON_GetArraySize(v))
        return pl_strdup(ascii ? "-" : "—");
    size_t n = 1;
    const cJSON *it;
    cJSON_ArrayForEach(it, v) {
        if (!cJSON_IsString(it))
            return cJSON_PrintUnformatted(v);
        n += strlen(it->valuestring) + 2;
    }
    char *s = malloc(n);
    if (!s)
        return NULL;
    s[0] = '\0';
    cJSON_ArrayForEach(it, v) {
        if (s[0])
            strcat(s, ", ");
        strcat(s, it->valuestring);
    }
    return s;
}

/* What a key of a stored answer means: nexta's keys say where an action
 * leads, land's yes/no whether a fact is a landmark (not "on an optimal
 * plan": that is nexta's); NULL for other keys and tasks. */
static const char *key_meaning(pl_acp_task task, const char *key)
{
    static const char *const nexta[][2] = {{"yes", "on an optimal plan"},
                                           {"no", "not on any optimal plan"},
                                           {"maybe", "the planner decides"},
                                           {"opt", "optimal cost from here"}};
    static const char *const land[][2] = {{"yes", "is a landmark"}, {"no", "is not a landmark"}};
    const char *const(*meanings)[2] = task == PL_ACP_NEXTA ? nexta : task == PL_ACP_LAND ? land : NULL;
    size_t n = task == PL_ACP_NEXTA ? sizeof nexta / sizeof *nexta : task == PL_ACP_LAND ? sizeof land / sizeof *land : 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(key, meanings[i][0]))
            return meanings[i][1];
    return NULL;
}

void pl_view_answer_lines(pl_view_model *vm, const cJSON *answer, pl_acp_task task, int width, bool ascii)
{
    if (!answer) {
        pl_vm_wrapped(vm, ROLE_TEXT, "(none)", width, 2);
        return;
    }
    if (!cJSON_IsObject(answer)) {
        char *text = value_text(answer, ascii);
        pl_vm_wrapped(vm, ROLE_TEXT, text ? text : "(out of memory)", width, 2);
        free(text);
        return;
    }
    int keyw = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, answer) {
        int w = (int)strlen(it->string) + (key_meaning(task, it->string) ? (int)strlen(key_meaning(task, it->string)) + 3 : 0);
        keyw = w > keyw ? w : keyw;
    }
    cJSON_ArrayForEach(it, answer) {
        char label[96], *text = value_text(it, ascii);
        const char *meaning = key_meaning(task, it->string);
        if (meaning)
            snprintf(label, sizeof label, "%s (%s)", it->string, meaning);
        else
            snprintf(label, sizeof label, "%s", it->string);
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  %-*s  ", keyw, label);
        int indent = 2 + keyw + 2;
        if (text && indent + (int)strlen(text) <= width)
            pl_vm_span(vm, ROLE_TEXT, "%s", text);
        else /* on its own lines, under the values */
            pl_vm_wrapped(vm, ROLE_TEXT, text ? text : "(out of memory)", width, width > indent + 20 ? indent : 4);
        free(text);
    }
}

bool pl_record_failure_of(const pl_ws_record *r, pl_record_failure *out)
{
    memset(out, 0, sizeof *out);
    if (!r->graded || r->error || r->resp->error)
        return false;
    if (r->sound_score)
        return true; /* right: kind none */
    const pl_failure *f = pl_ws_record_failure(r);
    *out = (pl_record_failure){f->kind == PL_FAIL_NONE ? PL_FAIL_OTHER : f->kind, f->key, f->step, f->detail};
    return true;
}

const char *pl_record_failure_text(const pl_ws_record *r, char *buf, size_t size)
{
    pl_record_failure f;
    if (!pl_record_failure_of(r, &f))
        snprintf(buf, size, "%s", "");
    else
        snprintf(buf, size, "%s%s%s", pl_failure_kind_name(f.kind), f.key ? " " : "", f.key ? f.key : "");
    return buf;
}
