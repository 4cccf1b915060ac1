#include "agent_env.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "util.h"

extern const char disclose_catalogue_json[];
extern char **environ;

/* The kernel keeps 15 bytes of a process name (TASK_COMM_LEN - 1). */
#define COMM_MAX 15
/* Ancestors looked at: more than any real chain of shells and tools. */
#define WALK_MAX 64

enum marker_kind { MARK_ENV, MARK_PROCESS, MARK_COMMITTER };

struct marker {
	enum marker_kind kind;
	char *agent;
	char *name;		/* variable, process name or e-mail */
	char *value;		/* MARK_ENV: the value it must have, or NULL */
};

struct agent_markers {
	struct marker *v;
	size_t nr;
};

static int add_marker(struct agent_markers *m, const cJSON *it,
		      const char *origin)
{
	static const char *const keys[] = { "env", "process", "committer" };
	const char *agent, *name = NULL, *value, *source;
	struct marker *mk;
	size_t kind = 0;

	if (json_string(&agent, it, "agent", true, origin, "agent_markers[]") < 0 ||
	    json_string(&value, it, "value", false, origin, "agent_markers[]") < 0 ||
	    json_string(&source, it, "source", true, origin, "agent_markers[]") < 0)
		return -1;
	for (size_t i = 0; i < 3 && !name; i++) {
		if (json_string(&name, it, keys[i], false, origin,
				"agent_markers[]") < 0)
			return -1;
		kind = i;
	}
	if (!name || !*name)
		return error_set("%s: agent_markers[]: an entry for %s names no env, process or committer",
				 origin, agent);
	m->v = xrealloc(m->v, (m->nr + 1) * sizeof(*m->v));
	mk = &m->v[m->nr++];
	mk->kind = (enum marker_kind)kind;
	mk->agent = xstrdup(agent);
	mk->name = xstrdup(name);
	mk->value = value ? xstrdup(value) : NULL;
	return 0;
}

int agent_markers_parse(struct agent_markers **out, const char *json,
			size_t len, const char *origin)
{
	struct agent_markers *m = xcalloc(1, sizeof(*m));
	const cJSON *arr, *it;
	cJSON *root;
	int rc = -1;

	*out = NULL;
	if (json_parse(&root, json, len, origin) < 0) {
		free(m);
		return -1;
	}
	if (json_array(&arr, root, "agent_markers", false, origin, "") < 0)
		goto out;
	cJSON_ArrayForEach(it, arr)
		if (add_marker(m, it, origin) < 0)
			goto out;
	rc = 0;
out:
	cJSON_Delete(root);
	if (rc < 0)
		agent_markers_free(m);
	else
		*out = m;
	return rc;
}

int agent_markers_load(struct agent_markers **out)
{
	return agent_markers_parse(out, disclose_catalogue_json,
				   strlen(disclose_catalogue_json),
				   "built-in catalogue");
}

void agent_markers_free(struct agent_markers *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr; i++) {
		free(m->v[i].agent);
		free(m->v[i].name);
		free(m->v[i].value);
	}
	free(m->v);
	free(m);
}

size_t agent_markers_count(const struct agent_markers *m)
{
	return m ? m->nr : 0;
}

void agent_hit_release(struct agent_hit *hit)
{
	free(hit->agent);
	free(hit->why);
	memset(hit, 0, sizeof(*hit));
}

/* The value of name in envp, or NULL. */
static const char *env_get(char *const *envp, const char *name)
{
	size_t n = strlen(name);

	for (; envp && *envp; envp++)
		if (!strncmp(*envp, name, n) && (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

static void hit(struct agent_hit *out, const char *agent, const char *fmt,
		...) __attribute__((format(printf, 3, 4)));

static void hit(struct agent_hit *out, const char *agent, const char *fmt,
		...)
{
	struct buf why = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&why, fmt, ap);
	va_end(ap);
	out->agent = xstrdup(agent);
	out->why = buf_detach(&why, NULL);
}

static bool env_marker(const struct marker *mk, char *const *envp)
{
	const char *v = env_get(envp, mk->name);

	if (!v || !*v)
		return false;
	return !mk->value || !strcmp(v, mk->value);
}

/*
 * Read /proc/<pid>/stat: the name between the first '(' and the last
 * ')' (a name may hold either), the parent pid after the state.
 */
static int read_stat(char comm[COMM_MAX + 1], pid_t *ppid, const char *proc,
		     pid_t pid)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	const char *open, *close;
	char state;
	long parent;
	int rc = -1;

	buf_addf(&path, "%s/%ld/stat", proc, (long)pid);
	if (read_file(&text, path.ptr) < 0 || !text.ptr) {
		error_clear();
		goto out;
	}
	open = strchr(text.ptr, '(');
	close = strrchr(text.ptr, ')');
	if (!open || !close || close < open ||
	    sscanf(close + 1, " %c %ld", &state, &parent) != 2)
		goto out;
	snprintf(comm, COMM_MAX + 1, "%.*s", (int)(close - open - 1),
		 open + 1);
	*ppid = (pid_t)parent;
	rc = 0;
out:
	buf_release(&path);
	buf_release(&text);
	return rc;
}

static bool comm_is(const char *comm, const char *name)
{
	return !strncmp(comm, name, COMM_MAX) &&
	       (strlen(name) >= COMM_MAX || comm[strlen(name)] == '\0');
}

/* The first marker whose process name comm has, or NULL. */
static const struct marker *process_marker(const struct agent_markers *m,
					   const char *comm)
{
	for (size_t i = 0; i < m->nr; i++)
		if (m->v[i].kind == MARK_PROCESS &&
		    comm_is(comm, m->v[i].name))
			return &m->v[i];
	return NULL;
}

static bool walk_processes(struct agent_hit *out,
			   const struct agent_markers *m, const char *proc,
			   pid_t pid)
{
	char comm[COMM_MAX + 1];
	pid_t ppid;

	for (int depth = 0; pid > 0 && depth < WALK_MAX; depth++) {
		const struct marker *mk;

		if (read_stat(comm, &ppid, proc, pid) < 0)
			return false;
		mk = process_marker(m, comm);
		if (mk) {
			hit(out, mk->agent,
			    "process '%s' (pid %ld) runs this commit",
			    comm, (long)pid);
			return true;
		}
		if (ppid == pid)
			return false;
		pid = ppid;
	}
	return false;
}

/* GIT_DISCLOSE_AGENT: 1 an agent named, 0 "none", -1 not set. */
static int override(struct agent_hit *out, char *const *envp)
{
	const char *v = env_get(envp, AGENT_ENV_OVERRIDE);

	if (!v || !*v)
		return -1;
	if (!strcmp(v, "none"))
		return 0;
	hit(out, v, AGENT_ENV_OVERRIDE "=%s is set", v);
	return 1;
}

bool agent_env_detect(struct agent_hit *out, const struct agent_markers *m,
		      const struct agent_env_opts *o)
{
	char *const *envp = o && o->envp ? o->envp : environ;
	const char *proc = o && o->proc ? o->proc : "/proc";
	const char *email = o ? o->committer_email : NULL;
	int forced;

	memset(out, 0, sizeof(*out));
	forced = override(out, envp);
	if (forced >= 0)
		return forced == 1;
	for (size_t i = 0; i < m->nr; i++) {
		const struct marker *mk = &m->v[i];

		if (mk->kind == MARK_ENV && env_marker(mk, envp)) {
			hit(out, mk->agent, "%s=%s is set", mk->name,
			    env_get(envp, mk->name));
			return true;
		}
		if (mk->kind == MARK_COMMITTER && email &&
		    str_ieq(email, mk->name)) {
			hit(out, mk->agent, "the committer is %s", email);
			return true;
		}
	}
	return walk_processes(out, m, proc, o && o->pid ? o->pid : getpid());
}

char *agent_env_ancestor_cmdline(const char *proc, pid_t pid,
				 const char *comm)
{
	char name[COMM_MAX + 1];
	struct buf path = BUF_INIT, text = BUF_INIT;
	pid_t ppid;
	char *out = NULL;

	proc = proc ? proc : "/proc";
	pid = pid ? pid : getpid();
	for (int depth = 0; pid > 0 && depth < WALK_MAX && !out; depth++) {
		if (read_stat(name, &ppid, proc, pid) < 0)
			break;
		if (comm_is(name, comm)) {
			buf_reset(&path);
			buf_addf(&path, "%s/%ld/cmdline", proc, (long)pid);
			if (read_file(&text, path.ptr) < 0) {
				error_clear();
				break;
			}
			for (size_t i = 0; i < text.len; i++)
				if (text.ptr[i] == '\0')
					text.ptr[i] = ' ';
			out = xstrdup(text.ptr ? text.ptr : "");
		}
		if (ppid == pid)
			break;
		pid = ppid;
	}
	buf_release(&path);
	buf_release(&text);
	return out;
}
