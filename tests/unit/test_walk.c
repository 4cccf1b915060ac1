/*
 * The streaming walk (src/walk.c) on histories kept in memory: with
 * generation numbers it must give the same commits in the same order as
 * when it reads the whole range first (libgit2's way), on random
 * histories with merges, equal dates and dates that go backwards, and
 * hold a number of commits that does not grow with the history's length.
 */
#include "unit.h"

#include <stdio.h>

#include "util.h"
#include "walk.h"

#define MAX_PARENTS 3

struct commit {
	unsigned char id[WALK_RAW_ID];
	size_t parents[MAX_PARENTS];
	size_t nr_parents;
	long long time;
	uint32_t gen;
	char *raw;
};

struct history {
	struct commit *c;
	size_t nr;
	unsigned reads;
};

static void id_of(unsigned char *id, size_t i)
{
	memset(id, 0, WALK_RAW_ID);
	/* spread over the hash table as real ids are */
	for (size_t k = 0; k < WALK_RAW_ID; k++)
		id[k] = (unsigned char)((i * 2654435761u) >> (k % 4 * 8)) ^
			(unsigned char)(k * 7 + i);
	memcpy(id + WALK_RAW_ID - sizeof(uint32_t), &(uint32_t){ (uint32_t)i },
	       sizeof(uint32_t));
}

static size_t index_of(const unsigned char *id)
{
	uint32_t i;

	memcpy(&i, id + WALK_RAW_ID - sizeof(i), sizeof(i));
	return i;
}

static void hex(char *out, const unsigned char *id)
{
	for (size_t k = 0; k < WALK_RAW_ID; k++)
		sprintf(out + 2 * k, "%02x", id[k]);
}

/* The raw text of commit i, as git writes it. */
static void make_raw(struct history *h, size_t i)
{
	struct commit *c = &h->c[i];
	struct buf b = BUF_INIT;
	char x[2 * WALK_RAW_ID + 1];

	buf_adds(&b, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n");
	c->gen = 1;
	for (size_t k = 0; k < c->nr_parents; k++) {
		const struct commit *p = &h->c[c->parents[k]];

		hex(x, p->id);
		buf_addf(&b, "parent %s\n", x);
		if (p->gen + 1 > c->gen)
			c->gen = p->gen + 1;
	}
	buf_addf(&b, "author A <a@example.org> %lld +0000\n", c->time);
	buf_addf(&b, "committer A <a@example.org> %lld +0000\n\n", c->time);
	buf_addf(&b, "commit %zu\n", i);
	c->raw = buf_detach(&b, NULL);
}

static int read_raw(void **handle, const char **buf, size_t *len,
		    const unsigned char *id, void *data)
{
	struct history *h = data;
	size_t i = index_of(id);

	if (i >= h->nr)
		return error_set("no commit %zu", i);
	h->reads++;
	*handle = h->c[i].raw;
	*buf = h->c[i].raw;
	*len = strlen(h->c[i].raw);
	return 0;
}

static void release_raw(void *handle, void *data)
{
}

static uint32_t generation(const unsigned char *id, void *data)
{
	struct history *h = data;

	return h->c[index_of(id)].gen;
}

static unsigned long long rnd_state;

static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rnd_state >> 33) % n);
}

/* A random history: branches, merges, equal and backward dates. */
static void random_history(struct history *h, size_t n)
{
	long long t = 1600000000;

	h->c = xcalloc(n, sizeof(*h->c));
	h->nr = n;
	h->reads = 0;
	for (size_t i = 0; i < n; i++) {
		struct commit *c = &h->c[i];
		unsigned r = rnd(100);

		id_of(c->id, i);
		if (rnd(3))
			t += rnd(100) + 1;
		c->time = t;
		if (rnd(10) == 0)	/* a clock set wrong */
			c->time += (long long)rnd(10000) - 5000;
		if (i) {
			size_t span = i < 6 ? i : 6;

			c->parents[c->nr_parents++] = i - 1 - rnd(span);
			if (r < 15 && i > 2) {
				size_t p = rnd(i);

				if (p != c->parents[0])
					c->parents[c->nr_parents++] = p;
			}
			if (r < 3 && i > 3) {
				size_t p = rnd(i);

				if (p != c->parents[0] &&
				    (c->nr_parents < 2 || p != c->parents[1]))
					c->parents[c->nr_parents++] = p;
			}
		}
		make_raw(h, i);
	}
}

/*
 * A kernel-shaped history: topic commits off the last merge, main
 * commits, a merge of both every twelfth commit.
 */
static void kernel_history(struct history *h, size_t n)
{
	size_t mtip = 0, ttip = 0;

	h->c = xcalloc(n, sizeof(*h->c));
	h->nr = n;
	h->reads = 0;
	for (size_t i = 0; i < n; i++) {
		struct commit *c = &h->c[i];

		id_of(c->id, i);
		c->time = 1600000000 + (long long)i * 300;
		if (i && i % 12 == 0) {
			c->parents[c->nr_parents++] = mtip;
			if (ttip != mtip)
				c->parents[c->nr_parents++] = ttip;
			mtip = ttip = i;
		} else if (i) {
			bool topic = i % 12 < 6;

			c->parents[c->nr_parents++] = topic ? ttip : mtip;
			if (topic)
				ttip = i;
			else
				mtip = i;
		}
		make_raw(h, i);
	}
}

static void history_free(struct history *h)
{
	for (size_t i = 0; i < h->nr; i++)
		free(h->c[i].raw);
	free(h->c);
}

/* The indexes the walk gives, into out (at most h->nr + 1). */
static size_t run_walk(size_t *out, struct history *h, const size_t *push,
		       size_t nr_push, const size_t *hide, size_t nr_hide,
		       bool streaming, size_t *peak)
{
	struct walk_reader rd = { .read = read_raw, .release = release_raw,
				  .generation = streaming ? generation : NULL,
				  .data = h };
	struct walk *w;
	struct walk_commit wc;
	unsigned char id[WALK_RAW_ID];
	size_t nr = 0;
	int rc;

	walk_new(&w, &rd);
	for (size_t i = 0; i < nr_push; i++) {
		id_of(id, push[i]);
		walk_push(w, id, false);
	}
	for (size_t i = 0; i < nr_hide; i++) {
		id_of(id, hide[i]);
		walk_push(w, id, true);
	}
	while ((rc = walk_next(&wc, w)) == 0) {
		assert_true(nr <= h->nr);
		out[nr++] = index_of(wc.id);
		assert_memory_equal(wc.raw, h->c[index_of(wc.id)].raw, wc.len);
	}
	assert_int_equal(rc, 1);
	assert_int_equal(walk_streams(w), streaming);
	walk_held(w, peak);
	walk_free(w);
	return nr;
}

static void test_streaming_order_is_libgit2s(void **state)
{
	for (unsigned seed = 1; seed <= 300; seed++) {
		struct history h;
		size_t n = 50 + seed % 200, push[2], hide[2], nr_hide;
		size_t *a = xcalloc(n + 1, sizeof(*a));
		size_t *b = xcalloc(n + 1, sizeof(*b));
		size_t na, nb, peak;

		rnd_state = seed;
		random_history(&h, n);
		push[0] = n - 1 - rnd(5);
		push[1] = n - 1 - rnd(40);
		nr_hide = rnd(3);
		hide[0] = rnd((unsigned)n);
		hide[1] = rnd((unsigned)n);
		na = run_walk(a, &h, push, 1 + seed % 2, hide, nr_hide, false,
			      &peak);
		nb = run_walk(b, &h, push, 1 + seed % 2, hide, nr_hide, true,
			      &peak);
		if (na != nb || memcmp(a, b, na * sizeof(*a)))
			fail_msg("seed %u: %zu commits read whole, %zu streamed, or another order",
				 seed, na, nb);
		free(a);
		free(b);
		history_free(&h);
	}
}

/* libgit2 (and git rev-list --topo-order): the topic before main. */
static void test_kernel_order(void **state)
{
	struct history h;
	size_t out[40], push = 24, hide = 12, peak;
	static const size_t want[] = { 24, 17, 16, 15, 14, 13,
				       23, 22, 21, 20, 19, 18 };

	kernel_history(&h, 25);
	assert_int_equal(run_walk(out, &h, &push, 1, &hide, 1, true, &peak),
			 ARRAY_SIZE(want));
	assert_memory_equal(out, want, sizeof(want));
	history_free(&h);
}

/* Held commits do not grow with the length; each is read once. */
static void test_memory_flat(void **state)
{
	size_t peaks[2], sizes[2] = { 2000, 40000 };

	for (size_t k = 0; k < 2; k++) {
		struct history h;
		size_t *out = xcalloc(sizes[k] + 1, sizeof(*out));
		size_t push = (sizes[k] - 1) / 12 * 12;	/* a merge */

		kernel_history(&h, sizes[k]);
		assert_int_equal(run_walk(out, &h, &push, 1, NULL, 0, true,
					  &peaks[k]), push + 1);
		assert_int_equal(h.reads, push + 1);
		free(out);
		history_free(&h);
	}
	if (peaks[1] > peaks[0] + 2 || peaks[1] > 64)
		fail_msg("held %zu commits at most for %zu commits, %zu for %zu",
			 peaks[0], sizes[0], peaks[1], sizes[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_streaming_order_is_libgit2s),
		cmocka_unit_test(test_kernel_order),
		cmocka_unit_test(test_memory_flat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
