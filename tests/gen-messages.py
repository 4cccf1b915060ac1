#!/usr/bin/env python3
"""Write the trailer conformance fixtures: fixtures/messages/NNN-name.msg.

Each file is one raw commit message (bytes exactly as written, some without
a final newline). The set is meant to hit every rule of git's trailer
detection (git 2.39 trailer.c and commit.c:ignore_non_trailer());
tests/e2e/conformance.sh compares our parser with
`git interpret-trailers --parse` on every file.

The first part is hand-written cases, one rule each. The second part is a
seeded random mix of trailer-like and prose lines around the 25% rule, so
the output is the same on every run. Rerun after editing and commit the
output:

    python3 tests/gen-messages.py [OUTDIR]

Rules for every message written here:
- no NUL byte (it cannot travel through `trailer --parse -z`);
- no scissors line after a `---` divider: git 2.39 loops forever on that
  (ignore_non_trailer() gets a cut-off beyond the end of its buffer).
"""

import os
import random
import sys

SCISSORS = b"# ------------------------ >8 ------------------------"
SOB = b"Signed-off-by: "
CHERRY = b"(cherry picked from commit "

# Made-up people, addresses and ids; nothing here is taken from a real log.
PEOPLE = [
    b"Ada Example <ada@example.org>",
    b"Bo Tester <bo.tester@example.com>",
    b"Chen Wei <chen.wei@example.net>",
    b"Dana Maintainer <dana@kernel.example>",
    b"Eve Reviewer <eve+lkml@example.org>",
    b"Fatima Zahra <fz@example.com>",
    b"Gunnar \xc3\x85berg <gunnar@example.se>",
    b"Hiro Tanaka <hiro@example.jp>",
    b"Ines Costa <ines.costa@example.pt>",
    b"Jan Novak <jan@example.cz>",
]

CASES = []


def case(name, data):
    """Register one hand-written fixture (bytes)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    CASES.append((name, data))


def lines(*ls, end=b"\n"):
    """Join lines with a newline after each (end=b"" drops the last one)."""
    out = b"\n".join(x.encode("utf-8") if isinstance(x, str) else x
                     for x in ls)
    return out + end


# ---------------------------------------------------------------------------
# Empty, blank and subject-only messages
case("empty", b"")
case("only-newline", b"\n")
case("only-newlines", b"\n\n\n")
case("only-spaces", b"   ")
case("only-whitespace-lines", b"  \n\t\n \t \n")
case("only-crlf", b"\r\n\r\n")
case("only-comment", b"# just a comment\n")
case("only-comments-and-blank", b"# one\n\n# two\n")
case("subject-only", b"Fix the frobnicator\n")
case("subject-only-no-newline", b"Fix the frobnicator")
case("subject-trailing-blank-lines", b"Fix the frobnicator\n\n\n\n")
case("subject-looks-like-trailer", b"Fixes: the frobnicator\n")
case("subject-is-sob", b"Signed-off-by: Ada Example <ada@example.org>\n")
case("two-line-subject-trailers",
     lines("Key: one", "Other: two"))
case("subject-trailer-then-body-trailer",
     lines("Subsystem: fix it", "", "Reviewed-by: " + PEOPLE[1].decode()))
case("subject-trailer-then-sob-no-blank",
     lines("Subject", "Signed-off-by: " + PEOPLE[0].decode()))
case("leading-blank-line-then-trailer", b"\nKey: value\n")
case("leading-blank-line-then-sob",
     b"\n\nSigned-off-by: Ada Example <ada@example.org>\n")
case("leading-spaces-line-then-trailer", b"   \nKey: value\n")
case("comment-subject-then-trailer",
     lines("# comment before subject", "Key: value"))
case("comment-title-blank-trailer",
     lines("# comment", "", "Key: value"))
case("subject-comment-inside-title",
     lines("Subject", "# comment in title", "", "Key: value"))
case("title-ends-with-space-line",
     lines("Subject", "   ", "Key: value"))
case("title-ends-with-tab-line",
     lines("Subject", "\t", "Key: value", end=b""))

# ---------------------------------------------------------------------------
# All-trailer blocks and formatting of a trailer
case("simple-sob",
     lines("Fix a leak", "", "Free the buffer on the error path.", "",
           "Signed-off-by: " + PEOPLE[0].decode()))
case("simple-sob-no-newline",
     lines("Fix a leak", "", "Signed-off-by: " + PEOPLE[0].decode(),
           end=b""))
case("all-trailers-no-sob",
     lines("Subject", "", "Body text.", "", "Reviewed-by: x <x@example.org>",
           "Tested-by: y <y@example.org>", "Acked-by: z <z@example.org>"))
case("single-custom-trailer", lines("Subject", "", "Foo: bar"))
case("no-space-after-colon", lines("Subject", "", "Key:value"))
case("many-spaces-after-colon", lines("Subject", "", "Key:     value"))
case("tab-after-colon", lines("Subject", "", "Key:\tvalue"))
case("trailing-spaces-in-value", lines("Subject", "", "Key: value   "))
case("trailing-tab-in-value", lines("Subject", "", "Key: value\t"))
case("empty-value", lines("Subject", "", "Key:"))
case("empty-value-spaces", lines("Subject", "", "Key:   "))
case("empty-value-then-other", lines("Subject", "", "Empty:", "Full: yes"))
case("space-before-colon", lines("Subject", "", "Key :value"))
case("spaces-before-colon", lines("Subject", "", "Key   : value"))
case("tab-before-colon", lines("Subject", "", "Key\t: v"))
case("tab-space-before-colon", lines("Subject", "", "Key \t : v"))
case("space-inside-key", lines("Subject", "", "a b: c"))
case("space-inside-key-with-sob",
     lines("Subject", "", "a b: c", "Signed-off-by: " + PEOPLE[2].decode()))
case("space-in-key-after-space",
     lines("Subject", "", "Key x : v", "Other: w"))
case("colon-first", lines("Subject", "", ": value"))
case("colon-first-with-sob",
     lines("Subject", "", ": value", "Signed-off-by: " + PEOPLE[2].decode()))
case("only-colon-line", lines("Subject", "", ":"))
case("double-colon", lines("Subject", "", "Key::value"))
case("colon-in-value", lines("Subject", "", "Key: a: b: c"))
case("dash-key", lines("Subject", "", "-: x"))
case("dashes-key", lines("Subject", "", "--: x", "a-: y", "-a: z"))
case("triple-dash-colon-key", lines("Subject", "", "---: x"))
case("digit-key", lines("Subject", "", "1: one", "42: answer"))
case("digits-dashes-key",
     lines("Subject", "", "X-123-Y: v", "Bug-12345: fixed", "2nd-Opinion: ok"))
case("mixed-case-keys",
     lines("Subject", "", "signed-off-by: lower <l@example.org>",
           "SIGNED-OFF-BY: UPPER <u@example.org>"))
case("underscore-key", lines("Subject", "", "Key_x: v"))
case("underscore-key-with-sob",
     lines("Subject", "", "Key_x: v", "Signed-off-by: " + PEOPLE[3].decode()))
case("dot-key", lines("Subject", "", "Key.x: v", "Other: w"))
case("slash-key", lines("Subject", "", "a/b: v", "Other: w"))
case("http-line", lines("Subject", "", "http://x"))
case("http-line-and-trailer",
     lines("Subject", "", "https://example.org/bug/1", "Reported-by: x <x@y>"))
case("note-see", lines("Subject", "", "Note: see the manual"))
case("note-see-and-prose",
     lines("Subject", "", "Note: see the manual", "for the details of it."))
case("non-ascii-key", lines("Subject", "", "Schl\u00fcssel: Wert"))
case("non-ascii-key-and-ascii",
     lines("Subject", "", "Kl\u00e9: valeur", "Key: value"))
case("non-ascii-key-with-sob",
     lines("Subject", "", "Kl\u00e9: valeur",
           "Signed-off-by: " + PEOPLE[6].decode()))
case("cjk-key", lines("Subject", "", "\u7f72\u540d: \u5f20\u4e09"))
case("non-ascii-value",
     lines("Subject", "", "Reported-by: J\u00fcrgen M\u00fcller <jm@example.de>",
           "Tested-by: \u5f20\u4e09 <zs@example.cn>"))
case("emoji-value", lines("Subject", "", "Mood: \U0001f600 fine"))
case("latin1-bytes-in-value",
     lines("Subject", "", b"Reported-by: J\xfcrgen <j@example.de>"))
case("invalid-utf8-key", lines("Subject", "", b"K\xffy: v", b"Key: w"))
case("nbsp-before-colon", lines("Subject", "", b"Key\xc2\xa0: v"))
case("nbsp-after-colon", lines("Subject", "", b"Key:\xc2\xa0v"))
case("formfeed-before-colon", lines("Subject", "", b"Key\x0c: v"))
case("vtab-before-colon", lines("Subject", "", b"Key\x0b: v"))
case("formfeed-trailing-value", lines("Subject", "", b"Key: v\x0c"))
case("vtab-leading-value", lines("Subject", "", b"Key:\x0bv"))
case("formfeed-line-start", lines("Subject", "", b"Key: v", b"\x0cnext"))
case("vtab-continuation-like", lines("Subject", "", b"Key: v", b"\x0bmore"))
case("cr-line-start", lines("Subject", "", b"Key: v", b"\rmore"))
case("formfeed-only-line",
     lines("Subject", "", "Key: v", b"\x0c", "Other: w"))
case("control-char-in-key", lines("Subject", "", b"Ke\x01y: v", b"A: b"))
case("escape-in-value", lines("Subject", "", b"Key: a\x1b[31mred"))
case("duplicate-keys",
     lines("Subject", "", "Cc: a@example.org", "Cc: b@example.org",
           "Cc: a@example.org"))
case("value-with-hash",
     lines("Subject", "", "Cc: stable@vger.kernel.org # 6.1.x",
           "Fixes: #123"))
case("value-with-angle-brackets",
     lines("Subject", "", "Key: <<weird>> value <a@b>"))
case("long-key", lines("Subject", "", "K" * 300 + ": v"))
case("very-long-key", lines("Subject", "", "Key-" * 1500 + "X: v"))
case("long-value", lines("Subject", "", "Key: " + "v" * 5000))
case("very-long-value-sob",
     lines("Subject", "", "Signed-off-by: " + "N" * 100000 + " <n@x>"))
case("very-long-prose-line",
     lines("Subject", "", "word " * 20000, "", "Key: v"))
case("very-long-subject", lines("x" * 70000, "", "Key: v"))
case("very-long-prose-in-block",
     lines("Subject", "", "y" * 30000,
           "Signed-off-by: " + PEOPLE[0].decode()))
case("many-trailers",
     lines("Subject", "", *["Key-%d: value %d" % (i, i)
                            for i in range(1, 401)]))
case("long-body-short-block",
     lines("Subject", "",
           *["Body line %d of a long explanation." % i
             for i in range(1, 1201)],
           "", "Reviewed-by: " + PEOPLE[4].decode()))

# ---------------------------------------------------------------------------
# Last paragraph only
case("trailers-in-middle-paragraph",
     lines("Subject", "", "Key: value", "Other: thing", "",
           "A closing remark in prose."))
case("trailers-in-two-paragraphs",
     lines("Subject", "", "First: a", "", "Second: b"))
case("sob-then-prose-paragraph",
     lines("Subject", "", "Signed-off-by: " + PEOPLE[0].decode(), "",
           "Some prose after the sign-off."))
case("trailers-then-blank-spaces-paragraph",
     lines("Subject", "", "First: a", "  ", "Second: b"))
case("trailers-then-blank-tab-paragraph",
     lines("Subject", "", "First: a", "\t", "Second: b"))
case("trailing-blank-lines",
     lines("Subject", "", "Key: v", "", "", ""))
case("trailing-space-lines",
     lines("Subject", "", "Key: v", "   ", "\t", ""))
case("trailing-space-line-no-newline",
     lines("Subject", "", "Key: v", "   ", end=b""))
case("trailing-blank-then-space-line",
     lines("Subject", "", "Key: v", "", "  "))
case("space-line-inside-continuation",
     lines("Subject", "", "Key: a", " ", " b"))
case("space-line-inside-continuation-sob",
     lines("Subject", "", "Signed-off-by: " + PEOPLE[0].decode(), "Key: a",
           " ", " b"))

# ---------------------------------------------------------------------------
# Mixed blocks and the 25% rule (3 * trailers >= non-trailers)
SOB0 = "Signed-off-by: " + PEOPLE[0].decode()
SOB1 = "Signed-off-by: " + PEOPLE[1].decode()
PROSE = ["This line is plain prose.", "So is this one, really.",
         "A third line of text.", "And a fourth line here.",
         "Fifth line of words.", "Sixth, still prose.",
         "Seventh line.", "Eighth line.", "Ninth line.", "Tenth line."]


def mixed(name, trailers, prose, first_prose=True):
    body = (PROSE[:prose] + trailers) if first_prose else \
        (trailers + PROSE[:prose])
    case(name, lines("Subject", "", "Body.", "", *body))


mixed("mixed-sob-1-of-2", [SOB0], 1)
mixed("mixed-sob-1-of-3", [SOB0], 2)
mixed("mixed-sob-1-of-4-at-25", [SOB0], 3)
mixed("mixed-sob-1-of-5-below-25", [SOB0], 4)
mixed("mixed-sob-2-of-8-at-25", ["Reviewed-by: r <r@example.org>", SOB0], 6)
mixed("mixed-sob-2-of-9-below-25",
      ["Reviewed-by: r <r@example.org>", SOB0], 7)
mixed("mixed-sob-3-of-12-at-25", ["Acked-by: a <a@x>", SOB0, SOB1], 9)
mixed("mixed-sob-3-of-13-below-25", ["Acked-by: a <a@x>", SOB0, SOB1], 10)
mixed("mixed-sob-first-at-25", [SOB0], 3, first_prose=False)
mixed("mixed-sob-first-below-25", [SOB0], 4, first_prose=False)
mixed("mixed-no-sob-1-of-2", ["Key: v"], 1)
mixed("mixed-no-sob-3-of-4", ["A: 1", "B: 2", "C: 3"], 1)
case("mixed-interleaved-at-25",
     lines("Subject", "", "prose one", SOB0, "prose two", "prose three"))
case("mixed-interleaved-below-25",
     lines("Subject", "", "prose one", SOB0, "prose two", "prose three",
           "prose four"))
case("sob-no-space",
     lines("Subject", "", "prose one", "Signed-off-by:" + PEOPLE[0].decode()))
case("sob-two-spaces",
     lines("Subject", "", "prose one",
           "Signed-off-by:  " + PEOPLE[0].decode()))
case("sob-space-before-colon",
     lines("Subject", "", "prose one",
           "Signed-off-by : " + PEOPLE[0].decode()))
case("sob-lowercase",
     lines("Subject", "", "prose one",
           "signed-off-by: " + PEOPLE[0].decode()))
case("sob-empty-value",
     lines("Subject", "", "prose one", "Signed-off-by: "))
case("sob-no-value-no-space", lines("Subject", "", "prose one",
                                    "Signed-off-by:"))
case("sob-indented",
     lines("Subject", "", "prose one", " Signed-off-by: " + PEOPLE[0].decode()))
case("cherry-picked-only",
     lines("Subject", "", "Body.", "",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)"))
case("cherry-picked-with-prose-at-25",
     lines("Subject", "", "prose one", "prose two", "prose three",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)"))
case("cherry-picked-with-prose-below-25",
     lines("Subject", "", "prose one", "prose two", "prose three",
           "prose four",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)"))
case("cherry-picked-and-trailers",
     lines("Subject", "", "prose one", "Key: v",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)",
           SOB0))
case("cherry-picked-no-space",
     lines("Subject", "", "prose one",
           "(cherry picked from commit0123456789abcdef)", "Key: v"))
case("cherry-picked-mid-block",
     lines("Subject", "", "Key: v",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)",
           "Other: w"))
case("cherry-picked-uppercase",
     lines("Subject", "", "prose",
           "(Cherry picked from commit 0123456789abcdef)", "Key: v"))
CHERRY0 = "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)"
case("cherry-and-trailer-2-of-8-at-25",
     lines("Subject", "", *PROSE[:6], "Key: v", CHERRY0))
case("cherry-and-trailer-2-of-9-below-25",
     lines("Subject", "", *PROSE[:7], "Key: v", CHERRY0))
case("cherry-first-and-trailer-at-25",
     lines("Subject", "", CHERRY0, *PROSE[:6], "Key: v"))
case("cherry-and-sob-4-of-16-at-25",
     lines("Subject", "", "A: 1", CHERRY0, *PROSE[:10], "B: 2", "x", "y",
           SOB0))
case("cherry-and-sob-4-of-17-below-25",
     lines("Subject", "", "A: 1", CHERRY0, *PROSE[:10], "B: 2", "x", "y",
           "z", SOB0))
case("git-revert-message",
     lines('Revert "Add the frobnicator"', "",
           "This reverts commit 0123456789abcdef0123456789abcdef01234567.", "",
           SOB0))
case("revert-reverts-line-in-block",
     lines('Revert "Add the frobnicator"', "",
           "This reverts commit 0123456789abcdef0123456789abcdef01234567.",
           SOB0))

# ---------------------------------------------------------------------------
# Continuation lines
case("continuation-space",
     lines("Subject", "", "Key: first part", " second part"))
case("continuation-tab",
     lines("Subject", "", "Key: first part", "\tsecond part"))
case("continuation-several",
     lines("Subject", "", "Key: a", "  b", "\t c", "   d", "Other: e"))
case("continuation-value-on-next-line",
     lines("Subject", "", "Key:", "  the value"))
case("continuation-empty-then-value",
     lines("Subject", "", "Key:", "\t", "  value"))
case("continuation-internal-spaces",
     lines("Subject", "", "Key: a   b", "      c    d"))
case("continuation-trailing-spaces",
     lines("Subject", "", "Key: a   ", "   b   "))
case("continuation-of-sob",
     lines("Subject", "", "Signed-off-by: Ada Example", " <ada@example.org>"))
case("continuation-looks-like-trailer",
     lines("Subject", "", "Key: a", " Other: b"))
case("continuation-after-non-trailer",
     lines("Subject", "", "not a trailer", " continued", "Key: v"))
case("continuation-after-non-trailer-sob",
     lines("Subject", "", "not a trailer", " continued", SOB0))
case("continuations-after-prose-at-25",
     lines("Subject", "", "prose", " cont one", " cont two", SOB0))
case("continuations-after-prose-below-25",
     lines("Subject", "", "prose", " cont one", " cont two", " cont three",
           SOB0))
case("continuations-after-trailer-dont-count",
     lines("Subject", "", "prose", "Key: v", *[" more %d" % i
                                              for i in range(12)], SOB0))
case("continuation-at-block-start",
     lines("Subject", "", "  leading continuation", "Key: v"))
case("continuation-at-block-start-sob",
     lines("Subject", "", "  leading continuation", SOB0))
case("continuation-at-block-start-tab-sob",
     lines("Subject", "", "\tleading", "\tcontinuation", SOB0, "Key: v"))
case("continuation-after-cherry-pick",
     lines("Subject", "", "Key: v",
           "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)",
           "  continued"))
case("continuation-after-comment",
     lines("Subject", "", SOB0, "# a comment", "  continued"))
case("continuations-after-comment-at-25",
     lines("Subject", "", SOB0, "# c", "  one", "  two", "  three"))
case("continuations-after-comment-below-25",
     lines("Subject", "", SOB0, "# c", "  one", "  two", "  three", "  four"))
case("continuation-crlf",
     b"Subject\r\n\r\nKey: a\r\n b\r\n")
case("continuation-no-final-newline",
     lines("Subject", "", "Key: a", "\tb", end=b""))
case("continuation-with-colon",
     lines("Subject", "", "Link: https://example.org/a",
           "  https://example.org/b"))

# ---------------------------------------------------------------------------
# The patch divider
case("divider-plain",
     lines("Subject", "", "Key: v", "---", "Other: w"))
case("divider-space",
     lines("Subject", "", "Key: v", "--- ", "Other: w"))
case("divider-tab",
     lines("Subject", "", "Key: v", "---\t", "Other: w"))
case("divider-cr",
     b"Subject\n\nKey: v\n---\r\nOther: w\n")
case("divider-then-text",
     lines("Subject", "", SOB0, "--- a/file.c", "+++ b/file.c"))
case("divider-diffstat",
     lines("Subject", "", "Body.", "", SOB0, "---",
           " src/file.c | 2 +-", " 1 file changed, 1 insertion(+)", "",
           "diff --git a/src/file.c b/src/file.c"))
case("four-dashes-not-divider",
     lines("Subject", "", "Key: v", "----", "Other: w"))
case("four-dashes-sob",
     lines("Subject", "", "prose", "----", SOB0))
case("dashes-x-not-divider",
     lines("Subject", "", "Key: v", "---x", "Other: w"))
case("table-rule-not-divider",
     lines("Subject", "", "  a  |  b", "-----+-----", "  1  |  2", "",
           "Key: v"))
case("table-rule-in-block",
     lines("Subject", "", "Key: v", "-----+-----", SOB0))
case("divider-at-eof-no-newline",
     lines("Subject", "", "Key: v", "---", end=b""))
case("divider-at-eof-no-newline-sob",
     lines("Subject", "", SOB0, "---", end=b""))
case("divider-at-eof-newline",
     lines("Subject", "", "Key: v", "---"))
case("divider-first-line",
     lines("---", "", "Key: v"))
case("divider-as-subject-prefix",
     lines("--- subject", "", "Key: v"))
case("divider-in-body-before-trailers",
     lines("Subject", "", "Key: a", "", "---", "", "Other: b"))
case("divider-after-blank",
     lines("Subject", "", "Key: a", "", "---", "notes"))
case("divider-indented-not-divider",
     lines("Subject", "", "Key: a", " ---", "Other: b"))
case("divider-space-colon",
     lines("Subject", "", "Key: a", "--- : x"))
case("two-dashes",
     lines("Subject", "", "Key: a", "--", "Other: b"))
case("divider-in-subject-paragraph",
     lines("Subject", "---", "", "Key: v"))
case("divider-notes-with-trailers-after",
     lines("Subject", "", "Body.", "", SOB0, "---", "", "v2: rebased", "",
           "Other: looks like a trailer"))
case("dashes-then-sob-no-blank",
     lines("Subject", "", "Key: v", "---", SOB0))

# ---------------------------------------------------------------------------
# Scissors
case("scissors-after-trailers",
     lines("Subject", "", "Key: v", SCISSORS, "Other: w"))
case("scissors-first-line",
     lines(SCISSORS, "Subject", "", "Key: v"))
case("scissors-after-blank",
     lines("Subject", "", "Key: v", "", SCISSORS,
           "diff --git a/x b/x"))
case("scissors-with-suffix",
     lines("Subject", "", "Key: v", SCISSORS + b" trailing words",
           "Other: w"))
case("scissors-no-newline",
     lines("Subject", "", "Key: v", SCISSORS, end=b""))
case("scissors-before-divider",
     lines("Subject", "", "Key: v", SCISSORS, "---", "Other: w"))
case("scissors-in-subject-paragraph",
     lines("Subject", SCISSORS, "", "Key: v"))
case("scissors-without-hash",
     lines("Subject", "", "Key: v",
           "------------------------ >8 ------------------------"))
case("scissors-other-comment-char",
     lines("Subject", "", "Key: v",
           "; ------------------------ >8 ------------------------"))
case("scissors-short",
     lines("Subject", "", "Key: v", "# -------- >8 --------", "Other: w"))
case("scissors-indented",
     lines("Subject", "", "Key: v",
           " # ------------------------ >8 ------------------------",
           "Other: w"))
case("scissors-crlf",
     b"Subject\r\n\r\nKey: v\r\n" + SCISSORS + b"\r\nOther: w\r\n")
# The scissors line must be a whole line: "\n" right after it.
case("scissors-suffix-then-prose",
     lines("Subject", "", "Key: v", SCISSORS + b" x", "prose after it"))
case("scissors-trailing-space-then-prose",
     lines("Subject", "", "Key: v", SCISSORS + b" ", "prose after it"))
case("scissors-crlf-then-prose",
     b"Subject\r\n\r\nKey: v\r\n" + SCISSORS + b"\r\nprose after it\r\n")
case("scissors-first-line-with-suffix",
     lines(SCISSORS + b"x", "", "Key: v"))
case("scissors-first-line-crlf",
     SCISSORS + b"\r\n\r\nKey: v\r\n")
case("scissors-then-prose",
     lines("Subject", "", "Key: v", SCISSORS, "prose after it"))
case("scissors-mid-paragraph",
     lines("Subject", "", "prose", SCISSORS, "Key: v"))
case("scissors-twice",
     lines("Subject", "", "Key: v", SCISSORS, "A: b", SCISSORS, "c d"))
case("scissors-before-divider-then-prose",
     lines("Subject", "", "Key: v", SCISSORS, "---", "prose"))
case("scissors-commit-verbose",
     lines("Subject", "", "Body.", "", SOB0, "",
           "# Please enter the commit message for your changes. Lines starting",
           "# with '#' will be ignored, and an empty message aborts the commit.",
           SCISSORS,
           "# Do not modify or remove the line above.",
           "# Everything below it will be ignored.",
           "diff --git a/f b/f"))

# ---------------------------------------------------------------------------
# Comment lines
case("comment-after-block",
     lines("Subject", "", "Key: v", "# trailing comment"))
case("comments-after-block-blank",
     lines("Subject", "", "Key: v", "", "# one", "#", "# two"))
case("comment-between-trailers",
     lines("Subject", "", "Key: v", "# between", "Other: w"))
case("comment-starts-block",
     lines("Subject", "", "# starts", "Key: v"))
case("comment-only-block",
     lines("Subject", "", "Body.", "", "# a", "# b"))
case("comment-between-prose-and-sob",
     lines("Subject", "", "prose one", "prose two", "# c", SOB0))
case("comment-line-no-space",
     lines("Subject", "", "#Key: v", "Other: w"))
case("comment-indented-is-continuation",
     lines("Subject", "", "Key: v", "  # indented", "Other: w"))
case("comment-between-paragraphs",
     lines("Subject", "", "First: a", "# c", "", "Second: b"))
case("comment-replaces-blank",
     lines("Subject", "", "prose", "# c", "Key: v"))
case("hash-in-key",
     lines("Subject", "", "Key#1: v", "Other: w"))
case("comment-no-newline-at-end",
     lines("Subject", "", "Key: v", "# end", end=b""))
case("comment-then-blank-then-space-line",
     lines("Subject", "", "Key: v", "# c", "", "  "))
case("commit-template",
     lines("", "# Please enter the commit message for your changes. Lines starting",
           "# with '#' will be ignored, and an empty message aborts the commit.",
           "#", "# On branch main", "# Changes to be committed:",
           "#\tmodified:   src/file.c", "#"))
case("commit-template-with-message",
     lines("Subject", "", "Body.", "", SOB0, "",
           "# Please enter the commit message for your changes. Lines starting",
           "# with '#' will be ignored, and an empty message aborts the commit.",
           "#", "# On branch main", "# Changes to be committed:",
           "#\tmodified:   src/file.c", "#"))
case("commit-template-custom",
     lines("Subject", "", "# Why:", "# What:", "Key: v", "",
           "# Trailers go above."))

# Lines that are comments only with core.commentChar=';' (the "cc" check
# of conformance.sh runs every fixture that way too).
case("semicolon-between-trailers",
     lines("Subject", "", "Key: v", "; note", "Other: w"))
case("semicolon-after-block",
     lines("Subject", "", SOB0, "; note one", ";note two"))
case("semicolon-scissors-then-prose",
     lines("Subject", "", "Key: v",
           "; ------------------------ >8 ------------------------",
           "prose after it"))
case("semicolon-title-comment",
     lines("; comment", "Key: v", "", "Other: w"))
case("semicolon-and-hash-lines",
     lines("Subject", "", "# hash", "Key: v", "; semi", "Other: w",
           "# hash again"))
case("semicolon-conflicts",
     lines("Merge", "", SOB0, "", "; Conflicts:", ";\tsrc/a.c"))

# ---------------------------------------------------------------------------
# Conflicts blocks
case("conflicts-after-sob",
     lines("Merge branch 'topic'", "", SOB0, "", "Conflicts:",
           "\tsrc/a.c", "\tsrc/b.c"))
case("conflicts-no-blank-after-sob",
     lines("Merge branch 'topic'", "", SOB0, "Conflicts:", "\tsrc/a.c"))
case("conflicts-commented",
     lines("Merge branch 'topic'", "", SOB0, "", "# Conflicts:",
           "#\tsrc/a.c", "#\tsrc/b.c"))
case("conflicts-then-prose",
     lines("Merge branch 'topic'", "", "Conflicts:", "\tsrc/a.c",
           "resolved by hand"))
case("conflicts-then-trailer",
     lines("Merge branch 'topic'", "", "Conflicts:", "\tsrc/a.c", SOB0))
case("conflicts-space-path",
     lines("Merge branch 'topic'", "", SOB0, "", "Conflicts:",
           "    src/a.c"))
case("conflicts-with-space",
     lines("Merge branch 'topic'", "", "Conflicts: ", "\tsrc/a.c"))
case("conflicts-crlf",
     b"Merge\r\n\r\nSigned-off-by: a <a@x>\r\n\r\nConflicts:\r\n\tsrc/a.c\r\n")
case("conflicts-lowercase",
     lines("Merge", "", "Key: v", "conflicts:", "\tsrc/a.c"))
case("conflicts-only",
     lines("Merge branch 'topic'", "", "Conflicts:", "\tsrc/a.c"))
case("conflicts-then-comments",
     lines("Merge", "", SOB0, "", "Conflicts:", "\tsrc/a.c", "#", "# note"))
case("conflicts-blank-inside",
     lines("Merge", "", SOB0, "Conflicts:", "\ta.c", "", "\tb.c"))

# ---------------------------------------------------------------------------
# CRLF and other line endings
case("crlf-all",
     b"Subject\r\n\r\nBody.\r\n\r\nKey: v\r\nSigned-off-by: a <a@x>\r\n")
case("crlf-no-final",
     b"Subject\r\n\r\nKey: v\r\nOther: w")
case("crlf-trailing-blank",
     b"Subject\r\n\r\nKey: v\r\n\r\n\r\n")
case("crlf-mixed",
     b"Subject\n\r\nKey: v\r\nOther: w\n")
case("crlf-continuation-tab",
     b"Subject\r\n\r\nKey: a\r\n\tb\r\n\tc\r\n")
case("crlf-space-before-colon",
     b"Subject\r\n\r\nKey :v\r\n")
case("crlf-comment-and-sob",
     b"Subject\r\n\r\nprose\r\n# c\r\nSigned-off-by: a <a@x>\r\n")
case("cr-only-endings",
     b"Subject\r\rKey: v\rOther: w\r")
case("crlf-empty-value",
     b"Subject\r\n\r\nKey:\r\n")

# ---------------------------------------------------------------------------
# Real-looking kernel messages (made-up content)
case("kernel-fix-stable", lines(
    "mm/slab: fix use-after-free in cache teardown",
    "",
    "When a cache is destroyed while a deferred free is still queued, the",
    "worker may touch the freed kmem_cache structure. Wait for the queue",
    "to drain before releasing it.",
    "",
    "Fixes: 0123456789ab (\"mm/slab: defer frees to a worker\")",
    "Cc: stable@vger.kernel.org # 6.1+",
    "Reported-by: " + PEOPLE[4].decode(),
    "Closes: https://lore.kernel.org/r/20250101000000.1234-1-eve@example.org/",
    "Reviewed-by: " + PEOPLE[1].decode(),
    "Signed-off-by: " + PEOPLE[0].decode(),
    "Link: https://lore.kernel.org/r/20250102000000.5678-1-ada@example.org",
    "Signed-off-by: " + PEOPLE[3].decode()))
case("kernel-long-sob-chain", lines(
    "net: example: drop the redundant lock",
    "",
    "The lock is already held by every caller.",
    "",
    *["Signed-off-by: " + p.decode() for p in PEOPLE * 3]))
case("kernel-co-developed-pairs", lines(
    "drm/example: add a new panel",
    "",
    "Add support for the example 10.1 inch panel.",
    "",
    "Co-developed-by: " + PEOPLE[5].decode(),
    "Signed-off-by: " + PEOPLE[5].decode(),
    "Co-developed-by: " + PEOPLE[7].decode(),
    "Signed-off-by: " + PEOPLE[7].decode(),
    "Signed-off-by: " + PEOPLE[2].decode(),
    "Acked-by: " + PEOPLE[9].decode(),
    "Link: https://patch.msgid.link/20250103.abc@example.org",
    "Signed-off-by: " + PEOPLE[3].decode()))
case("kernel-with-diffstat", lines(
    "iio: adc: example: fix the scale",
    "",
    "The scale was off by a factor of two.",
    "",
    "Fixes: 89abcdef0123 (\"iio: adc: example: new driver\")",
    "Signed-off-by: " + PEOPLE[8].decode(),
    "---",
    "v3: rebased",
    "v2: use the helper",
    "",
    " drivers/iio/adc/example.c | 2 +-",
    " 1 file changed, 1 insertion(+), 1 deletion(-)",
    "",
    "diff --git a/drivers/iio/adc/example.c b/drivers/iio/adc/example.c",
    "--- a/drivers/iio/adc/example.c",
    "+++ b/drivers/iio/adc/example.c"))
case("kernel-stable-backport", lines(
    "ext4: fix a corner case in the extent cache",
    "",
    "commit 0123456789abcdef0123456789abcdef01234567 upstream.",
    "",
    "The cache could keep a stale entry after a punch hole.",
    "",
    "Cc: stable@vger.kernel.org",
    "Signed-off-by: " + PEOPLE[0].decode(),
    "Signed-off-by: " + PEOPLE[3].decode(),
    "[ fixed a conflict in the 6.1 backport ]",
    "Signed-off-by: " + PEOPLE[9].decode()))
case("kernel-stable-bracket-notes", lines(
    "x86/example: quirk the example board",
    "",
    "Body.",
    "",
    "Signed-off-by: " + PEOPLE[0].decode(),
    "[dana: reworded the changelog,",
    " dropped the debug print]",
    "Signed-off-by: " + PEOPLE[3].decode()))
case("kernel-reported-tested-suggested", lines(
    "scsi: example: do not sleep in atomic context",
    "",
    "Body text that explains the problem in some detail so that the",
    "reader understands it.",
    "",
    "Reported-by: kernel test robot <lkp@example.com>",
    "Closes: https://lore.kernel.org/oe-kbuild-all/202501010000.ABCD@example.com/",
    "Suggested-by: " + PEOPLE[1].decode(),
    "Tested-by: " + PEOPLE[2].decode(),
    "Reviewed-by: " + PEOPLE[4].decode(),
    "Signed-off-by: " + PEOPLE[5].decode()))
case("kernel-cc-block-with-comments", lines(
    "fs: example: tighten the checks",
    "",
    "Body.",
    "",
    "Cc: Alexander Example <alex@example.org>",
    "Cc: linux-fsdevel@vger.kernel.org",
    "Cc: <stable@vger.kernel.org> # 5.15.x: 0123456789ab: fs: prep",
    "Cc: <stable@vger.kernel.org> # 5.15.x",
    "Signed-off-by: " + PEOPLE[6].decode()))
case("kernel-merge-tag", lines(
    "Merge tag 'example-fixes-6.1' of git://git.example.org/pub/scm/example",
    "",
    "Pull example fixes from Dana Maintainer:",
    "",
    " - fix a leak",
    "",
    " - fix a race",
    "",
    "* tag 'example-fixes-6.1' of git://git.example.org/pub/scm/example:",
    "  example: fix a race",
    "  example: fix a leak"))
case("kernel-merge-with-sob", lines(
    "Merge branch 'for-next'",
    "",
    "Pull in the for-next branch.",
    "",
    "* for-next:",
    "  example: one",
    "  example: two",
    "",
    "Signed-off-by: " + PEOPLE[3].decode()))
case("kernel-link-continuation", lines(
    "doc: example: explain the knob",
    "",
    "Body.",
    "",
    "Link: https://example.org/a/very/long/path/that/was/wrapped/by/the",
    " mail/client/for/no/good/reason",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("kernel-fixes-no-sob", lines(
    "Subject", "", "Body.", "",
    "Fixes: 0123456789ab (\"example: something\")"))
case("kernel-sob-then-text-footer", lines(
    "Subject", "", "Body.", "",
    "Signed-off-by: " + PEOPLE[0].decode(),
    "Thanks to everybody who tested this."))
case("kernel-sob-mid-prose-footer-below-25", lines(
    "Subject", "", "Body.", "",
    "Signed-off-by: " + PEOPLE[0].decode(),
    "Thanks to everybody who tested this.",
    "In particular the folks on the list,",
    "who reported it again and again,",
    "and who did not give up."))

# ---------------------------------------------------------------------------
# Messages from AI coding tools
CLAUDE_FOOTER = "\U0001f916 Generated with [Claude Code](https://claude.com/claude-code)"
case("claude-code-default", lines(
    "Add retry to the uploader", "",
    "Retry the upload three times with a back-off.", "",
    CLAUDE_FOOTER, "",
    "Co-Authored-By: Claude <noreply@anthropic.com>"))
case("claude-code-no-emoji", lines(
    "Add retry to the uploader", "",
    "Generated with [Claude Code](https://claude.com/claude-code)", "",
    "Co-Authored-By: Claude <noreply@anthropic.com>"))
case("claude-code-old-url", lines(
    "Add retry", "", "Body.", "",
    "\U0001f916 Generated with [Claude Code](https://claude.ai/code)", "",
    "Co-Authored-By: Claude <noreply@anthropic.com>"))
case("claude-code-footer-same-paragraph", lines(
    "Add retry", "", "Body.", "",
    CLAUDE_FOOTER,
    "Co-Authored-By: Claude <noreply@anthropic.com>"))
case("claude-code-footer-same-paragraph-sob", lines(
    "Add retry", "", "Body.", "",
    CLAUDE_FOOTER,
    "Co-Authored-By: Claude <noreply@anthropic.com>",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("claude-code-footer-last", lines(
    "Add retry", "", "Body.", "",
    "Co-Authored-By: Claude <noreply@anthropic.com>", "",
    CLAUDE_FOOTER))
case("claude-code-model-name", lines(
    "Refactor the parser", "", "Body.", "", CLAUDE_FOOTER, "",
    "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>",
    "Claude-Session: https://claude.ai/code/session_0123456789"))
case("claude-sob-by-ai", lines(
    "Refactor", "", "Body.", "",
    "Co-Authored-By: Claude <noreply@anthropic.com>",
    "Signed-off-by: Claude <noreply@anthropic.com>"))
case("assisted-by-kernel-form", lines(
    "example: fix the thing", "", "Body.", "",
    "Assisted-by: Claude:claude-3-opus coccinelle sparse",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("assisted-by-llm-form", lines(
    "example: fix the thing", "", "Body.", "",
    "Assisted-by: LLM coccinelle",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("assisted-by-malformed", lines(
    "example: fix", "", "Body.", "",
    "Assisted-by: claude-opus-4-6",
    "Assisted-by: Codex gpt-5.5",
    "Co-developed-by: Claude <noreply@anthropic.com>",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("assisted-by-after-sob", lines(
    "example: fix", "", "Body.", "",
    "Signed-off-by: " + PEOPLE[0].decode(),
    "Assisted-by: Claude:claude-sonnet-4-5 smatch"))
case("assisted-by-space-before-colon", lines(
    "example: fix", "", "Assisted-by : Claude:claude-3-opus",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("assisted-by-continued", lines(
    "example: fix", "", "Body.", "",
    "Assisted-by: Claude:claude-3-opus coccinelle",
    "\tsparse smatch",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("cursor-made-with", lines(
    "Update the readme", "", "Body.", "",
    "Made-with: Cursor"))
case("cursor-co-authored", lines(
    "Update the readme", "", "Body.", "",
    "Co-authored-by: Cursor <cursoragent@cursor.com>",
    "Made-with: Cursor"))
case("aider-co-authored", lines(
    "feat: add the cache layer", "", "Body.", "",
    "Co-authored-by: aider (openai/gpt-4o) <aider@aider.chat>"))
case("aider-old-address", lines(
    "fix: handle empty input", "",
    "Co-authored-by: aider (anthropic/claude-3-5-sonnet) <noreply@aider.dev>"))
case("aider-inline-no-blank", lines(
    "fix: handle empty input",
    "Co-authored-by: aider (openai/gpt-4o) <aider@aider.chat>"))
case("codex-co-authored", lines(
    "Add the exporter", "", "Body.", "",
    "Co-authored-by: Codex <noreply@openai.com>",
    "Signed-off-by: " + PEOPLE[1].decode()))
case("openhands-co-authored", lines(
    "Fix CI", "", "Co-authored-by: openhands <openhands@all-hands.dev>"))
case("copilot-co-authored", lines(
    "Initial plan", "", "Co-authored-by: octocat <1234+octocat@users.noreply.github.com>"))
case("several-ai-tools", lines(
    "Mixed help", "", "Body.", "", CLAUDE_FOOTER, "",
    "Co-Authored-By: Claude <noreply@anthropic.com>",
    "Co-authored-by: aider (openai/gpt-4o) <aider@aider.chat>",
    "Co-authored-by: Cursor <cursoragent@cursor.com>",
    "Made-with: Cursor",
    "Assisted-by: Claude:claude-3-opus coccinelle sparse",
    "Signed-off-by: " + PEOPLE[0].decode()))
case("claude-footer-crlf",
     lines("Add retry", "", "Body.", "", CLAUDE_FOOTER, "",
           "Co-Authored-By: Claude <noreply@anthropic.com>", end=b"")
     .replace(b"\n", b"\r\n") + b"\r\n")
case("claude-footer-no-final-newline", lines(
    "Add retry", "", "Body.", "", CLAUDE_FOOTER, "",
    "Co-Authored-By: Claude <noreply@anthropic.com>", end=b""))
case("claude-footer-then-comments", lines(
    "Add retry", "", "Body.", "", CLAUDE_FOOTER, "",
    "Co-Authored-By: Claude <noreply@anthropic.com>", "",
    "# Please enter the commit message for your changes.",
    SCISSORS, "diff --git a/a b/a"))


# ---------------------------------------------------------------------------
# The seeded random mix

def rand_person(rng):
    return rng.choice(PEOPLE)


def rand_key(rng):
    return rng.choice([
        b"Reviewed-by", b"Acked-by", b"Tested-by", b"Reported-by", b"Cc",
        b"Link", b"Fixes", b"Closes", b"Suggested-by", b"Co-developed-by",
        b"Co-authored-by", b"Change-Id", b"Bug", b"X-Thing", b"Key2",
        b"Assisted-by", b"Made-with", b"Helped-by", b"Based-on-patch-by",
        b"Note", b"http", b"1", b"-", b"a-b-c"])


def rand_value(rng):
    return rng.choice([
        rand_person(rng), b"stable@vger.kernel.org # 6.1",
        b"https://example.org/x/" + str(rng.randint(1, 999)).encode(),
        b"0123456789ab (\"sub: thing\")", b"I0123456789abcdef", b"",
        b"Claude:claude-3-opus coccinelle", b"Cursor", b"  padded  ",
        b"a: b", b"\xc3\xa9t\xc3\xa9", b"#1"])


def rand_trailer(rng):
    sep = rng.choice([b": ", b": ", b": ", b":", b" : ", b"\t: ", b":  ",
                      b":\t"])
    return rand_key(rng) + sep + rand_value(rng)


def rand_prose(rng):
    return rng.choice([
        b"This is a line of prose.", b"More words follow here",
        b"and the sentence ends.", b"a b: c", b"Key x: not a trailer",
        b": leading colon", b"http://example.org/path", b"Note: see above",
        b"[ edited on the way in ]", b"Kl\xc3\xa9: non-ascii key",
        b"Key_under: score", b"- bullet item", b"* star item",
        b"Generated with [Claude Code](https://claude.com/claude-code)",
        b"----", b"---x", b"-----+-----", b"--", b"Conflicts:x",
        b"x" * rng.randint(100, 3000)])


def rand_line(rng, want_trailer):
    """One line of the last paragraph (bytes, no newline)."""
    if want_trailer:
        r = rng.random()
        if r < 0.30:
            return SOB + rand_person(rng)
        if r < 0.36:
            return CHERRY + b"%040x)" % rng.getrandbits(160)
        return rand_trailer(rng)
    return rand_prose(rng)


def rand_block(rng):
    """The last paragraph: trailers and prose near the 25% threshold."""
    ntr = rng.randint(1, 6)
    mode = rng.random()
    if mode < 0.3:
        nprose = 0
    elif mode < 0.7:
        nprose = 3 * ntr + rng.choice([-1, 0, 0, 1, 1, 2])
    else:
        nprose = rng.randint(0, 12)
    nprose = max(nprose, 0)
    kinds = [True] * ntr + [False] * nprose
    rng.shuffle(kinds)
    out = []
    for k in kinds:
        out.append(rand_line(rng, k))
        r = rng.random()
        if r < 0.10:
            out.append(rng.choice([b" ", b"\t", b"  ", b"\t "]) +
                       rng.choice([b"continued text", b"Other: x",
                                   b"<a@example.org>", b""]))
        elif r < 0.14:
            out.append(rng.choice([b"# comment", b"#", b"#Key: v"]))
        elif r < 0.16:
            out.append(rng.choice([b"  ", b"\t", b" \t "]))
    return out


def rand_message(rng):
    subj = rng.choice([b"Fix the thing", b"Key: looks like a trailer",
                       b"Signed-off-by: " + rand_person(rng),
                       b"subsys: do a thing", b"", b"# comment subject",
                       b"x" * rng.randint(1, 200)])
    parts = [[subj]]
    if rng.random() < 0.2:
        parts[0].append(rng.choice([b"second subject line", b"Key: v"]))
    for _ in range(rng.randint(0, 3)):
        para = [rand_prose(rng) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.3:
            para.append(rand_trailer(rng))
        parts.append(para)
    if rng.random() < 0.9:
        parts.append(rand_block(rng))
    seps = []
    for _ in parts[1:]:
        seps.append(rng.choice([b"", b"", b"", b"", b"  ", b"\t", b"# c"]))
    out = [parts[0]]
    for sep, para in zip(seps, parts[1:]):
        out.append([sep] + para)
    ls = [line for para in out for line in para]
    tail = rng.random()
    if tail < 0.08:
        ls.append(b"---")
        ls.append(b"notes after the divider")
    elif tail < 0.12:
        ls.append(rng.choice([b"--- ", b"---\t", b"----", b"---x"]))
        ls.append(b"Key: after the dashes")
    elif tail < 0.17:
        ls.append(SCISSORS)
        ls.append(b"diff --git a/x b/x")
    elif tail < 0.22:
        ls.extend([b"", b"Conflicts:", b"\tsrc/a.c"])
    elif tail < 0.28:
        ls.extend([b"", b"# trailing comment"])
    elif tail < 0.35:
        ls.extend([b""] * rng.randint(1, 3))
    msg = b"\n".join(ls) + b"\n"
    r = rng.random()
    if r < 0.12:
        msg = msg.replace(b"\n", b"\r\n")
    if rng.random() < 0.15:
        msg = msg.rstrip(b"\r\n")
    return msg


def hangs_git(msg):
    """True when git 2.39 would loop forever: scissors after a divider.

    find_patch_start() stops at the first line "---" + space, tab, CR or
    newline; wt_status_locate_end() takes the first "\n" + scissors line
    + "\n" anywhere in the message (unless the message starts with that
    line). A cut-off beyond the divider never ends ignore_non_trailer().
    """
    cut_line = SCISSORS + b"\n"
    if msg.startswith(cut_line):
        return False
    divider = None
    pos = 0
    for line in msg.split(b"\n")[:-1]:
        if line.startswith(b"---") and (len(line) == 3 or
                                        line[3:4] in (b" ", b"\t", b"\r")):
            divider = pos
            break
        pos += len(line) + 1
    if divider is None:
        last = msg.split(b"\n")[-1]
        if last.startswith(b"---") and last[3:4] in (b" ", b"\t", b"\r"):
            divider = pos
    if divider is None:
        return False
    cut = msg.find(b"\n" + cut_line)
    return cut != -1 and cut + 1 > divider


def main():
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outdir = sys.argv[1] if len(sys.argv) > 1 else \
        os.path.join(top, "fixtures", "messages")
    os.makedirs(outdir, exist_ok=True)
    for f in os.listdir(outdir):
        if f.endswith(".msg"):
            os.unlink(os.path.join(outdir, f))

    msgs = list(CASES)
    rng = random.Random(20251223)
    n = 0
    while len(msgs) < 420:
        m = rand_message(rng)
        if hangs_git(m) or b"\0" in m:
            continue
        n += 1
        msgs.append(("random-%03d" % n, m))

    names = set()
    for i, (name, data) in enumerate(msgs, 1):
        assert name not in names, name
        assert b"\0" not in data, name
        assert not hangs_git(data), name
        names.add(name)
        with open(os.path.join(outdir, "%03d-%s.msg" % (i, name)), "wb") as f:
            f.write(data)
    print("%d fixtures (%d hand-written, %d random) in %s" %
          (len(msgs), len(CASES), n, outdir))


if __name__ == "__main__":
    main()
