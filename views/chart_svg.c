/* Bar charts as SVG text and CSV (chart_svg.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/safe_text.h"
#include "chart_svg.h"
#include "csv_out.h"

enum {
    WIDTH = 760,
    HEIGHT = 400,     /* per chart, with one row of `n=` counts and no note */
    LEFT = 70,        /* y axis labels */
    RIGHT = 180,      /* legend */
    TOP = 46,         /* title */
    BOTTOM = 120,     /* category labels and the x label */
    PLOT_W = WIDTH - LEFT - RIGHT,
    PLOT_H = HEIGHT - TOP - BOTTOM,
    N_FONT = 9,       /* the `n=` counts */
    N_ROW = 11,       /* a row of them */
    NOTE_H = 14       /* the note under the title */
};

/* The width of a text of `chars` characters at font size `size`: 0.6 em a
 * character, above the widest digit, `n` and `=` of Helvetica (0.556-0.584 em). */
static double text_width(size_t chars, int size)
{
    return 0.6 * size * (double)chars;
}

/* Where a chart goes in the document, and its scale. */
typedef struct {
    int y0;           /* the chart's top */
    int nrows;        /* rows of `n=` counts (1 without counts) */
    int plot_top;     /* the plot area's top; its bottom (the axis) is plot_top + PLOT_H */
    double top_value, step;
} chart_layout;

/* XML text of untrusted names (runs, categories): pl_xml_text makes it safe
 * and valid UTF-8, so that no control byte or broken sequence blanks the picture. */
static void put_xml(FILE *out, const char *s)
{
    char *text = pl_xml_text(s ? s : "");
    fputs(text ? text : "\xEF\xBF\xBD", out);
    free(text);
}

/* Does series s of c draw an error bar on category k (ci: the chart's intervals, or NULL)? */
static bool has_error_bar(const pl_chart *c, const pl_chart_ci *ci, int s, int k)
{
    return ci && !c->stacked && ci[s].low && ci[s].high && isfinite(ci[s].low[k]) && isfinite(ci[s].high[k]);
}

/* The highest bar, or error bar: the scale must hold the whisker too. */
static double bar_height_max(const pl_chart *c, const pl_chart_ci *ci)
{
    double max = 0;
    for (int k = 0; k < c->ncategories; k++) {
        double sum = 0;
        for (int s = 0; s < c->nseries; s++) {
            double v = c->series[s].values[k] > 0 ? c->series[s].values[k] : 0;
            if (has_error_bar(c, ci, s, k) && ci[s].high[k] > v)
                v = ci[s].high[k];
            sum = c->stacked ? sum + v : (v > sum ? v : sum);
        }
        max = sum > max ? sum : max;
    }
    return max;
}

/* The highest bar of every chart of the figure measured in the same unit
 * (the same y label) as chart i: one scale for all of them. */
static double shared_max(const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts, int i)
{
    double max = 0;
    for (int j = 0; j < ncharts; j++)
        if (j == i || !strcmp(charts[j].y_label ? charts[j].y_label : "", charts[i].y_label ? charts[i].y_label : "")) {
            double m = bar_height_max(&charts[j], ci ? ci[j] : NULL);
            max = m > max ? m : max;
        }
    return max;
}

/* 1, 2 or 5 × 10^k: at most five steps up to max. */
static double tick_step(double max)
{
    double p = pow(10, floor(log10(max / 5)));
    static const double mult[] = {1, 2, 5, 10};
    for (size_t i = 0; i < 4; i++)
        if (max / (p * mult[i]) <= 5)
            return p * mult[i];
    return p * 10;
}

static double band_width(const pl_chart *c)
{
    return (double)PLOT_W / (c->ncategories ? c->ncategories : 1);
}

/* Rows of `n=` counts: the counts of a row are `rows` bands apart, which
 * must hold the widest of them with a gap. */
static int count_rows(const pl_chart *c)
{
    if (!c->totals)
        return 1;
    size_t widest = 0;
    for (int k = 0; k < c->ncategories; k++) {
        char text[32];
        size_t len = (size_t)snprintf(text, sizeof text, "n=%d", c->totals[k]);
        widest = len > widest ? len : widest;
    }
    int rows = (int)ceil((text_width(widest, N_FONT) + 3) / band_width(c));
    return rows < 1 ? 1 : rows;
}

static chart_layout layout_of(const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts, int i, int y0)
{
    chart_layout l = {.y0 = y0, .nrows = count_rows(&charts[i])};
    l.plot_top = y0 + TOP + (charts[i].note ? NOTE_H : 0) + (l.nrows - 1) * N_ROW;
    double max = shared_max(charts, ci, ncharts, i);
    l.step = tick_step(max > 0 ? max : 1);
    l.top_value = ceil((max > 0 ? max : 1) / l.step - 1e-9) * l.step;
    return l;
}

static int chart_height(const chart_layout *l)
{
    return l->plot_top - l->y0 + PLOT_H + BOTTOM;
}

/* The longest category label, in characters; the labels are turned when
 * they do not fit their band. */
static size_t longest_category(const pl_chart *c)
{
    size_t longest = 0;
    for (int k = 0; k < c->ncategories; k++)
        longest = strlen(c->categories[k]) > longest ? strlen(c->categories[k]) : longest;
    return longest;
}

static bool labels_turned(const pl_chart *c)
{
    return (double)longest_category(c) * 6.5 > band_width(c);
}

static void write_axes(FILE *out, const pl_chart *c, const chart_layout *l)
{
    int base = l->plot_top + PLOT_H;
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">", LEFT, l->y0 + 24);
    put_xml(out, c->title);
    fputs("</text>\n", out);
    if (c->note) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" font-style=\"italic\">", LEFT, l->y0 + 24 + NOTE_H);
        put_xml(out, c->note);
        fputs("</text>\n", out);
    }
    for (int i = 0; l->step * i <= l->top_value * (1 + 1e-9); i++) {
        double y = base - PLOT_H * (l->step * i / l->top_value);
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", LEFT, y,
                LEFT + PLOT_W, y);
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%g</text>\n", LEFT - 6, y + 4,
                l->step * i);
    }
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT, base, LEFT + PLOT_W,
            base);
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000000\"/>\n", LEFT, l->plot_top, LEFT, base);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">",
            18, l->plot_top + PLOT_H / 2, 18, l->plot_top + PLOT_H / 2);
    put_xml(out, c->y_label);
    fputs("</text>\n", out);
    /* the x label right under the category labels (turned by 40°: 0.64 of their length below the axis) */
    int below = labels_turned(c) ? 14 + (int)(longest_category(c) * 6.5 * 0.64) + 18 : 36;
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">", LEFT + PLOT_W / 2,
            below < BOTTOM - 8 ? base + below : base + BOTTOM - 8);
    put_xml(out, c->x_label);
    fputs("</text>\n", out);
}

/* The 95 % interval of series s at category k: a vertical line with caps,
 * centred on the bar at x. */
static void write_error_bar(FILE *out, const pl_chart *c, const pl_chart_ci *ci, int s, int k, double x, int base,
                            double top_value)
{
    double low = ci[s].low[k] > 0 ? ci[s].low[k] : 0, high = ci[s].high[k];
    double y1 = base - PLOT_H * low / top_value, y2 = base - PLOT_H * (high > low ? high : low) / top_value;
    fprintf(out, "<path class=\"ci\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" stroke=\"#000000\" "
                 "fill=\"none\"><title>95%% CI ",
            x, y1, y2, x - 4, y1, x + 4, x - 4, y2, x + 4);
    put_xml(out, c->series[s].name);
    fprintf(out, ": %g to %g</title></path>\n", ci[s].low[k], ci[s].high[k]);
}

static void write_bars(FILE *out, const pl_chart *c, const pl_chart_ci *ci, const chart_layout *l)
{
    int base = l->plot_top + PLOT_H;
    double band = band_width(c), top_value = l->top_value;
    double width = band * 0.7;
    bool rotate = labels_turned(c);
    for (int k = 0; k < c->ncategories; k++) {
        double x = LEFT + band * k + (band - width) / 2, stack = 0;
        for (int s = 0; s < c->nseries; s++) {
            double v = c->series[s].values[k] > 0 ? c->series[s].values[k] : 0;
            double h = PLOT_H * v / top_value;
            double bx = c->stacked ? x : x + width / c->nseries * s;
            double bw = c->stacked ? width : width / c->nseries;
            double by = base - h - (c->stacked ? PLOT_H * stack / top_value : 0);
            stack += v;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"", bx, by, bw, h);
            put_xml(out, c->series[s].colour);
            fputs("\"><title>", out);
            put_xml(out, c->categories[k]);
            fputs(", ", out);
            put_xml(out, c->series[s].name);
            fprintf(out, ": %g</title></rect>\n", c->series[s].values[k]);
            if (has_error_bar(c, ci, s, k))
                write_error_bar(out, c, ci, s, k, bx + bw / 2, base, top_value);
        }
        double cx = LEFT + band * (k + 0.5);
        /* the last row right above the plot, the others above it in turn */
        if (c->totals)
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">n=%d</text>\n", cx,
                    l->plot_top - 4 - (l->nrows - 1 - k % l->nrows) * N_ROW, N_FONT, c->totals[k]);
        if (rotate)
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" "
                         "transform=\"rotate(-40 %.1f %d)\">", cx, base + 14, cx, base + 14);
        else
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">", cx, base + 16);
        put_xml(out, c->categories[k]);
        fputs("</text>\n", out);
    }
}

static void write_legend(FILE *out, const pl_chart *c, const chart_layout *l)
{
    int x = LEFT + PLOT_W + 20;
    for (int s = 0; s < c->nseries; s++) {
        int y = l->plot_top + 18 * s;
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"", x, y);
        put_xml(out, c->series[s].colour);
        fprintf(out, "\"/>\n<text x=\"%d\" y=\"%d\" font-size=\"11\">", x + 18, y + 10);
        put_xml(out, c->series[s].name);
        fputs("</text>\n", out);
    }
}

int pl_chart_write_svg(FILE *out, const pl_chart *charts, int ncharts)
{
    return pl_chart_write_svg_ci(out, charts, NULL, ncharts);
}

int pl_chart_write_svg_ci(FILE *out, const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts)
{
    int height = 0;
    for (int i = 0; i < ncharts; i++) {
        chart_layout l = layout_of(charts, ci, ncharts, i, height);
        height += chart_height(&l);
    }
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"Helvetica, Arial, sans-serif\">\n"
                 "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            WIDTH, height, WIDTH, height);
    for (int i = 0, y0 = 0; i < ncharts; i++) {
        const pl_chart *c = &charts[i];
        chart_layout l = layout_of(charts, ci, ncharts, i, y0);
        fputs("<g>\n", out);
        write_axes(out, c, &l);
        write_bars(out, c, ci ? ci[i] : NULL, &l);
        write_legend(out, c, &l);
        fputs("</g>\n", out);
        y0 += chart_height(&l);
    }
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}

/* The union of the series names, in order of first appearance. */
static int series_columns(const pl_chart *charts, int ncharts, const char **names)
{
    int n = 0;
    for (int i = 0; i < ncharts; i++)
        for (int s = 0; s < charts[i].nseries; s++) {
            int j = 0;
            while (j < n && strcmp(names[j], charts[i].series[s].name))
                j++;
            if (j == n)
                names[n++] = charts[i].series[s].name;
        }
    return n;
}

/* The union of the names of the series that have intervals. */
static int interval_columns(const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts, const char **names)
{
    int n = 0;
    for (int i = 0; ci && i < ncharts; i++)
        for (int s = 0; ci[i] && s < charts[i].nseries; s++) {
            int j = 0;
            while (j < n && strcmp(names[j], charts[i].series[s].name))
                j++;
            if (j == n && ci[i][s].low && ci[i][s].high)
                names[n++] = charts[i].series[s].name;
        }
    return n;
}

/* A number, or nothing when it is not finite. */
static void put_number(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.6g", x);
}

/* Row k's interval cells of the series named `name` in chart c (empty when it has none). */
static void put_interval_cells(FILE *out, const pl_chart *c, const pl_chart_ci *ci, const char *name, int k)
{
    const pl_chart_ci *sr = NULL;
    for (int s = 0; ci && s < c->nseries && !sr; s++)
        if (!strcmp(c->series[s].name, name) && ci[s].low && ci[s].high)
            sr = &ci[s];
    fputc(',', out);
    if (sr)
        put_number(out, sr->low[k]);
    fputc(',', out);
    if (sr)
        put_number(out, sr->high[k]);
}

int pl_chart_write_csv(FILE *out, const pl_chart *charts, int ncharts)
{
    return pl_chart_write_csv_ci(out, charts, NULL, ncharts);
}

int pl_chart_write_csv_ci(FILE *out, const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts)
{
    int cap = 1;
    for (int i = 0; i < ncharts; i++)
        cap += charts[i].nseries;
    const char **names = malloc((size_t)cap * sizeof *names), **ci_names = malloc((size_t)cap * sizeof *ci_names);
    if (!names || !ci_names) {
        free(names);
        free(ci_names);
        return -1;
    }
    int ncols = series_columns(charts, ncharts, names), nci = interval_columns(charts, ci, ncharts, ci_names);
    bool any_totals = false;
    for (int i = 0; i < ncharts; i++)
        any_totals |= charts[i].totals != NULL;
    fputs("chart,model,category", out);
    for (int j = 0; j < ncols; j++) {
        fputc(',', out);
        pl_csv_put(out, names[j]);
    }
    for (int j = 0; j < nci; j++) { /* "ci_low,ci_high" for one series, else prefixed by the series */
        const char *suffix[2] = {"ci_low", "ci_high"};
        for (int e = 0; e < 2; e++) {
            char *column = nci == 1 ? pl_strdup(suffix[e]) : pl_strdup_printf("%s_%s", ci_names[j], suffix[e]);
            fputc(',', out);
            pl_csv_put(out, column ? column : suffix[e]);
            free(column);
        }
    }
    fputs(any_totals ? ",n\n" : "\n", out);
    for (int i = 0; i < ncharts; i++) {
        const pl_chart *c = &charts[i];
        for (int k = 0; k < c->ncategories; k++) {
            pl_csv_put(out, c->id);
            fputc(',', out);
            pl_csv_put(out, c->model ? c->model : c->categories_are_models ? c->categories[k] : "");
            fputc(',', out);
            pl_csv_put(out, c->categories[k]);
            for (int j = 0; j < ncols; j++) {
                fputc(',', out);
                for (int s = 0; s < c->nseries; s++)
                    if (!strcmp(c->series[s].name, names[j]))
                        fprintf(out, "%.6g", c->series[s].values[k]);
            }
            for (int j = 0; j < nci; j++)
                put_interval_cells(out, c, ci ? ci[i] : NULL, ci_names[j], k);
            if (any_totals && c->totals)
                fprintf(out, ",%d", c->totals[k]);
            else if (any_totals)
                fputc(',', out);
            fputc('\n', out);
        }
    }
    free(names);
    free(ci_names);
    return ferror(out) ? -1 : 0;
}

static int write_file(const char *path, const pl_chart *charts, int n, bool svg, pl_error *err)
{
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, path, err);
    if (!f)
        return err->code;
    bool ok = (svg ? pl_chart_write_svg(f, charts, n) : pl_chart_write_csv(f, charts, n)) == 0;
    pl_error_code rc = pl_atomic_close(&a, ok, err);
    return ok ? rc : pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write");
}

int pl_chart_export(const pl_chart *charts, int ncharts, const char *path, pl_error *err)
{
    size_t len = strlen(path);
    bool svg = len > 4 && !strcmp(path + len - 4, ".svg");
    char *csv = svg ? pl_strdup_printf("%.*s.csv", (int)(len - 4), path) : pl_strdup(path);
    int rc = csv ? PL_OK : (int)pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    if (rc == PL_OK && svg)
        rc = write_file(path, charts, ncharts, true, err);
    if (rc == PL_OK)
        rc = write_file(csv, charts, ncharts, false, err);
    free(csv);
    return rc;
}
