/*
 * The commit-graph reader (cgraph.h): each layer's file is mapped, a
 * commit found by its fanout and a binary search of the sorted ids, its
 * generation read from the commit data. Its pages stay mapped: every
 * lookup's binary search crosses the whole file, so pages given back
 * would be faulted in again at once.
 */
#include "cgraph.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define ID_LEN 20
#define MAX_LAYERS 64
struct layer {
	const unsigned char *map;
	size_t size;
	const unsigned char *fanout;	/* OIDF: 256 big-endian counts */
	const unsigned char *ids;	/* OIDL */
	const unsigned char *data;	/* CDAT */
	uint32_t nr;
};

struct cgraph {
	struct layer layers[MAX_LAYERS];
	size_t nr_layers;
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* The chunks of a mapped file; false when it is not a graph we read. */
static bool parse_layer(struct layer *l)
{
	const unsigned char *m = l->map;
	unsigned nr_chunks;

	if (l->size < 8 + 12 || memcmp(m, "CGPH", 4) || m[4] != 1 || m[5] != 1)
		return false;
	nr_chunks = m[6];
	if (l->size < 8 + 12 * ((size_t)nr_chunks + 1))
		return false;
	for (unsigned i = 0; i < nr_chunks; i++) {
		const unsigned char *e = m + 8 + 12 * i;
		uint64_t off = be64(e + 4), end = be64(e + 16);

		if (off > end || end > l->size)
			return false;
		if (!memcmp(e, "OIDF", 4) && end - off >= 256 * 4)
			l->fanout = m + off;
		else if (!memcmp(e, "OIDL", 4))
			l->ids = m + off;
		else if (!memcmp(e, "CDAT", 4))
			l->data = m + off;
	}
	if (!l->fanout || !l->ids || !l->data)
		return false;
	l->nr = be32(l->fanout + 255 * 4);
	/* the ids and the data must fit in the file */
	return (size_t)(l->ids - m) + (size_t)l->nr * ID_LEN <= l->size &&
	       (size_t)(l->data - m) + (size_t)l->nr * (ID_LEN + 16) <= l->size;
}

static bool map_layer(struct layer *l, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size < 32) {
		close(fd);
		return false;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return false;
	l->map = map;
	l->size = (size_t)st.st_size;
	if (parse_layer(l))
		return true;
	munmap(map, l->size);
	memset(l, 0, sizeof(*l));
	return false;
}

/* The layers of objects/info/commit-graphs/commit-graph-chain. */
static bool open_chain(struct cgraph *g, const char *objects_dir)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	const char *p;
	bool ok = true;

	buf_addf(&path, "%s/info/commit-graphs/commit-graph-chain",
		 objects_dir);
	if (read_file(&text, path.ptr) < 0) {
		error_clear();
		buf_release(&path);
		return false;
	}
	for (p = text.ptr; ok && p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (n) {
			buf_reset(&path);
			buf_addf(&path, "%s/info/commit-graphs/graph-%.*s.graph",
				 objects_dir, (int)n, p);
			ok = g->nr_layers < MAX_LAYERS &&
			     map_layer(&g->layers[g->nr_layers], path.ptr);
			if (ok)
				g->nr_layers++;
		}
		p = nl ? nl + 1 : NULL;
	}
	buf_release(&path);
	buf_release(&text);
	return ok && g->nr_layers;
}

int cgraph_open(struct cgraph **out, const char *objects_dir)
{
	struct cgraph *g = xcalloc(1, sizeof(*g));
	struct buf path = BUF_INIT;
	bool ok;

	*out = NULL;
	buf_addf(&path, "%s/info/commit-graph", objects_dir);
	ok = map_layer(&g->layers[0], path.ptr);
	if (ok)
		g->nr_layers = 1;
	else
		ok = open_chain(g, objects_dir);
	buf_release(&path);
	/* a graph written before generation numbers has zeros there */
	if (ok && g->layers[0].nr &&
	    !(be32(g->layers[0].data + ID_LEN + 8) >> 2))
		ok = false;
	if (!ok) {
		cgraph_free(g);
		return 0;
	}
	*out = g;
	return 1;
}

void cgraph_free(struct cgraph *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->nr_layers; i++)
		munmap((void *)g->layers[i].map, g->layers[i].size);
	free(g);
}

static uint32_t layer_generation(const struct layer *l,
				 const unsigned char *id)
{
	uint32_t lo = id[0] ? be32(l->fanout + 4 * (id[0] - 1)) : 0;
	uint32_t hi = be32(l->fanout + 4 * id[0]);

	if (hi > l->nr)
		return 0;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int cmp = memcmp(l->ids + (size_t)mid * ID_LEN, id, ID_LEN);

		if (!cmp)
			return be32(l->data + (size_t)mid * (ID_LEN + 16) +
				    ID_LEN + 8) >> 2;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

uint32_t cgraph_generation(struct cgraph *g, const unsigned char *id)
{
	for (size_t i = g->nr_layers; i-- > 0;) {
		uint32_t gen = layer_generation(&g->layers[i], id);

		if (gen)
			return gen;
	}
	return 0;
}
