/*
 * The boot screen (kernel trees): the last verdict for the series tip,
 * and b to build and boot it in QEMU with a progress bar. The verdict is
 * recorded by the core in <gitdir>/disclose/boot.json.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "run.h"
#include "screen.h"

struct boot_view {
	struct boot_verdict *verdict;
	char stage[128];
	int done, total;
	struct buf tail;	/* the end of the build log, while running */
	bool running;
};

static int boot_open(struct view *v)
{
	struct boot_view *b = xcalloc(1, sizeof(*b));
	struct tui_model *m = v->m;

	v->priv = b;
	if (boot_last_verdict(&b->verdict, repo_git_dir(m->repo),
			      m->commits[m->nr - 1].info->id) < 0) {
		b->verdict = NULL;
		tui_message("%s", error_last());
		error_clear();
	}
	return 0;
}

/* The last lines of text, as many as fit between row and end. */
static void draw_text_tail(const char *text, size_t len, int row, int end,
			   int cols)
{
	const char *s, *stop;
	size_t n;

	if (!text || end <= row)
		return;
	s = text_tail(text, len, (size_t)(end - row), &n);
	stop = s + n;
	while (s < stop && row < end) {
		const char *e = memchr(s, '\n', (size_t)(stop - s));

		if (!e)
			e = stop;
		tui_put(row++, 2, cols - 2, CL_DIM, 0, s, (size_t)(e - s));
		s = e < stop ? e + 1 : e;
	}
}

/* The same for a log file. */
static void draw_tail(const char *path, int row, int end, int cols)
{
	struct buf text = BUF_INIT;

	if (!path || end <= row || read_file(&text, path) < 0) {
		error_clear();
		return;
	}
	draw_text_tail(text.ptr, text.len, row, end, cols);
	buf_release(&text);
}

/* Who booted it when lava-run did, and the KUnit suites: one line each. */
static int draw_results(const struct boot_verdict *vd, int row, int cols)
{
	struct buf s = BUF_INIT;
	bool failed = false;

	if (vd->lava) {
		buf_addf(&s, "booted by lava-run: job %s", vd->lava->result ?
			 vd->lava->result : "without result");
		for (size_t i = 0; i < vd->lava->nr_cases; i++)
			buf_addf(&s, "%s %s %s", i ? "," : ";",
				 vd->lava->cases[i], vd->lava->results[i]);
		tui_put(row++, 0, cols, CL_TEXT, 0, s.ptr, s.len);
		buf_reset(&s);
	}
	for (size_t i = 0; i < vd->nr_suites; i++) {
		const struct boot_suite *k = &vd->suites[i];

		buf_addf(&s, "%s %s %s (%d/%d)", i ? "," : "KUnit:", k->name,
			 k->ok ? "ok" : "NOT OK", k->passed,
			 k->passed + k->failed);
		failed |= !k->ok;
	}
	if (s.len)
		tui_put(row++, 0, cols, failed ? CL_BAD : CL_TEXT, 0, s.ptr,
			s.len);
	buf_release(&s);
	return row;
}

static void boot_draw(struct view *v, int top, int rows, int cols)
{
	struct boot_view *b = v->priv;
	const struct boot_verdict *vd = b->verdict;
	int row = top;
	bool booted;

	tui_put(row++, 0, cols, CL_META, A_BOLD,
		TUI_LIT("Build and boot the series tip in QEMU (TCG): minutes"));
	row++;
	if (b->running) {
		int width = cols - 10, fill = b->total ?
			    width * b->done / b->total : 0;

		tui_putf(row++, 0, cols, CL_TEXT, 0, "%s", b->stage);
		attrset(term_color(CL_OK) | A_REVERSE);
		mvhline(row, 1, ' ', fill);
		attrset(A_NORMAL);
		tui_putf(row++, width + 2, 8, CL_TEXT, 0, "%d/%d", b->done,
			 b->total);
		row++;
		draw_text_tail(b->tail.ptr, b->tail.len, row, top + rows - 1,
			       cols);
	} else if (vd) {
		tui_putf(row++, 0, cols, vd->pass ? CL_OK : CL_BAD, A_BOLD,
			 "Verdict: %s", vd->status);
		if (vd->summary)
			tui_put(row++, 0, cols, CL_TEXT, 0, vd->summary,
				strlen(vd->summary));
		if (vd->detail)
			tui_put(row++, 0, cols, CL_TEXT, 0, vd->detail,
				strlen(vd->detail));
		tui_putf(row++, 0, cols, CL_DIM, 0,
			 "checkout %.1f s, pristine %.1f s, "
			 "configure %.1f s, build %.0f s, boot %.1f s, %s",
			 vd->checkout_s, vd->pristine_s, vd->configure_s,
			 vd->build_s, vd->boot_s, vd->accel ? vd->accel : "");
		row = draw_results(vd, row, cols);
		row++;
		booted = vd->pass || vd->boot_s > 0;
		tui_putf(row++, 0, cols, CL_META, 0, "End of the %s log:",
			 booted ? "console" : "build");
		draw_tail(booted ? vd->console_log : vd->build_log, row,
			  top + rows - 1, cols);
	} else {
		tui_put(row++, 0, cols, CL_TEXT, 0,
			TUI_LIT("Not run for this tip yet."));
	}
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0,
		TUI_LIT("b: build and boot now (Ctrl-C stops it and quits)   q: back"));
}

/* The core reports the build's progress from a watcher thread: one
 * drawer at a time (the main thread waits in boot_run meanwhile). */
static pthread_mutex_t draw_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_progress(void *data, const char *stage, int done, int total)
{
	struct boot_view *b = data;

	pthread_mutex_lock(&draw_lock);
	snprintf(b->stage, sizeof(b->stage), "%s", stage ? stage : "");
	b->done = done;
	b->total = total;
	tui_redraw();
	pthread_mutex_unlock(&draw_lock);
}

static void on_log_tail(void *data, const char *text, size_t len)
{
	struct boot_view *b = data;

	pthread_mutex_lock(&draw_lock);
	buf_reset(&b->tail);
	buf_add(&b->tail, text, len);
	tui_redraw();
	pthread_mutex_unlock(&draw_lock);
}

/* Told to stop during a boot: say what was stopped, once out of curses. */
static void die_stopped(int sig)
{
	char *what = run_stopped_children();
	struct buf m = BUF_INIT;

	if (what)
		buf_addf(&m, "boot: interrupted (%s): stopped %s; no verdict "
			 "saved", run_signal_name(sig), what);
	else
		buf_addf(&m, "boot: interrupted (%s); no verdict saved",
			 run_signal_name(sig));
	free(what);
	term_die_of(sig, m.ptr);
}

static void run_boot(struct view *v)
{
	struct boot_view *b = v->priv;
	struct boot_opts o = { 0 };

	o.range = v->m->range_given ? v->m->range : NULL;
	o.tree = repo_workdir(v->m->repo);
	o.progress = on_progress;
	o.log_tail = on_log_tail;
	o.progress_data = b;
	buf_reset(&b->tail);
	b->running = true;
	snprintf(b->stage, sizeof(b->stage), "starting");
	tui_redraw();
	if (b->verdict)
		boot_verdict_free(b->verdict);
	b->verdict = NULL;
	/*
	 * Minutes of work: let Ctrl-C interrupt it instead of reading it
	 * as a key. It stops the build, QEMU or lava-run first (they run
	 * in process groups of their own and would outlive us), then the
	 * terminal is restored and we die of the signal.
	 */
	term_let_interrupt(true);
	run_stop_children_on_signals();
	if (boot_run(&b->verdict, &o) < 0 && !run_stop_signal()) {
		tui_message("boot: %s", error_last());
		error_clear();
		b->verdict = NULL;
	}
	if (run_stop_signal())
		die_stopped(run_stop_signal());
	term_catch_signals();
	term_let_interrupt(false);
	b->running = false;
}

static enum tui_request boot_key(struct view *v, int key, bool is_key)
{
	if (is_key)
		return REQ_NONE;
	if (key == 'b')
		run_boot(v);
	else if (key == 'q')
		return REQ_BACK;
	return REQ_NONE;
}

static void boot_done(struct view *v)
{
	struct boot_view *b = v->priv;

	if (b->verdict)
		boot_verdict_free(b->verdict);
	buf_release(&b->tail);
	free(b);
}

const struct view_ops screen_boot = {
	.name = "boot",
	.title = "Boot",
	.keys = "b\tbuild and boot the series tip in QEMU\n"
		"q\tback to the checklist\n",
	.open = boot_open,
	.draw = boot_draw,
	.key = boot_key,
	.done = boot_done,
};
