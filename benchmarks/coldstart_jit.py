"""The methods the JIT compiled during each first request of a run-coldstart.sh run with JITLIST=1, grouped.

Usage: python3 benchmarks/coldstart_jit.py benchmarks/results/coldstart-<timestamp>

Each harness start with JITLIST=1 leaves <build>-<case>-<format>-<round>.jit, the runtime's DOTNET_JitDisasmSummary
listing (one numbered line per compiled method, in the order of compilation), and results.tsv has the JitInfo counts
read around the first request. The lines numbered after the startup count, up to the startup count plus the first
request's, are that request's methods (other threads' compilations in that window included, as in the count).

Writes <build>-<case>-<format>-<round>.first.txt (the first request's lines) and jit-groups.tsv (build, case, format,
round, group, kind, tier, method), and prints two tables from the first round: the methods compiled by the namespace of
their declaring type, and FastFormatters' own by namespace and kind of instantiation.
"""
import collections
import csv
import os
import re
import sys

LINE = re.compile(r"^\s*(\d+): JIT compiled (.*) \[([^,\]]+)")
LIBRARY = "FastFormatters."
APPS = ("FastFormatters.Benchmarks", "FastFormatters.Samples")
OURS = re.compile(r"FastFormatters\.(?!Benchmarks|Samples)")


def split_top(text, stop):
    """The index of the first character in stop outside square brackets, or len(text)."""
    depth = 0
    for i, c in enumerate(text):
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
        elif depth == 0 and c in stop:
            return i
    return len(text)


def top_args(text):
    """The top-level generic arguments of a name such as List`1[int] or Method[System.__Canon,long](...)."""
    start = text.find("[")
    if start < 0:
        return []
    depth, args, current = 0, [], ""
    for c in text[start:]:
        if c == "[":
            depth += 1
            if depth == 1:
                continue
        elif c == "]":
            depth -= 1
            if depth == 0:
                args.append(current)
                break
        elif c == "," and depth == 1:
            args.append(current)
            current = ""
            continue
        current += c
    return args


def namespace_of(declaring):
    name = re.sub(r"\[.*\]", "", declaring).split("+")[0]
    return name.rsplit(".", 1)[0] if "." in name else "(global)"


def is_app(name):
    return name.startswith(APPS)


def classify(signature):
    """(group, kind) of one compiled method: its declaring type's namespace, collapsed outside FastFormatters, and
    whether it is non-generic, shared canonical code (every argument a reference type) or specialised for a value type."""
    cut = split_top(signature, ":")
    declaring, method = signature[:cut], signature[cut + 1:]
    method_name = method[:split_top(method, "(")]
    args = top_args(declaring) + top_args(method_name)
    if not args:
        kind = "non-generic"
    elif all(a == "System.__Canon" for a in args):
        kind = "shared (__Canon)"
    else:
        kind = "value-type instantiation"
    if declaring == "(dynamicClass)":
        return "IL-emitted dynamic methods", kind
    if declaring.startswith("ILStubClass"):
        return "IL stubs", kind
    namespace = namespace_of(declaring)
    if is_app(namespace):
        return "the app (" + ".".join(namespace.split(".")[:3]) + ")", kind
    if namespace.startswith(LIBRARY):
        return namespace, kind
    over_ours = any(OURS.search(a) for a in args)
    for prefix in ("System.Text.Json", "Microsoft.AspNetCore", "Microsoft.Extensions", "MessagePack"):
        if namespace.startswith(prefix):
            return prefix + (" over FastFormatters types" if over_ours else ""), kind
    if namespace.startswith("System"):
        return "System (other)" + (" over FastFormatters types" if over_ours else ""), kind
    return namespace.split(".")[0], kind


def first_request(path, start, count):
    lines = []
    with open(path, encoding="utf-8", errors="replace") as listing:
        for line in listing:
            match = LINE.match(line)
            if match and start < int(match.group(1)) <= start + count:
                lines.append((match.group(2), match.group(3), line))
    return lines


def main(folder):
    rows = list(csv.DictReader(open(os.path.join(folder, "results.tsv"), encoding="utf-8"), delimiter="\t"))
    groups = collections.Counter()
    kinds = collections.Counter()
    columns = []
    with open(os.path.join(folder, "jit-groups.tsv"), "w", encoding="utf-8") as out:
        out.write("build\tcase\tformat\tround\tgroup\tkind\ttier\tmethod\n")
        for row in rows:
            stem = f"{row['build']}-{row['case']}-{row['format']}-{row['round']}"
            listing = os.path.join(folder, stem + ".jit")
            if not row["first_request_methods"] or not os.path.exists(listing):
                continue
            methods = first_request(listing, int(float(row["startup_methods"])), int(float(row["first_request_methods"])))
            with open(os.path.join(folder, stem + ".first.txt"), "w", encoding="utf-8") as first:
                first.writelines(line for _, _, line in methods)
            column = (row["build"], row["case"], row["format"])
            first_round = row["round"] == "1"
            if first_round:
                columns.append(column)
            for signature, tier, _ in methods:
                group, kind = classify(signature)
                out.write(f"{row['build']}\t{row['case']}\t{row['format']}\t{row['round']}\t{group}\t{kind}\t{tier}\t{signature}\n")
                if first_round:
                    groups[(group, column)] += 1
                    if group.startswith(LIBRARY) or group.endswith("over FastFormatters types"):
                        kinds[(group + ": " + kind, column)] += 1
    if not columns:
        print("No JIT listings in " + folder, file=sys.stderr)
        return
    heading = " | ".join(f"{b} {c} {f}" for b, c, f in columns)
    for title, counts in (("Methods compiled in the first request (round 1), by the namespace of the declaring type",
                           groups),
                          ("FastFormatters' own methods, and the runtime's instantiated over FastFormatters types, by kind",
                           kinds)):
        names = sorted({g for g, _ in counts}, key=lambda g: -sum(counts[(g, c)] for c in columns))
        print(f"\n{title}:\n")
        print(f"| Group | {heading} |")
        print("| --- |" + " ---: |" * len(columns))
        for name in names:
            print(f"| {name} | " + " | ".join(str(counts[(name, c)]) for c in columns) + " |")
        if counts is groups:
            print("| total | " + " | ".join(str(sum(counts[(g, c)] for g in names)) for c in columns) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
