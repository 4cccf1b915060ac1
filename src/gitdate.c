/*
 * Dates as GIT_COMMITTER_DATE gives them: "[@]<seconds> [<zone>]",
 * ISO 8601 ("2026-12-03T10:00:00+01:00", "2026-12-03 10:00:00 +0100")
 * and RFC 2822 ("Thu, 3 Dec 2026 10:00:00 +0100"). A zone is "Z", "UTC",
 * "GMT", "+hh", "+hhmm" or "+hh:mm"; without one the local zone is used.
 */
#include "gitdate.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "util.h"

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* min to max digits at *p, as a number. */
static bool read_num(const char **p, int min, int max, long long *out)
{
	const char *s = *p;
	long long v = 0;
	int n = 0;

	while (n < max && isdigit((unsigned char)*s)) {
		v = v * 10 + (*s++ - '0');
		n++;
	}
	if (n < min || isdigit((unsigned char)*s))
		return false;
	*p = s;
	*out = v;
	return true;
}

static bool read_zone(const char **p, int *offset)
{
	const char *s = *p;
	long long hh, mm = 0;
	int sign;

	if (*s == 'Z' || *s == 'z') {
		*p = s + 1;
		*offset = 0;
		return true;
	}
	if (!strncasecmp(s, "UTC", 3) || !strncasecmp(s, "GMT", 3)) {
		*p = s + 3;
		*offset = 0;
		return true;
	}
	if (*s != '+' && *s != '-')
		return false;
	sign = *s++ == '-' ? -1 : 1;
	if (isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
	    isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3]) &&
	    !isdigit((unsigned char)s[4])) {
		hh = (s[0] - '0') * 10 + (s[1] - '0');
		mm = (s[2] - '0') * 10 + (s[3] - '0');
		s += 4;
	} else if (!read_num(&s, 2, 2, &hh) ||
		   (*s == ':' && (s++, !read_num(&s, 2, 2, &mm)))) {
		return false;
	}
	if (hh > 23 || mm > 59)
		return false;
	*offset = sign * (int)(hh * 60 + mm);
	*p = s;
	return true;
}

/* An optional zone, then the end of the text. */
static bool read_tail(const char *s, bool *has_zone, int *offset)
{
	s = skip_blanks(s);
	*has_zone = *s != '\0';
	if (*has_zone && !read_zone(&s, offset))
		return false;
	return *skip_blanks(s) == '\0';
}

static int local_offset(time_t t)
{
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return 0;
	return (int)(tm.tm_gmtoff / 60);
}

/* git's own form; without '@', a number this large is seconds, as in git. */
static bool parse_seconds(struct gitdate *out, const char *s)
{
	bool at = *s == '@', has_zone;
	long long t;

	if (at)
		s++;
	if (!read_num(&s, 1, 15, &t) || (!at && t < 100000000))
		return false;
	if (!read_tail(s, &has_zone, &out->offset))
		return false;
	out->time = t;
	if (!has_zone)
		out->offset = local_offset((time_t)t);
	return true;
}

/* "HH:MM[:SS][.fraction]" into tm. */
static bool read_clock(const char **p, struct tm *tm)
{
	const char *s = *p;
	long long hh, mi, ss = 0;

	if (!read_num(&s, 1, 2, &hh) || *s++ != ':' ||
	    !read_num(&s, 2, 2, &mi))
		return false;
	if (*s == ':') {
		s++;
		if (!read_num(&s, 2, 2, &ss))
			return false;
		if (*s == '.' || *s == ',')
			for (s++; isdigit((unsigned char)*s); s++)
				;
	}
	if (hh > 23 || mi > 59 || ss > 59)
		return false;
	tm->tm_hour = (int)hh;
	tm->tm_min = (int)mi;
	tm->tm_sec = (int)ss;
	*p = s;
	return true;
}

/* "YYYY-MM-DD" then 'T' or blanks. */
static bool read_iso_day(const char **p, struct tm *tm)
{
	const char *s = *p;
	long long y, mo, d;

	if (!read_num(&s, 4, 4, &y) || *s++ != '-' ||
	    !read_num(&s, 2, 2, &mo) || *s++ != '-' ||
	    !read_num(&s, 2, 2, &d))
		return false;
	if (*s == 'T' || *s == 't')
		s++;
	else if (*s == ' ')
		s = skip_blanks(s);
	else
		return false;
	tm->tm_year = (int)y - 1900;
	tm->tm_mon = (int)mo - 1;
	tm->tm_mday = (int)d;
	*p = s;
	return true;
}

static int month_index(const char *s)
{
	static const char names[] = "janfebmaraprmayjunjulaugsepoctnovdec";

	for (int i = 0; i < 12; i++)
		if (!strncasecmp(s, names + 3 * i, 3))
			return i;
	return -1;
}

static const char *skip_word(const char *s)
{
	while (isalpha((unsigned char)*s))
		s++;
	return s;
}

/* "[Weekday,] D Month YYYY" then blanks. */
static bool read_rfc_day(const char **p, struct tm *tm)
{
	const char *s = *p;
	long long d, y;
	int mon;

	if (isalpha((unsigned char)*s)) {
		s = skip_word(s);
		if (*s == ',')
			s++;
		s = skip_blanks(s);
	}
	if (!read_num(&s, 1, 2, &d))
		return false;
	s = skip_blanks(s);
	mon = month_index(s);
	if (mon < 0)
		return false;
	s = skip_blanks(skip_word(s));
	if (!read_num(&s, 4, 4, &y) || (*s != ' ' && *s != '\t'))
		return false;
	tm->tm_year = (int)y - 1900;
	tm->tm_mon = mon;
	tm->tm_mday = (int)d;
	*p = skip_blanks(s);
	return true;
}

/* tm as a time, in the zone given or the local one; false for 31 Feb. */
static bool civil_time(struct gitdate *out, struct tm *tm, bool has_zone,
		       int offset)
{
	struct tm want = *tm;
	time_t t;

	if (has_zone) {
		t = timegm(tm);
	} else {
		tm->tm_isdst = -1;
		t = mktime(tm);
	}
	if (t == (time_t)-1 || tm->tm_mday != want.tm_mday ||
	    tm->tm_mon != want.tm_mon || tm->tm_year != want.tm_year)
		return false;
	out->time = has_zone ? (long long)t - offset * 60LL : (long long)t;
	out->offset = has_zone ? offset : (int)(tm->tm_gmtoff / 60);
	return true;
}

static bool parse_civil(struct gitdate *out, const char *s)
{
	struct tm tm = { 0 };
	bool has_zone;
	int offset = 0;

	if (!read_iso_day(&s, &tm) && !read_rfc_day(&s, &tm))
		return false;
	return read_clock(&s, &tm) && read_tail(s, &has_zone, &offset) &&
	       civil_time(out, &tm, has_zone, offset);
}

int gitdate_parse(struct gitdate *out, const char *s)
{
	const char *p = skip_blanks(s);

	if (parse_seconds(out, p) || parse_civil(out, p))
		return 0;
	return error_set("'%s' is not a date git-disclose reads: give '<seconds> +hhmm' (as git log --format=%%ad --date=raw prints), ISO 8601 (2026-12-03T10:00:00+01:00) or RFC 2822 (Thu, 3 Dec 2026 10:00:00 +0100)",
			 s);
}
