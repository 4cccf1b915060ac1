#!/usr/bin/env python3
"""Check the layering of git-disclose from its sources and objects.

Rules (tests/README, "Layering"):
  - nothing in src/ includes curses;
  - only src/repo.c and src/rewrite.c include git2.h;
  - ui/cli and ui/tui do not include each other's headers;
  - the graph of cross-file calls between the .c files of src/ and ui/
    (from `nm` on the objects) has no circles.
Usage: layering.py TOP BUILD
"""
import os
import re
import subprocess
import sys

top, build = sys.argv[1], sys.argv[2]
include = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
problems = []


def sources():
    for room in ("src", "ui"):
        for dirpath, _, files in os.walk(os.path.join(top, room)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, top)


def includes(path):
    with open(os.path.join(top, path), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = include.match(line)
            if m:
                yield n, m.group(1)


def check_includes():
    for path in sources():
        for n, inc in includes(path):
            where = f"{path}:{n}: includes <{inc}>"
            base = os.path.basename(inc)
            if path.startswith("src/") and "curses" in base:
                problems.append(f"{where}: src/ never includes curses")
            if inc.startswith("git2") and path not in (
                    "src/repo.c", "src/rewrite.c", "src/repo_priv.h"):
                problems.append(f"{where}: only src/repo.c and "
                                "src/rewrite.c include git2.h")
            for a, b in (("ui/cli/", "tui/"), ("ui/tui/", "cli/")):
                if path.startswith(a) and inc.startswith(b):
                    problems.append(f"{where}: {a} must not include {b}")


def symbols(obj):
    out = subprocess.run(["nm", "--defined-only", "-g", obj],
                         capture_output=True, text=True, check=True).stdout
    defined = {l.split()[-1] for l in out.splitlines() if l.strip()}
    out = subprocess.run(["nm", "-u", obj],
                         capture_output=True, text=True, check=True).stdout
    used = {l.split()[-1] for l in out.splitlines() if l.strip()}
    return defined, used


def call_graph():
    objs = {}
    for dirpath, _, files in os.walk(os.path.join(build, "obj")):
        for f in files:
            if f.endswith(".o") and f != "data.o":
                path = os.path.join(dirpath, f)
                name = os.path.relpath(path, os.path.join(build, "obj"))
                objs[name[:-2] + ".c"] = symbols(path)
    owner = {}
    for name, (defined, _) in objs.items():
        for s in defined:
            owner[s] = name
    graph = {name: set() for name in objs}
    for name, (_, used) in objs.items():
        for s in used:
            if s in owner and owner[s] != name:
                graph[name].add(owner[s])
    return graph


def circles(graph):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    check_includes()
    graph = call_graph()
    for comp in circles(graph):
        edges = [f"{a} -> {b}" for a in comp for b in sorted(graph[a])
                 if b in comp]
        problems.append("calls form a circle: " + ", ".join(edges))
    for p in problems:
        print("layering: " + p)
    print(f"layering: {len(graph)} objects, {len(problems)} problems")
    return 1 if problems else 0


sys.exit(main())
