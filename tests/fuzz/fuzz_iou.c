/* The IoU side: planlens-iou/1 question files, the answer-list reader and the
 * explorer's filter language.  The first byte picks which. */
#include <stdint.h>
#include <stdlib.h>

#include "filter.h"
#include "fuzz_input.h"
#include "iou/answer_list.h"
#include "iou/questions.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = fuzz_strndup(data + 1, size - 1);
    if (data[0] % 3 == 0) {
        pl_iou_questions qs = PL_IOU_QUESTIONS_INIT;
        pl_diags warnings = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        pl_iou_questions_load(&qs, fuzz_write_file("questions.jsonl", data + 1, size - 1), &warnings, &err);
        pl_iou_questions_free(&qs);
        pl_diags_clear(&warnings);
        pl_error_clear(&err);
    } else if (data[0] % 3 == 1) {
        pl_answer_list l;
        if (pl_answer_list_parse(text, &l) == 0)
            pl_answer_list_free(&l);
    } else {
        int col;
        char *error = NULL;
        pl_filter_free(pl_filter_parse(text, &col, &error));
        free(error);
    }
    free(text);
    return 0;
}
