/*
 * Is an AI agent making this commit? The kernel's policy says AI agents
 * must not add Signed-off-by:, so the commit-msg hook asks. The answer
 * comes from the catalogue's "agent_markers" (each with its source):
 * environment variables an agent sets for the commands it runs, the
 * committer identity an agent's runtime configures, and the process
 * names (comm) of agents, looked for among the ancestors of a process
 * by walking /proc/<pid>/stat.
 *
 * GIT_DISCLOSE_AGENT overrides the detection: "none" says a human runs
 * git (inside an agent's terminal, say); an agent name says that agent
 * runs it, where no marker tells.
 */
#ifndef DISCLOSE_AGENT_ENV_H
#define DISCLOSE_AGENT_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define AGENT_ENV_OVERRIDE "GIT_DISCLOSE_AGENT"

struct agent_markers;

/* The markers of the built-in catalogue. */
int agent_markers_load(struct agent_markers **out);
/* The "agent_markers" array of a catalogue JSON text from origin. */
int agent_markers_parse(struct agent_markers **out, const char *json,
			size_t len, const char *origin);
void agent_markers_free(struct agent_markers *m);
size_t agent_markers_count(const struct agent_markers *m);

struct agent_env_opts {
	char *const *envp;		/* NULL: this process's environment */
	const char *proc;		/* NULL: "/proc" */
	pid_t pid;			/* where the walk starts; 0: getpid() */
	const char *committer_email;	/* NULL: not known */
};

struct agent_hit {
	char *agent;		/* the catalogue's agent name */
	char *why;		/* "CLAUDECODE=1 is set", "process 'claude'..." */
};

/*
 * Fill out and return true when an agent is detected (release out with
 * agent_hit_release); false when none is, or the override says "none".
 */
bool agent_env_detect(struct agent_hit *out, const struct agent_markers *m,
		      const struct agent_env_opts *o);
void agent_hit_release(struct agent_hit *hit);

/*
 * The command line of the nearest ancestor of pid (0: this process)
 * whose process name is comm, with NULs turned into spaces; NULL when
 * there is none. The caller frees it.
 */
char *agent_env_ancestor_cmdline(const char *proc, pid_t pid,
				 const char *comm);

#endif
