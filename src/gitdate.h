/*
 * The dates git takes in GIT_COMMITTER_DATE and GIT_AUTHOR_DATE, in the
 * forms people and scripts give them: git's own "<seconds> <zone>"
 * (with or without '@'), ISO 8601 and RFC 2822. git's approxidate
 * ("yesterday", "noon") is not read: such a date is an error, never a
 * silently different time.
 */
#ifndef DISCLOSE_GITDATE_H
#define DISCLOSE_GITDATE_H

struct gitdate {
	long long time;		/* seconds since the epoch, UTC */
	int offset;		/* the zone, in minutes east of UTC */
};

/*
 * Read s into out. A date without a zone is in the local time zone, as
 * git reads it. On error, returns -1 with error_last() saying which
 * forms are read.
 */
int gitdate_parse(struct gitdate *out, const char *s);

#endif
