/*
 * Shared setup of the unit tests that need a scratch directory, a git
 * repository or a shell: a temporary directory as HOME with nothing of
 * this machine's configuration (git's system file, the user's packs).
 */
#ifndef DISCLOSE_FIXTURE_H
#define DISCLOSE_FIXTURE_H

/* The scratch directory of the running test group or test. */
extern char fixture_dir[256];

/*
 * Make a fresh scratch directory named after name under $TMPDIR, make it
 * HOME (and its .config XDG_CONFIG_HOME), and clear git's environment
 * variables that would point elsewhere. 0, or -1 when it cannot be made.
 */
int fixture_setup(const char *name);
/* Remove the scratch directory and all in it. */
int fixture_teardown(void);
/* Run script with sh -e in the scratch directory; its exit status. */
int fixture_run_sh(const char *script);
/* The same, failing the test when the script fails. */
void fixture_sh(const char *script);

#endif
