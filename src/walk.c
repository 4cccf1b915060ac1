/*
 * The streaming topological walk (walk.h). Two halves run interleaved:
 *
 * - the reader ("explore") pops commits in date order from a list kept
 *   as libgit2's limit_list() keeps it (newest first, equal dates in the
 *   order inserted), marks what the hidden commits reach, and appends
 *   the others to the walk's sequence;
 * - the writer gives out commits as libgit2's sort_in_topological_order()
 *   orders that sequence: the first tip, then depth first, a parent once
 *   its last child is out, the last such parent of a commit first.
 *
 * The writer asks the reader to go on until every commit at least as new
 * as the one it decides about has been read (the bound): its children
 * and the hidden commits that could reach it are known then.
 */
#include "walk.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* libgit2's limit_list: hidden commits read after the last shown one. */
#define SLOP 5
/* The raw commits held between reading and giving out, at most. */
#define HELD_BYTES_MAX (64u << 20)

struct node {
	unsigned char id[WALK_RAW_ID];
	unsigned char tree[WALK_RAW_ID];
	long long time;			/* committer date */
	long long key;			/* generation; LLONG_MAX: unknown */
	unsigned char (*parents)[WALK_RAW_ID];
	size_t nr_parents;
	size_t pending;			/* children in the sequence not out */
	unsigned cells;			/* list cells naming it */
	void *handle;			/* the raw object, until given out */
	const char *raw;
	size_t len;
	struct node *hnext;		/* hash chain */
	struct node *tprev, *tnext;	/* tip candidates */
	struct node *qnext;		/* read, waiting to be forgotten */
	bool parsed, seen, added, uninteresting;
	bool popped, in_seq, emitted, tip, queued;
};

struct cell {
	struct node *n;
	struct cell *next;
};

struct walk {
	struct walk_reader rd;
	struct node **buckets;
	size_t nr_buckets, nr_nodes, peak_nodes;
	struct node **inputs;		/* pushed and hidden, in push order */
	size_t nr_inputs;
	bool did_push, prepared, explored, hold;
	struct cell *list;		/* the date-ordered list */
	int slop;
	long long last_time;		/* of the last commit shown */
	struct node *tips_head, *tips_tail;
	struct node **stack;
	size_t nr_stack, alloc_stack;
	struct node *q_head, *q_tail;	/* read commits, in order read */
	struct node *current;		/* given out last */
	size_t held_bytes;
};

static size_t hash_id(const unsigned char *id)
{
	size_t h;

	memcpy(&h, id, sizeof(h));
	return h;
}

static struct node *lookup(const struct walk *w, const unsigned char *id)
{
	struct node *n = w->buckets[hash_id(id) & (w->nr_buckets - 1)];

	while (n && memcmp(n->id, id, WALK_RAW_ID))
		n = n->hnext;
	return n;
}

static void rehash(struct walk *w)
{
	size_t nr = w->nr_buckets * 2;
	struct node **b = xcalloc(nr, sizeof(*b));

	for (size_t i = 0; i < w->nr_buckets; i++) {
		struct node *n = w->buckets[i], *next;

		for (; n; n = next) {
			size_t k = hash_id(n->id) & (nr - 1);

			next = n->hnext;
			n->hnext = b[k];
			b[k] = n;
		}
	}
	free(w->buckets);
	w->buckets = b;
	w->nr_buckets = nr;
}

static struct node *get_node(struct walk *w, const unsigned char *id)
{
	struct node *n = lookup(w, id);
	size_t k;

	if (n)
		return n;
	if (w->nr_nodes >= w->nr_buckets)
		rehash(w);
	n = xcalloc(1, sizeof(*n));
	memcpy(n->id, id, WALK_RAW_ID);
	n->key = LLONG_MAX;
	k = hash_id(id) & (w->nr_buckets - 1);
	n->hnext = w->buckets[k];
	w->buckets[k] = n;
	if (++w->nr_nodes > w->peak_nodes)
		w->peak_nodes = w->nr_nodes;
	return n;
}

static void release_raw(struct walk *w, struct node *n)
{
	if (!n->handle)
		return;
	w->rd.release(n->handle, w->rd.data);
	w->held_bytes -= n->len;
	n->handle = NULL;
	n->raw = NULL;
}

static void free_node(struct walk *w, struct node *n)
{
	struct node **pp = &w->buckets[hash_id(n->id) & (w->nr_buckets - 1)];

	while (*pp != n)
		pp = &(*pp)->hnext;
	*pp = n->hnext;
	release_raw(w, n);
	free(n->parents);
	free(n);
	w->nr_nodes--;
}

void walk_new(struct walk **out, const struct walk_reader *reader)
{
	struct walk *w = xcalloc(1, sizeof(*w));

	w->rd = *reader;
	/* without generations the whole range is read first, as libgit2 */
	w->hold = !reader->generation;
	w->nr_buckets = 1024;
	w->buckets = xcalloc(w->nr_buckets, sizeof(*w->buckets));
	w->slop = SLOP;
	w->last_time = LLONG_MAX;
	*out = w;
}

void walk_free(struct walk *w)
{
	struct cell *c, *next;

	if (!w)
		return;
	for (c = w->list; c; c = next) {
		next = c->next;
		free(c);
	}
	for (size_t i = 0; i < w->nr_buckets; i++) {
		struct node *n = w->buckets[i], *hn;

		for (; n; n = hn) {
			hn = n->hnext;
			if (n->handle)
				w->rd.release(n->handle, w->rd.data);
			free(n->parents);
			free(n);
		}
	}
	free(w->buckets);
	free(w->inputs);
	free(w->stack);
	free(w);
}

size_t walk_held(const struct walk *w, size_t *peak)
{
	if (peak)
		*peak = w->peak_nodes;
	return w->nr_nodes;
}

bool walk_streams(const struct walk *w)
{
	return !w->hold;
}

/* "<key><40 hex>\n" at *p into id; *p moves past it. 0, else -1. */
static int parse_id_line(unsigned char *id, const char **p, const char *end,
			 const char *key)
{
	size_t klen = strlen(key);
	const char *s = *p;

	if ((size_t)(end - s) < klen + 2 * WALK_RAW_ID + 1 ||
	    memcmp(s, key, klen) || s[klen + 2 * WALK_RAW_ID] != '\n')
		return -1;
	s += klen;
	for (size_t i = 0; i < WALK_RAW_ID; i++) {
		int hi = hex_digit(s[2 * i]), lo = hex_digit(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		id[i] = (unsigned char)(hi << 4 | lo);
	}
	*p = s + 2 * WALK_RAW_ID + 1;
	return 0;
}

/* The time of a signature line [s, eol) as libgit2 reads it (0: none). */
static long long signature_time(const char *s, const char *eol)
{
	const char *gt = NULL, *lt = NULL, *t;
	long long v = 0;
	bool neg = false, digits = false;

	for (t = s; t < eol; t++) {
		if (*t == '<')
			lt = t;
		else if (*t == '>')
			gt = t;
	}
	if (!lt || !gt || gt <= lt || gt + 2 >= eol)
		return 0;
	for (t = gt + 2; t < eol && (*t == ' ' || *t == '\t'); t++)
		;
	if (t < eol && (*t == '-' || *t == '+'))
		neg = *t++ == '-';
	for (; t < eol && *t >= '0' && *t <= '9'; t++) {
		v = v * 10 + (*t - '0');
		digits = true;
	}
	if (!digits)
		return 0;
	return neg ? -v : v;
}

/* Tree, parents and committer date of a raw commit, as libgit2 does. */
static int parse_header(struct node *n, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *eol;
	unsigned char id[WALK_RAW_ID];
	size_t alloc = 0;

	if (parse_id_line(n->tree, &p, end, "tree ") < 0)
		return error_set("commit %02x%02x%02x%02x is not a valid commit object: run git fsck",
				 n->id[0], n->id[1], n->id[2], n->id[3]);
	while (parse_id_line(id, &p, end, "parent ") == 0) {
		if (n->nr_parents == alloc) {
			alloc = alloc ? 2 * alloc : 2;
			n->parents = xrealloc(n->parents,
					      alloc * sizeof(*n->parents));
		}
		memcpy(n->parents[n->nr_parents++], id, WALK_RAW_ID);
	}
	while ((size_t)(end - p) >= 7 && !memcmp(p, "author ", 7)) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			goto bad;
		p = eol + 1;
	}
	if ((size_t)(end - p) < 10 || memcmp(p, "committer ", 10))
		goto bad;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		goto bad;
	n->time = signature_time(p + 10, eol);
	return 0;
bad:
	return error_set("commit %02x%02x%02x%02x has no valid committer line: run git fsck",
			 n->id[0], n->id[1], n->id[2], n->id[3]);
}

static int read_raw(struct walk *w, struct node *n)
{
	if (w->rd.read(&n->handle, &n->raw, &n->len, n->id, w->rd.data) < 0) {
		n->handle = NULL;
		return -1;
	}
	w->held_bytes += n->len;
	return 0;
}

static int parse(struct walk *w, struct node *n)
{
	if (n->parsed)
		return 0;
	if (read_raw(w, n) < 0)
		return -1;
	if (parse_header(n, n->raw, n->len) < 0) {
		release_raw(w, n);
		return -1;
	}
	if (n->nr_parents && w->rd.boundary &&
	    w->rd.boundary(n->id, w->rd.data)) {
		free(n->parents);
		n->parents = NULL;
		n->nr_parents = 0;
	}
	n->parsed = true;
	if (w->rd.generation) {
		uint32_t gen = w->rd.generation(n->id, w->rd.data);

		n->key = gen ? gen : LLONG_MAX;
	}
	/* beyond the cap, the commit is read again when given out */
	if (w->held_bytes > HELD_BYTES_MAX)
		release_raw(w, n);
	return 0;
}

static void insert_by_date(struct walk *w, struct node *n)
{
	struct cell **pp = &w->list, *c = xmalloc(sizeof(*c));

	while (*pp && !((*pp)->n->time < n->time))
		pp = &(*pp)->next;
	c->n = n;
	c->next = *pp;
	*pp = c;
	n->cells++;
}

static void mark_parents_uninteresting(struct walk *w, struct node *n)
{
	struct node **todo = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t i = n->nr_parents; i-- > 0;) {
		if (nr == alloc) {
			alloc = alloc ? 2 * alloc : 8;
			todo = xrealloc(todo, alloc * sizeof(*todo));
		}
		todo[nr++] = get_node(w, n->parents[i]);
	}
	/* libgit2 pushes onto a list: the last parent comes out first */
	for (size_t i = 0; i < nr / 2; i++) {
		struct node *t = todo[i];

		todo[i] = todo[nr - 1 - i];
		todo[nr - 1 - i] = t;
	}
	while (nr) {
		struct node *c = todo[--nr];

		while (c && !c->uninteresting) {
			c->uninteresting = true;
			if (!c->parsed)
				break;
			for (size_t i = 0; i < c->nr_parents; i++) {
				if (nr == alloc) {
					alloc = alloc ? 2 * alloc : 8;
					todo = xrealloc(todo,
							alloc * sizeof(*todo));
				}
				todo[nr++] = get_node(w, c->parents[i]);
			}
			c = c->nr_parents ? get_node(w, c->parents[0]) : NULL;
		}
	}
	free(todo);
}

static int add_parents(struct walk *w, struct node *n)
{
	if (n->added)
		return 0;
	n->added = true;
	for (size_t i = 0; i < n->nr_parents; i++) {
		struct node *p = get_node(w, n->parents[i]);

		if (n->uninteresting)
			p->uninteresting = true;
		if (parse(w, p) < 0)
			return -1;
		if (n->uninteresting) {
			if (p->nr_parents)
				mark_parents_uninteresting(w, p);
			p->seen = true;
			insert_by_date(w, p);
		} else if (!p->seen) {
			p->seen = true;
			insert_by_date(w, p);
		}
	}
	return 0;
}

/* libgit2's still_interesting(): how much slop is left. */
static int still_interesting(const struct cell *list, long long time,
			     int slop)
{
	if (!list)
		return 0;
	if (time <= list->n->time)
		return SLOP;
	for (; list; list = list->next)
		if (!list->n->uninteresting || list->n->time > time)
			return SLOP;
	return slop - 1;
}

static void tip_remove(struct walk *w, struct node *n)
{
	if (!n->tip)
		return;
	if (n->tprev)
		n->tprev->tnext = n->tnext;
	else
		w->tips_head = n->tnext;
	if (n->tnext)
		n->tnext->tprev = n->tprev;
	else
		w->tips_tail = n->tprev;
	n->tprev = n->tnext = NULL;
	n->tip = false;
}

static void tip_append(struct walk *w, struct node *n)
{
	n->tip = true;
	n->tprev = w->tips_tail;
	n->tnext = NULL;
	if (w->tips_tail)
		w->tips_tail->tnext = n;
	else
		w->tips_head = n;
	w->tips_tail = n;
}

static void queue_read(struct walk *w, struct node *n)
{
	if (n->queued)
		return;
	n->queued = true;
	if (w->q_tail)
		w->q_tail->qnext = n;
	else
		w->q_head = n;
	w->q_tail = n;
}

static void finish_explore(struct walk *w)
{
	struct cell *c, *next;

	for (c = w->list; c; c = next) {
		next = c->next;
		c->n->cells--;
		free(c);
	}
	w->list = NULL;
	w->explored = true;
}

/* One turn of libgit2's limit_list(): 0, or -1 on an error. */
static int explore_step(struct walk *w)
{
	struct cell *c = w->list;
	struct node *n;

	if (!c) {
		finish_explore(w);
		return 0;
	}
	w->list = c->next;
	n = c->n;
	n->cells--;
	free(c);
	n->popped = true;
	queue_read(w, n);
	if (add_parents(w, n) < 0)
		return -1;
	if (n->uninteresting) {
		mark_parents_uninteresting(w, n);
		w->slop = still_interesting(w->list, w->last_time, w->slop);
		if (!w->slop)
			finish_explore(w);
		return 0;
	}
	w->last_time = n->time;
	n->in_seq = true;
	for (size_t i = 0; i < n->nr_parents; i++) {
		struct node *p = lookup(w, n->parents[i]);

		if (p) {
			p->pending++;
			tip_remove(w, p);
		}
	}
	if (!n->pending)
		tip_append(w, n);
	return 0;
}

/*
 * The largest generation a commit not yet read can have: every such
 * commit is reached from the list through its ancestors' descendants,
 * whose generations are larger. LLONG_MAX: unknown (no commit-graph, or
 * commits newer than it).
 */
static long long bound(const struct walk *w)
{
	long long k = LLONG_MIN;

	if (w->explored)
		return LLONG_MIN;
	if (w->hold)
		return LLONG_MAX;
	for (const struct cell *c = w->list; c && k < LLONG_MAX; c = c->next)
		if (c->n->key > k)
			k = c->n->key;
	return k;
}

/*
 * Read until n and every commit of a larger generation is read: its
 * children and whatever hides it are known, its place is certain.
 */
static int settle(struct walk *w, const struct node *n)
{
	while (!w->explored && bound(w) >= n->key)
		if (explore_step(w) < 0)
			return -1;
	return 0;
}

static int prepare(struct walk *w)
{
	struct cell *list = NULL;

	w->prepared = true;
	if (!w->did_push) {
		w->explored = true;
		return 0;
	}
	for (size_t i = w->nr_inputs; i-- > 0;) {
		struct node *n = w->inputs[i];
		struct cell *c;

		if (parse(w, n) < 0)
			return -1;
		if (n->uninteresting)
			mark_parents_uninteresting(w, n);
		if (n->seen)
			continue;
		n->seen = true;
		c = xmalloc(sizeof(*c));
		c->n = n;
		c->next = list;
		list = c;
		n->cells++;
	}
	w->list = list;
	return 0;
}

int walk_push(struct walk *w, const unsigned char *id, bool hide)
{
	struct node *n = get_node(w, id);

	if (n->uninteresting)
		return 0;
	n->uninteresting = hide;
	if (!hide)
		w->did_push = true;
	w->inputs = xrealloc(w->inputs, (w->nr_inputs + 1) * sizeof(*w->inputs));
	w->inputs[w->nr_inputs++] = n;
	return 0;
}

/* Forget the commits no commit still to read or give out can name. */
static void forget(struct walk *w)
{
	long long b = bound(w);

	while (w->q_head) {
		struct node *n = w->q_head;

		if (!(n->key > b) || n->cells || n->tip ||
		    !(n->uninteresting || n->emitted || !n->in_seq) ||
		    n == w->current)
			break;
		w->q_head = n->qnext;
		if (!w->q_head)
			w->q_tail = NULL;
		free_node(w, n);
	}
}

static void push_stack(struct walk *w, struct node *n)
{
	if (w->nr_stack == w->alloc_stack) {
		w->alloc_stack = w->alloc_stack ? 2 * w->alloc_stack : 64;
		w->stack = xrealloc(w->stack,
				    w->alloc_stack * sizeof(*w->stack));
	}
	w->stack[w->nr_stack++] = n;
}

/* The next tip in the order read, or NULL at the end. */
static int next_tip(struct node **out, struct walk *w)
{
	*out = NULL;
	for (;;) {
		struct node *t = w->tips_head;

		if (!t) {
			if (w->explored)
				return 0;
			if (explore_step(w) < 0)
				return -1;
			continue;
		}
		if (settle(w, t) < 0)
			return -1;
		if (!t->tip)
			continue;	/* a child turned up */
		tip_remove(w, t);
		if (t->emitted || t->pending || t->uninteresting)
			continue;
		*out = t;
		return 0;
	}
}

/* n is given out: its parents whose last child it was go on the stack. */
static int release_parents(struct walk *w, struct node *n)
{
	for (size_t i = 0; i < n->nr_parents; i++) {
		struct node *p = lookup(w, n->parents[i]);

		if (!p)
			continue;
		if (settle(w, p) < 0)
			return -1;
		if (!p->in_seq || p->emitted || !p->pending)
			continue;
		if (--p->pending == 0 && !p->uninteresting)
			push_stack(w, p);
	}
	return 0;
}

int walk_next(struct walk_commit *out, struct walk *w)
{
	struct node *n = NULL;

	if (w->current) {
		release_raw(w, w->current);
		w->current = NULL;
	}
	if (!w->prepared && prepare(w) < 0)
		return -1;
	while (!n) {
		if (w->nr_stack) {
			n = w->stack[--w->nr_stack];
			if (n->emitted || n->uninteresting)
				n = NULL;
		} else {
			if (next_tip(&n, w) < 0)
				return -1;
			if (!n)
				return 1;
		}
	}
	n->emitted = true;
	if (release_parents(w, n) < 0)
		return -1;
	if (!n->raw && read_raw(w, n) < 0)
		return -1;
	w->current = n;
	forget(w);
	memcpy(out->id, n->id, WALK_RAW_ID);
	memcpy(out->tree, n->tree, WALK_RAW_ID);
	out->raw = n->raw;
	out->len = n->len;
	out->nr_parents = n->nr_parents;
	out->parent0 = n->nr_parents ? n->parents[0] : NULL;
	return 0;
}

int walk_tree_of(unsigned char *out, const struct walk *w,
		 const unsigned char *id)
{
	const struct node *n = lookup(w, id);

	if (!n || !n->parsed)
		return -1;
	memcpy(out, n->tree, WALK_RAW_ID);
	return 0;
}
