/*
 * git disclose report on a terminal: the figures of a history (counted
 * by src/history.c) as bar charts, one bar per month, agent, model,
 * family, subsystem or tool, each split into disclosed and undisclosed
 * AI commits, with a sparkline of its months; a key pivots, Enter lists
 * the commits behind the bar in the pager.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history.h"
#include "repo.h"
#include "screen.h"

/* The commits listed behind one bar, at most (the rest are counted). */
#define LIST_MAX 2000

static struct {
	struct history *h;
	struct repo *repo;
} R;

void screen_report_set(struct history *h, struct repo *r)
{
	R.h = h;
	R.repo = r;
}

/* The pivots, each a key and what it counts by. */
static const struct {
	int key;
	enum history_by by;
	const char *label;
} pivots[] = {
	{ 'm', BY_MONTH, "month" },
	{ 'a', BY_AGENT, "agent" },
	{ 'o', BY_MODEL, "model" },
	{ 'f', BY_FAMILY, "family" },
	{ 's', BY_SUBSYSTEM, "subsystem" },
	{ 't', BY_TOOL, "tool" },
};

#define NR_PIVOTS (sizeof(pivots) / sizeof(pivots[0]))

struct report_view {
	size_t pivot;
	struct history_row *rows;	/* sorted, the history's rows */
	size_t nr;
	int cursor, top;
	int month_lo, month_hi;		/* the months of the history */
};

static bool utf8(void)
{
	return MB_CUR_MAX > 1;
}

/* The first pivot is what the report was grouped by (month or tag). */
static const char *pivot_label(size_t i)
{
	if (i == 0 && R.h->by != BY_MONTH)
		return history_by_name(R.h->by);
	return pivots[i].label;
}

static void load_rows(struct report_view *rv)
{
	free(rv->rows);
	rv->rows = history_rows(R.h, pivots[rv->pivot].by, &rv->nr);
	rv->cursor = 0;
	rv->top = 0;
}

static int report_open(struct view *v)
{
	struct report_view *rv;

	if (!R.h)
		return error_set("internal: the report view has no report");
	rv = xcalloc(1, sizeof(*rv));
	rv->month_lo = R.h->first ? history_month(R.h->first) : 0;
	rv->month_hi = R.h->last ? history_month(R.h->last) : 0;
	v->priv = rv;
	load_rows(rv);
	return 0;
}

/* Levels of a sparkline, lowest first; a month without commits is blank. */
static const char *const spark_utf8[] = {
	"\u2581", "\u2582", "\u2583", "\u2584",
	"\u2585", "\u2586", "\u2587", "\u2588",
};
static const char spark_ascii[] = ".:-=+*#@";

/* The row's AI commits in bucket b of width buckets over the months. */
static size_t bucket(const struct report_view *rv,
		     const struct history_row *row, int b, int width)
{
	int nr = rv->month_hi - rv->month_lo + 1;
	int from = rv->month_lo + b * nr / width;
	int to = rv->month_lo + (b + 1) * nr / width;
	size_t n = 0;

	for (int m = from; m < to; m++)
		n += history_row_month(row, m);
	return n;
}

/* A sparkline of the row's AI commits by month, at most width wide. */
static void spark(struct buf *out, const struct report_view *rv,
		  const struct history_row *row, int width)
{
	int nr = rv->month_hi - rv->month_lo + 1;
	size_t max = 0;

	if (width > nr)
		width = nr;
	for (int b = 0; b < width; b++)
		if (bucket(rv, row, b, width) > max)
			max = bucket(rv, row, b, width);
	for (int b = 0; b < width; b++) {
		size_t n = bucket(rv, row, b, width);
		size_t level = max ? (n * 8 + max - 1) / max : 0;

		if (!n)
			buf_addch(out, ' ');
		else if (utf8())
			buf_adds(out, spark_utf8[level - 1]);
		else
			buf_addch(out, spark_ascii[level - 1]);
	}
}

static void draw_summary(struct report_view *rv, int row, int cols)
{
	const struct history_row *t = &R.h->total;
	char first[16], last[16];
	struct buf b = BUF_INIT;

	tui_putf(row, 0, cols, CL_TEXT, A_BOLD,
		 "%zu commits, %zu with AI traces (%.1f%%): %zu disclosed, %zu undisclosed, %zu AI sign-off%s",
		 t->commits, t->ai,
		 t->commits ? 100.0 * t->ai / t->commits : 0.0, t->disclosed,
		 t->undisclosed, t->signoffs, t->signoffs == 1 ? "" : "s");
	history_month_name(first, sizeof(first), rv->month_lo);
	history_month_name(last, sizeof(last), rv->month_hi);
	spark(&b, rv, t, cols - 40);
	tui_putf(row + 1, 0, cols, CL_TEXT, 0, "AI by month %s [%s] %s",
		 R.h->first ? first : "-", b.ptr ? b.ptr : "",
		 R.h->last ? last : "-");
	buf_release(&b);
}

static void draw_tabs(struct report_view *rv, int row, int cols)
{
	int col = 0;

	for (size_t i = 0; i < NR_PIVOTS && col < cols; i++) {
		char tab[32];
		int n = snprintf(tab, sizeof(tab), " %c %s ", pivots[i].key,
				 pivot_label(i));

		tui_put(row, col, cols - col, i == rv->pivot ? CL_CURSOR :
			CL_DIM, i == rv->pivot ? A_BOLD : 0, tab, (size_t)n);
		col += n + 1;
	}
}

/* The widths of a row's parts: key, numbers, bar, sparkline. */
struct layout {
	int key, bar, spark;
	size_t max;		/* the longest bar's commits */
};

static void lay_out(struct layout *l, const struct report_view *rv,
		    int cols)
{
	int months = rv->month_hi - rv->month_lo + 1;

	l->key = (int)strlen(pivot_label(rv->pivot));
	if (l->key < 8)
		l->key = 8;
	l->max = 1;
	for (size_t i = 0; i < rv->nr; i++) {
		int n = (int)strlen(rv->rows[i].key);

		if (n > l->key)
			l->key = n;
		if (rv->rows[i].disclosed + rv->rows[i].undisclosed > l->max)
			l->max = rv->rows[i].disclosed +
				 rv->rows[i].undisclosed;
	}
	if (l->key > cols / 4)
		l->key = cols / 4;
	l->spark = months < 24 ? months : 24;
	if (l->spark < 7)
		l->spark = 7;
	l->bar = cols - l->key - 22 - l->spark - 2;
	if (l->bar < 4)
		l->bar = 4;
}

static void draw_bar(int row, int col, const struct layout *l,
		     const struct history_row *r)
{
	int wd = (int)((size_t)l->bar * r->disclosed / l->max);
	int wu = (int)((size_t)l->bar * r->undisclosed / l->max);
	struct buf b = BUF_INIT;

	if (!wd && r->disclosed)
		wd = 1;
	if (!wu && r->undisclosed)
		wu = 1;
	for (int i = 0; i < wd; i++)
		buf_adds(&b, utf8() ? "\u2588" : "#");
	tui_put(row, col, wd, CL_ADD, A_BOLD, b.ptr ? b.ptr : "", b.len);
	buf_reset(&b);
	for (int i = 0; i < wu; i++)
		buf_adds(&b, utf8() ? "\u2592" : "~");
	tui_put(row, col + wd, wu, CL_WARN, A_BOLD, b.ptr ? b.ptr : "",
		b.len);
	buf_release(&b);
}

static void draw_row(struct report_view *rv, const struct layout *l,
		     size_t i, int row, int cols)
{
	const struct history_row *r = &rv->rows[i];
	bool cur = (int)i == rv->cursor;
	int color = cur ? CL_CURSOR : CL_TEXT;
	struct buf b = BUF_INIT;

	if (cur)
		tui_clear_line(row, CL_CURSOR);
	tui_putf(row, 0, cols, color, 0, "%-*.*s %6zu %6zu %6zu", l->key,
		 l->key, r->key, r->ai, r->disclosed, r->undisclosed);
	draw_bar(row, l->key + 22, l, r);
	if (pivots[rv->pivot].by == BY_MONTH && R.h->by == BY_MONTH) {
		tui_putf(row, cols - l->spark - 1, l->spark + 1, color, 0,
			 "%5.1f%%", r->commits ? 100.0 * r->ai / r->commits :
			 0.0);
	} else {
		spark(&b, rv, r, l->spark);
		tui_put(row, cols - l->spark - 1, l->spark + 1, color, 0,
			b.ptr ? b.ptr : "", b.len);
	}
	buf_release(&b);
}

static void report_draw(struct view *v, int top, int rows, int cols)
{
	struct report_view *rv = v->priv;
	struct layout l;
	int row = top, list_rows, first;

	draw_summary(rv, row, cols);
	row += 2;
	draw_tabs(rv, row++, cols);
	lay_out(&l, rv, cols);
	tui_putf(row++, 0, cols, CL_META, A_BOLD, "%-*.*s %6s %6s %6s %-*s %s",
		 l.key, l.key, pivot_label(rv->pivot), "AI", "discl",
		 "undisc", l.bar, "bar",
		 pivots[rv->pivot].by == BY_MONTH && R.h->by == BY_MONTH ?
		 "share" : "by month");
	list_rows = rows - (row - top) - 1;
	if (!rv->nr)
		tui_put(row, 0, cols, CL_DIM, 0,
			TUI_LIT("no commits with AI traces to count here"));
	first = list_scroll(rv->cursor, list_rows, &rv->top);
	for (int i = 0; i < list_rows && (size_t)(first + i) < rv->nr; i++)
		draw_row(rv, &l, (size_t)(first + i), row + i, cols);
	tui_putf(top + rows - 1, 0, cols, CL_DIM, 0, "%s disclosed  %s undisclosed",
		 utf8() ? "\u2588" : "#", utf8() ? "\u2592" : "~");
	if (rv->nr)
		tui_put_position(top + rows - 1, cols, CL_DIM,
				 (size_t)rv->cursor + 1, rv->nr);
}

/* One line of the list: id, date, subject. */
static void list_line(struct buf *out, const char *id)
{
	struct commit_info *c;
	char date[16] = "-";
	time_t t;
	struct tm tm;
	size_t n;

	if (repo_commit_by_id(&c, R.repo, id) != 0) {
		error_clear();
		buf_addf(out, "%.12s (not found)\n", id);
		return;
	}
	t = (time_t)c->author_time;
	if (gmtime_r(&t, &tm))
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	n = strcspn(c->message, "\n");
	buf_addf(out, "%.12s %s %.*s\n", id, date, (int)n, c->message);
	commit_info_free(c);
}

/* Enter: the AI commits behind the bar, newest first, in the pager. */
static void open_list(struct report_view *rv)
{
	const struct history_row *r;
	struct buf text = BUF_INIT;
	char title[160];
	size_t n;

	if (!rv->nr)
		return;
	r = &rv->rows[rv->cursor];
	n = r->nr_ids < LIST_MAX ? r->nr_ids : LIST_MAX;
	snprintf(title, sizeof(title), "%s %.60s: %zu AI commit%s (%zu disclosed, %zu undisclosed), newest first",
		 pivot_label(rv->pivot), r->key, r->nr_ids,
		 r->nr_ids == 1 ? "" : "s", r->disclosed, r->undisclosed);
	for (size_t i = 0; i < n; i++)
		list_line(&text, r->ids[i]);
	if (n < r->nr_ids)
		buf_addf(&text, "... and %zu more: git log --grep or git disclose report --json\n",
			 r->nr_ids - n);
	if (!n)
		buf_adds(&text, "no commits with AI traces here\n");
	tui_show_text(title, text.ptr, NULL);
	buf_release(&text);
}

static enum tui_request report_key(struct view *v, int key, bool is_key)
{
	struct report_view *rv = v->priv;

	if (list_key(&rv->cursor, (int)rv->nr, key, is_key))
		return REQ_NONE;
	if (key_is_enter(key, is_key)) {
		open_list(rv);
		return REQ_NONE;
	}
	if (is_key)
		return REQ_NONE;
	if (key == KEY_TAB) {
		rv->pivot = (rv->pivot + 1) % NR_PIVOTS;
		load_rows(rv);
		return REQ_NONE;
	}
	for (size_t i = 0; i < NR_PIVOTS; i++) {
		if (key == pivots[i].key) {
			rv->pivot = i;
			load_rows(rv);
			return REQ_NONE;
		}
	}
	if (key == 'q')
		return REQ_LEAVE;
	return REQ_NONE;
}

static void report_report(struct view *v, struct frame_report *out)
{
	struct report_view *rv = v->priv;

	buf_adds(&out->what, R.h->range ? R.h->range : "");
	buf_addf(&out->mark, " by %s", pivot_label(rv->pivot));
	if (rv->nr)
		buf_addf(&out->status, "%s: %zu AI commit%s   Enter: list %s",
			 rv->rows[rv->cursor].key, rv->rows[rv->cursor].ai,
			 rv->rows[rv->cursor].ai == 1 ? "" : "s",
			 rv->rows[rv->cursor].ai == 1 ? "it" : "them");
	else
		buf_adds(&out->status, "nothing to list");
}

static void report_done(struct view *v)
{
	struct report_view *rv = v->priv;

	free(rv->rows);
	free(rv);
}

const struct view_ops screen_report = {
	.name = "report",
	.title = "AI assistance",
	.keys = "m, Tab\tby month (Tab: the next pivot)\n"
		"a, o, f\tby agent, model, model family\n"
		"s, t\tby subsystem, analysis tool\n"
		"Enter\tthe AI commits behind the bar, in the pager\n"
		"q, Esc\tleave\n",
	.open = report_open,
	.draw = report_draw,
	.key = report_key,
	.done = report_done,
	.report = report_report,
};
