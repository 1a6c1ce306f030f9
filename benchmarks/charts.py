#!/usr/bin/env python3
"""Turn benchmark results into SVG bar charts for docs/benchmarks.md.

Usage (from the repository root):

    python3 benchmarks/charts.py --http benchmarks/results/http-20261122-041956
    python3 benchmarks/charts.py --micro BenchmarkDotNet.Artifacts/results
    python3 benchmarks/charts.py --sweep benchmarks/results/sweep-20261124-063352
    python3 benchmarks/charts.py --http DIR --micro DIR --out docs/benchmarks

Inputs (either may be given alone):

  --http DIR    a results folder of benchmarks/run-http.sh. Reads rps.tsv and alloc.tsv (medians over rounds:
                endpoint, format, mode, value; tab-separated, no header), and if present results.tsv (to count
                the rounds), errors.tsv (failed requests) and summary.md (date and machine). Writes
                http-rps.svg (requests per second) and http-alloc.svg (server bytes allocated per request): one
                group of bars per endpoint (builtin JSON, then stj-sg, mpcs, fast, fast-nometrics and prebaked
                for each format), each bar labelled with its value and its ratio to builtin JSON on the same
                endpoint.
  --micro DIR   a BenchmarkDotNet results folder (or one *-report.csv file). Writes micro-<name>.svg per
                *-report.csv, <name> being the class name without namespace and "Benchmarks" suffix, lowercased
                (FastFormatters.Benchmarks.TwitterBenchmarks-report.csv -> micro-twitter.svg): one group of bars
                per category (or Serialize_/Deserialize_ method prefix) and parameter value, one bar per method,
                labelled with the mean in one unit per group, BenchmarkDotNet's Ratio column and Allocated.
  --sweep DIR   a results folder of benchmarks/run-sweep.sh. Reads sweep.tsv (one row per point, format and mode,
                with a header) and summary.md. Writes sweep-size.svg (one group per response size) and
                sweep-connections.svg (one group per connection count): bars for stj-sg and fast JSON, mpcs and fast
                MessagePack, labelled with req/s, fast's ratio to its peer, MB/s and bytes allocated per request.
  --out DIR     where the SVGs go (default docs/benchmarks; created if missing). Each file written is printed.

The SVGs are self-contained (system sans-serif font, no CSS, scripts or external references), drawn on a white
background for GitHub's light mode, and deterministic: the same input gives byte-identical files.
Only the Python 3 standard library is used. Exit code 1 and a message on missing or malformed input.
"""

import argparse
import csv
import io
import math
import os
import re
import sys


class InputError(Exception):
    """An expected problem with the input or output: reported as a message, without a traceback."""


# --------------------------------------------------------------------------------------------------------------------
# Text measurement. There are no font metrics at hand, so widths come from Helvetica's (= Arial's, Liberation
# Sans's) advance widths in 1/1000 em, times a margin for wider fallbacks such as DejaVu Sans.

_WIDTHS = {
    ' ': 278, '!': 278, '"': 355, '#': 556, '$': 556, '%': 889, '&': 667, "'": 191, '(': 333, ')': 333,
    '*': 389, '+': 584, ',': 278, '-': 333, '.': 278, '/': 278, ':': 278, ';': 278, '<': 584, '=': 584,
    '>': 584, '?': 556, '@': 1015, '[': 278, '\\': 278, ']': 278, '^': 469, '_': 556, '`': 333, '{': 334,
    '|': 260, '}': 334, '~': 584,
    'A': 667, 'B': 667, 'C': 722, 'D': 722, 'E': 667, 'F': 611, 'G': 778, 'H': 722, 'I': 278, 'J': 500,
    'K': 667, 'L': 556, 'M': 833, 'N': 722, 'O': 778, 'P': 667, 'Q': 778, 'R': 722, 'S': 667, 'T': 611,
    'U': 722, 'V': 667, 'W': 944, 'X': 667, 'Y': 667, 'Z': 611,
    'a': 556, 'b': 556, 'c': 500, 'd': 556, 'e': 556, 'f': 278, 'g': 556, 'h': 556, 'i': 222, 'j': 222,
    'k': 500, 'l': 222, 'm': 833, 'n': 556, 'o': 556, 'p': 556, 'q': 556, 'r': 333, 's': 500, 't': 278,
    'u': 556, 'v': 500, 'w': 722, 'x': 500, 'y': 500, 'z': 500,
    '\u00d7': 584, '\u00b7': 278, '\u03bc': 576, '\u00b5': 576, '\u2013': 556, '\u2014': 1000, '\u2265': 584,
    '\u2264': 584, '\u26a0': 1000,
}
_SAFETY = 1.12


def text_width(text, size, bold=False):
    units = sum(_WIDTHS.get(ch, 556 if ch.isdigit() else 640) for ch in text)
    return units / 1000.0 * size * _SAFETY * (1.06 if bold else 1.0)


def wrap(text, size, width):
    """Greedy word wrap by estimated width."""
    lines, line = [], ''
    for word in text.split(' '):
        candidate = word if not line else line + ' ' + word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


# --------------------------------------------------------------------------------------------------------------------
# Number formatting (locale-independent, so the output does not depend on the machine).

def fmt_fixed(value, decimals):
    return f'{value:,.{decimals}f}'


def fmt_sig(value, digits=4):
    """About `digits` significant digits (never fewer than the integer part, at most 3 decimals), no trailing zeros."""
    if value == 0:
        return '0'
    magnitude = int(math.floor(math.log10(abs(value)))) + 1
    decimals = max(0, min(3, digits - magnitude))
    text = fmt_fixed(value, decimals)
    return text.rstrip('0').rstrip('.') if '.' in text else text


def fmt_ratio(ratio):
    return f'{ratio:.2f}\u00d7'


def nice_ticks(maximum, target=5):
    """0, step, 2*step, ... up to the first tick at or beyond maximum; step is 1, 2, 2.5 or 5 times a power of ten."""
    if maximum <= 0 or not math.isfinite(maximum):
        return [0.0, 1.0]
    raw = maximum / target
    power = 10.0 ** math.floor(math.log10(raw))
    step = power * 10
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power * 1.0000001:
            step = factor * power
            break
    count = int(math.ceil(maximum / step - 1e-9))
    return [i * step for i in range(count + 1)]


def fmt_tick(value, step):
    decimals = 0
    while decimals < 6 and abs(step * 10 ** decimals - round(step * 10 ** decimals)) > 1e-6:
        decimals += 1
    return fmt_fixed(value, decimals)


# --------------------------------------------------------------------------------------------------------------------
# SVG drawing. A chart is a title, subtitle lines, an optional legend, groups of horizontal bars (each group with
# its own scale and axis) and a caption.

FONT = 'Helvetica, Arial, \'Liberation Sans\', \'DejaVu Sans\', sans-serif'
INK = '#1f2328'
MUTED = '#59636e'
GRID = '#d8dee4'
AXIS = '#8c959f'


def esc(text):
    return (text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;'))


def num(value):
    """Coordinates with at most one decimal, without a trailing .0."""
    text = f'{value:.1f}'
    if text.endswith('.0'):
        text = text[:-2]
    return '0' if text == '-0' else text


class Bar:
    def __init__(self, label, value, parts, color, gap_before=False):
        self.label = label          # left of the bar
        self.value = value          # in the group's unit; None for a missing value (no bar)
        self.parts = parts          # value label: list of (text, fill, bold)
        self.color = color
        self.gap_before = gap_before


class Group:
    def __init__(self, title, bars, axis_unit):
        self.title = title
        self.bars = bars
        self.axis_unit = axis_unit  # appended to the last tick label, e.g. "req/s" or "μs"


def render_chart(title, subtitles, legend, groups, caption, min_width=880):
    title_size, sub_size, label_size, value_size, tick_size, head_size = 18, 12, 12.5, 12, 10.5, 13
    pad = 20
    row_h, bar_h, gap_h = 22, 14, 8

    label_w = max([text_width(b.label, label_size) for g in groups for b in g.bars] + [60])
    value_w = max([sum(text_width(t, value_size, bold) for t, _, bold in b.parts) for g in groups for b in g.bars]
                  + [40])
    plot_x = pad + label_w + 10
    plot_w = 380
    width = max(min_width, int(math.ceil(plot_x + plot_w + 8 + value_w + pad)))
    plot_w = width - pad - value_w - 8 - plot_x
    text_w = width - 2 * pad

    out = []
    y = pad

    def text(x, yy, content, size, fill=INK, anchor='start', weight=None):
        attrs = f'x="{num(x)}" y="{num(yy)}" font-size="{num(size)}" fill="{fill}"'
        if anchor != 'start':
            attrs += f' text-anchor="{anchor}"'
        if weight:
            attrs += f' font-weight="{weight}"'
        out.append(f'<text {attrs}>{esc(content)}</text>')

    # Title and subtitles.
    y += title_size
    for line in wrap(title, title_size, text_w):
        text(pad, y, line, title_size, weight='bold')
        y += title_size * 1.3
    y -= title_size * 0.3
    for subtitle in subtitles:
        for line in wrap(subtitle, sub_size, text_w):
            y += sub_size * 1.45
            text(pad, y, line, sub_size, fill=MUTED)

    # Legend: swatch and text, flowing onto further lines as needed.
    if legend:
        y += 12
        x = pad
        line_y = y + sub_size
        for color, label in legend:
            item_w = 14 + 6 + text_width(label, sub_size) + 18
            if x > pad and x + item_w > width - pad:
                x = pad
                line_y += sub_size * 1.7
            out.append(f'<rect x="{num(x)}" y="{num(line_y - 10)}" width="12" height="12" rx="2" fill="{color}"/>')
            text(x + 18, line_y, label, sub_size, fill=INK)
            x += item_w
        y = line_y

    # Groups.
    for group in groups:
        y += 22
        if group.title:
            y += head_size
            text(pad, y, group.title, head_size, weight='bold')
            y += 8
        values = [b.value for b in group.bars if b.value is not None]
        ticks = nice_ticks(max(values) if values else 0)
        domain = ticks[-1]
        step = ticks[1] - ticks[0]
        rows_h = sum(row_h + (gap_h if b.gap_before and i else 0) for i, b in enumerate(group.bars))
        top, bottom = y, y + rows_h
        for tick in ticks:
            x = plot_x + plot_w * tick / domain
            color = AXIS if tick == 0 else GRID
            out.append(f'<line x1="{num(x)}" y1="{num(top)}" x2="{num(x)}" y2="{num(bottom + 4)}" '
                       f'stroke="{color}" stroke-width="1"/>')
            label = fmt_tick(tick, step)
            if tick == ticks[-1] and group.axis_unit:
                # The number centred on its gridline like the others, the unit after it (into the label margin).
                text(x - text_width(label, tick_size) / _SAFETY / 2, bottom + 4 + tick_size + 2,
                     f'{label} {group.axis_unit}', tick_size, fill=MUTED)
            else:
                text(x, bottom + 4 + tick_size + 2, label, tick_size, fill=MUTED, anchor='middle')
        row_y = top
        for i, bar in enumerate(group.bars):
            if bar.gap_before and i:
                row_y += gap_h
            mid = row_y + row_h / 2
            text(plot_x - 10, mid + label_size * 0.35, bar.label, label_size, anchor='end')
            bar_w = 0.0
            if bar.value is not None and domain > 0:
                bar_w = plot_w * bar.value / domain
                if bar.value > 0:
                    bar_w = max(bar_w, 1.0)
                out.append(f'<rect x="{num(plot_x)}" y="{num(mid - bar_h / 2)}" width="{num(bar_w)}" '
                           f'height="{bar_h}" fill="{bar.color}"/>')
            spans = []
            for content, fill, bold in bar.parts:
                attrs = f'fill="{fill}"' + (' font-weight="bold"' if bold else '')
                spans.append(f'<tspan {attrs}>{esc(content)}</tspan>')
            out.append(f'<text x="{num(plot_x + bar_w + 6)}" y="{num(mid + value_size * 0.35)}" '
                       f'font-size="{value_size}">{"".join(spans)}</text>')
            row_y += row_h
        y = bottom + 4 + tick_size + 4

    # Caption.
    y += 14
    for line in wrap(caption, sub_size, text_w):
        y += sub_size * 1.45
        text(pad, y, line, sub_size, fill=MUTED)
    height = int(math.ceil(y + pad))

    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{esc(FONT)}" role="img" aria-label="{esc(title)}">')
    body = [head, f'<title>{esc(title)}</title>',
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>'] + out + ['</svg>']
    return '\n'.join(body) + '\n'


def write_svg(out_dir, name, svg):
    path = os.path.join(out_dir, name)
    try:
        with open(path, 'w', encoding='utf-8', newline='\n') as f:
            f.write(svg)
    except OSError as e:
        raise InputError(f'cannot write {path}: {e.strerror or e}')
    print(path)


# --------------------------------------------------------------------------------------------------------------------
# HTTP results (benchmarks/run-http.sh).

ENDPOINT_ORDER = ['statuses', 'book', 'ticker', 'citm']
FORMAT_ORDER = ['json', 'msgpack', 'jsonc']
MODE_ORDER = ['stj-sg', 'mpcs', 'fast', 'fast-nometrics', 'prebaked']
MODE_COLORS = {
    'builtin': '#8c959f',
    'stj-sg': '#57606a',
    'mpcs': '#bc4c00',
    'fast': '#0969da',
    'fast-nometrics': '#54aeff',
    'prebaked': '#d4a72c',
}
MODE_LEGEND = {
    'builtin': 'builtin: AddControllers(), System.Text.Json',
    'stj-sg': 'stj-sg: System.Text.Json, source-generated context',
    'mpcs': 'mpcs: MessagePack-CSharp formatters (JSON: as builtin)',
    'fast': 'fast: AddFastFormatters()',
    'fast-nometrics': 'fast-nometrics: fast with RecordMetrics off',
    'prebaked': 'prebaked: cached response bytes, no serializing (the floor)',
}
EXTRA_COLORS = ['#8250df', '#1a7f37', '#cf222e', '#953800']


def read_text(path):
    try:
        with open(path, encoding='utf-8-sig') as f:
            return f.read()
    except FileNotFoundError:
        raise InputError(f'{path}: no such file')
    except UnicodeDecodeError:
        raise InputError(f'{path}: not UTF-8 text')
    except OSError as e:
        raise InputError(f'{path}: cannot read it: {e.strerror or e}')


def read_medians(path):
    """endpoint<TAB>format<TAB>mode<TAB>number lines -> {(endpoint, format, mode): value}."""
    values = {}
    for number, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        fields = line.rstrip('\r').split('\t')
        if len(fields) != 4:
            raise InputError(f'{path}:{number}: expected 4 tab-separated fields (endpoint, format, mode, value), '
                             f'found {len(fields)}')
        endpoint, fmt, mode, raw = (field.strip() for field in fields)
        try:
            value = float(raw)
        except ValueError:
            raise InputError(f'{path}:{number}: the value "{raw}" is not a number')
        if not math.isfinite(value) or value < 0:
            raise InputError(f'{path}:{number}: the value "{raw}" is not a finite non-negative number')
        if not (endpoint and fmt and mode):
            raise InputError(f'{path}:{number}: empty endpoint, format or mode')
        key = (endpoint, fmt, mode)
        if key in values:
            raise InputError(f'{path}:{number}: {endpoint} {fmt} {mode} appears twice')
        values[key] = value
    if not values:
        raise InputError(f'{path}: no results in it')
    return values


def count_rounds(directory):
    """Rounds from results.tsv (distinct values of its round column), else from summary.md; None if unknown."""
    path = os.path.join(directory, 'results.tsv')
    if os.path.isfile(path):
        lines = read_text(path).splitlines()
        if lines and lines[0].split('\t')[0] == 'round':
            rounds = {line.split('\t')[0] for line in lines[1:] if line.strip()}
            if rounds:
                return len(rounds)
    summary = summary_lines(directory)
    for line in summary:
        match = re.search(r'(\d+) round\(s\)', line)
        if match:
            return int(match.group(1))
    return None


def summary_lines(directory):
    path = os.path.join(directory, 'summary.md')
    return read_text(path).splitlines() if os.path.isfile(path) else []


def http_subtitles(directory):
    """The run's date, machine and load lines from summary.md, when it has them."""
    lines = summary_lines(directory)
    parts = []
    for line in lines:
        match = re.match(r'#\s*HTTP benchmark,\s*(.+)$', line)
        if match:
            parts.append(match.group(1).strip())
            break
    for line in lines:
        if line.startswith('- machine:'):
            parts.append(line[2:].strip())
            break
    load = []
    for prefix in ('- dotnet', '- wrk -'):
        for line in lines:
            if line.startswith(prefix):
                load.append(line[2:].strip())
                break
    return [text for text in (' \u00b7 '.join(parts), '; '.join(load)) if text]


def endpoint_titles(directory):
    """endpoint name -> "GET /statuses?count=100" from summary.md's table, else a plain default."""
    titles = {'statuses': 'GET /statuses', 'book': 'GET /book', 'ticker': 'POST /ticker', 'citm': 'GET /citm'}
    for line in summary_lines(directory):
        match = re.match(r'\|\s*((?:GET|POST|PUT)\s+/(\w+)\S*)\s*\|', line)
        if match:
            titles[match.group(2)] = match.group(1)
    return titles


def ordered(items, order):
    known = [item for item in order if item in items]
    return known + sorted(item for item in items if item not in order)


def http_groups(values, errors, titles, value_text, ratio_word, unit):
    endpoints = ordered({k[0] for k in values}, ENDPOINT_ORDER)
    formats = ordered({k[1] for k in values}, FORMAT_ORDER)
    modes = ordered({k[2] for k in values if k[2] != 'builtin'}, MODE_ORDER)
    colors = dict(MODE_COLORS)
    for i, mode in enumerate(m for m in modes if m not in colors):
        colors[mode] = EXTRA_COLORS[i % len(EXTRA_COLORS)]
    groups = []
    for endpoint in endpoints:
        base = values.get((endpoint, 'json', 'builtin'))
        keys = []
        for fmt in formats:
            if (endpoint, fmt, 'builtin') in values:
                keys.append((endpoint, fmt, 'builtin'))
        for fmt in formats:
            keys.extend((endpoint, fmt, mode) for mode in modes if (endpoint, fmt, mode) in values)
        bars = []
        previous_format = None
        for key in keys:
            _, fmt, mode = key
            value = values[key]
            parts = [(value_text(value), INK, True)]
            if key == (endpoint, 'json', 'builtin'):
                parts.append(('  baseline', MUTED, False))
            elif base:
                parts.append((f'  \u00b7  {fmt_ratio(value / base)} {ratio_word}', MUTED, False))
            failed = errors.get(key, 0)
            if failed:
                parts.append((f'  \u00b7  {failed:,.0f} errors', '#cf222e', True))
            bars.append(Bar(f'{fmt} \u00b7 {mode}', value, parts, colors[mode],
                            gap_before=previous_format is not None and fmt != previous_format))
            previous_format = fmt
        groups.append(Group(titles.get(endpoint, endpoint), bars, unit))
    legend = [(colors[m], MODE_LEGEND.get(m, m)) for m in ['builtin'] + modes
              if any(k[2] == m for k in values)]
    return groups, legend


def own_scale(groups):
    return ' Each group has its own scale.' if len(groups) > 1 else ''


def http_charts(directory):
    """[(file name, svg)] for a run-http.sh results folder."""
    if not os.path.isdir(directory):
        raise InputError(f'--http {directory}: not a directory')
    rps = read_medians(os.path.join(directory, 'rps.tsv'))
    alloc = read_medians(os.path.join(directory, 'alloc.tsv'))
    errors_path = os.path.join(directory, 'errors.tsv')
    errors = read_medians(errors_path) if os.path.isfile(errors_path) and read_text(errors_path).strip() else {}
    rounds = count_rounds(directory)
    titles = endpoint_titles(directory)
    subtitles = http_subtitles(directory)
    if rounds is None:
        over = 'medians over rounds'
    else:
        over = f'median of {rounds} round{"s" if rounds != 1 else ""}'
    has_builtin = any(k[2] == 'builtin' and k[1] == 'json' for k in rps)

    groups, legend = http_groups(rps, errors, titles, lambda v: f'{fmt_fixed(v, 0)} req/s', 'builtin', 'req/s')
    caption = (f'Requests per second, {over}, higher is better. '
               + ('The ratio is to builtin JSON on the same endpoint. ' if has_builtin else '')
               + 'wrk and the server share the machine.' + own_scale(groups))
    charts = [('http-rps.svg',
               render_chart('HTTP throughput: requests per second', subtitles, legend, groups, caption))]

    groups, legend = http_groups(alloc, {}, titles, lambda v: f'{fmt_fixed(v, 0)} B', 'builtin', 'B')
    caption = (f'Server bytes allocated per request (GC.GetTotalAllocatedBytes over requests served), {over}, '
               'lower is better. '
               + ('The ratio is to builtin JSON on the same endpoint. ' if has_builtin else '')
               + own_scale(groups).strip())
    charts.append(('http-alloc.svg',
                   render_chart('HTTP allocations: bytes allocated per request', subtitles, legend, groups, caption)))
    return charts


# --------------------------------------------------------------------------------------------------------------------
# Scale sweeps (benchmarks/run-sweep.sh).

SWEEP_COLUMNS = ['sweep', 'count', 'connections', 'format', 'mode', 'rps', 'rps_min', 'rps_max', 'alloc_per_req',
                 'bytes', 'errors', 'run']
# Each format's bars: the peer first, then fast.
SWEEP_BARS = [('json', 'stj-sg'), ('json', 'fast'), ('msgpack', 'mpcs'), ('msgpack', 'fast')]


def read_sweep(path):
    """sweep.tsv -> [dict] with numbers parsed."""
    lines = [line for line in read_text(path).splitlines() if line.strip()]
    if not lines or lines[0].split('\t') != SWEEP_COLUMNS:
        raise InputError(f'{path}: expected a header line: {" ".join(SWEEP_COLUMNS)}')
    rows = []
    for number, line in enumerate(lines[1:], 2):
        fields = line.split('\t')
        if len(fields) != len(SWEEP_COLUMNS):
            raise InputError(f'{path}:{number}: expected {len(SWEEP_COLUMNS)} tab-separated fields, found {len(fields)}')
        row = dict(zip(SWEEP_COLUMNS, fields))
        try:
            for key in ('count', 'connections', 'bytes', 'errors'):
                row[key] = int(row[key])
            for key in ('rps', 'rps_min', 'rps_max', 'alloc_per_req'):
                row[key] = float(row[key])
        except ValueError:
            raise InputError(f'{path}:{number}: a number column does not hold a number')
        if row['sweep'] not in ('size', 'connections'):
            raise InputError(f'{path}:{number}: sweep is "{row["sweep"]}", not size or connections')
        rows.append(row)
    if not rows:
        raise InputError(f'{path}: no results in it')
    return rows


def sweep_chart(rows, sweep, subtitles):
    points = sorted({(r['count'], r['connections']) for r in rows if r['sweep'] == sweep},
                    key=lambda p: p[0] if sweep == 'size' else p[1])
    groups = []
    for count, connections in points:
        at = {(r['format'], r['mode']): r for r in rows
              if r['sweep'] == sweep and r['count'] == count and r['connections'] == connections}
        fast_json = at.get(('json', 'fast'))
        if sweep == 'size':
            size = fast_json['bytes'] if fast_json else max(r['bytes'] for r in at.values())
            title = f'{fmt_sig(size / 1024, 3)} KB of JSON (count={count}), {connections} connections'
        else:
            title = f'{connections} connection{"s" if connections != 1 else ""}, count={count}'
        bars = []
        for fmt, mode in SWEEP_BARS:
            row = at.get((fmt, mode))
            if row is None:
                continue
            parts = [(f'{fmt_fixed(row["rps"], 0)} req/s', INK, True),
                     (f'  \u00b7  {fmt_sig(row["rps"] * row["bytes"] / 1048576, 3)} MB/s'
                      f'  \u00b7  {fmt_fixed(row["alloc_per_req"], 0)} B/req', MUTED, False)]
            peer = at.get((fmt, 'stj-sg' if fmt == 'json' else 'mpcs'))
            if mode == 'fast' and peer and peer['rps'] > 0:
                parts.insert(1, (f'  \u00b7  {fmt_ratio(row["rps"] / peer["rps"])} {peer["mode"]}', INK, False))
            if row['errors']:
                parts.append((f'  \u00b7  {row["errors"]:,} errors', '#cf222e', True))
            bars.append(Bar(f'{fmt} \u00b7 {mode}', row['rps'], parts, MODE_COLORS[mode],
                            gap_before=bool(bars) and fmt != bars[-1].label.split(' ')[0]))
        groups.append(Group(title, bars, 'req/s'))
    legend = [(MODE_COLORS[m], MODE_LEGEND[m]) for m in ('stj-sg', 'mpcs', 'fast')]
    if sweep == 'size':
        title = 'Scale sweep: response size, 1 KB to 10 MB'
    else:
        title = 'Scale sweep: concurrent connections, 1 to 256'
    caption = ('Requests per second (median over rounds), higher is better; fast\'s ratio is to the peer in the same '
               'format, measured in the same run; MB/s of response body; server bytes allocated per request. '
               'wrk and the server share the machine.' + own_scale(groups))
    return render_chart(title, subtitles, legend, groups, caption)


def sweep_charts(directory):
    """[(file name, svg)] for a run-sweep.sh results folder."""
    if not os.path.isdir(directory):
        raise InputError(f'--sweep {directory}: not a directory')
    rows = read_sweep(os.path.join(directory, 'sweep.tsv'))
    subtitles = []
    for line in summary_lines(directory):
        match = re.match(r'#\s*Scale sweep,\s*(.+)$', line)
        if match:
            subtitles.append(match.group(1).strip())
        elif line.startswith('- machine:'):
            subtitles.append(line[2:].strip())
    subtitles = [' \u00b7 '.join(subtitles)] if subtitles else []
    charts = []
    for sweep, name in (('size', 'sweep-size.svg'), ('connections', 'sweep-connections.svg')):
        if any(r['sweep'] == sweep for r in rows):
            charts.append((name, sweep_chart(rows, sweep, subtitles)))
    return charts


# --------------------------------------------------------------------------------------------------------------------
# BenchmarkDotNet *-report.csv files.

# Job and environment characteristics BenchmarkDotNet writes as columns between Method and the statistics.
JOB_COLUMNS = {
    'Job', 'Id', 'AnalyzeLaunchVariance', 'EvaluateOverhead', 'MaxAbsoluteError', 'MaxRelativeError',
    'MinInvokeCount', 'MinIterationTime', 'OutlierMode', 'Affinity', 'EnvironmentVariables', 'Jit',
    'LargeAddressAware', 'Platform', 'PowerPlanMode', 'Runtime', 'AllowVeryLargeObjects', 'Concurrent',
    'CpuGroups', 'Force', 'HeapAffinitizeMask', 'HeapCount', 'NoAffinitize', 'RetainVm', 'Server', 'Arguments',
    'BuildConfiguration', 'Clock', 'EngineFactory', 'NuGetReferences', 'Toolchain', 'IsMutator', 'InvocationCount',
    'IterationCount', 'IterationTime', 'LaunchCount', 'MaxIterationCount', 'MaxWarmupIterationCount',
    'MemoryRandomization', 'MinIterationCount', 'MinWarmupIterationCount', 'RunStrategy', 'UnrollFactor',
    'WarmupCount', 'ConserveMemory', 'Categories', 'Baseline',
}
TIME_UNITS = {'ns': 1.0, 'us': 1e3, '\u03bcs': 1e3, '\u00b5s': 1e3, 'ms': 1e6, 's': 1e9}
DISPLAY_UNITS = [('s', 1e9), ('ms', 1e6), ('\u03bcs', 1e3), ('ns', 1.0)]
MISSING = {'', 'NA', 'N/A', '?', '-'}
# Bar colours by method name: System.Text.Json greys, FastFormatters blue, green, purple, anything else warm.
STJ_COLORS = ['#6e7781', '#afb8c1', '#424a53']
FAST_COLORS = ['#0969da', '#1a7f37', '#8250df', '#54aeff', '#4ac26b', '#c297ff']
OTHER_COLORS = ['#d4a72c', '#bc4c00', '#cf222e', '#bf3989', '#4d2d00']


def method_colors(labels):
    colors, used = {}, {'stj': 0, 'fast': 0, 'other': 0}
    palettes = {'stj': STJ_COLORS, 'fast': FAST_COLORS, 'other': OTHER_COLORS}
    for label in labels:
        if label in colors:
            continue
        family = 'stj' if label.startswith('Stj') else 'fast' if label.startswith('Fast') else 'other'
        palette = palettes[family]
        colors[label] = palette[used[family] % len(palette)]
        used[family] += 1
    return colors


def parse_time(raw, column_unit, where):
    """"1,106.8 μs" -> nanoseconds; None for NA/?; InputError for anything else unparseable."""
    text = raw.strip().replace('\u00a0', ' ')
    if text in MISSING:
        return None
    match = re.fullmatch(r'([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)(?:\s*(ns|us|\u03bcs|\u00b5s|ms|s))?', text)
    if not match:
        raise InputError(f'{where}: cannot read the time "{raw}" (expected a number and ns, us, μs, ms or s)')
    unit = match.group(2) or column_unit
    if unit is None:
        raise InputError(f'{where}: the time "{raw}" has no unit')
    return float(match.group(1).replace(',', '')) * TIME_UNITS[unit]


def ratio_text(raw):
    """BenchmarkDotNet's Ratio cell as shown on a bar: "0.41" -> "0.41×"; trend/percent styles as they are."""
    text = raw.strip()
    if text in MISSING:
        return None
    if re.fullmatch(r'[0-9][0-9,]*(\.[0-9]+)?', text):
        return text + '\u00d7'
    return text


def alloc_text(raw):
    text = raw.strip()
    if text == '-':
        return '0 B'  # older BenchmarkDotNet versions print "-" for nothing allocated
    if text in MISSING:
        return None
    match = re.fullmatch(r'([0-9]+)((?:\.[0-9]+)?\s*[A-Za-z]*)', text)
    if match:  # "312132 B" -> "312,132 B"
        text = f'{int(match.group(1)):,}{match.group(2)}'
    return text


def class_name(path):
    base = os.path.basename(path)
    name = base[:-len('-report.csv')] if base.endswith('-report.csv') else os.path.splitext(base)[0]
    name = re.sub(r'<.*$', '', name)  # generic arguments, should a name carry them
    name = name.split('.')[-1] or name
    return name


def chart_name(cls):
    short = cls[:-len('Benchmarks')] if cls.endswith('Benchmarks') and len(cls) > len('Benchmarks') else cls
    slug = re.sub(r'[^a-z0-9]+', '-', short.lower()).strip('-')
    return short, f'micro-{slug or "report"}.svg'


def read_report(path):
    text = read_text(path)
    lines = text.splitlines()
    if not lines:
        raise InputError(f'{path}: empty file')
    delimiter = ','
    if lines[0].count(';') > lines[0].count(','):
        delimiter = ';'  # BenchmarkDotNet uses the culture's list separator
    try:
        rows = list(csv.reader(io.StringIO(text, newline=''), delimiter=delimiter))
    except csv.Error as e:
        raise InputError(f'{path}: not valid CSV: {e}')
    header = [h.strip() for h in rows[0]]
    data = [r for r in rows[1:] if any(cell.strip() for cell in r)]
    if 'Method' not in header:
        raise InputError(f'{path}: no Method column; is this a BenchmarkDotNet *-report.csv?')
    mean_col = next((i for i, h in enumerate(header) if h == 'Mean' or h.startswith('Mean [')), None)
    if mean_col is None:
        raise InputError(f'{path}: no Mean column')
    if not data:
        raise InputError(f'{path}: no benchmark rows')
    for number, row in enumerate(data, 2):
        if len(row) != len(header):
            raise InputError(f'{path}: a row has {len(row)} fields where the header has {len(header)} '
                             f'(near line {number})')
    return header, data, mean_col


def micro_chart(path):
    header, data, mean_col = read_report(path)
    col = {h: i for i, h in enumerate(header)}
    unit_match = re.search(r'\[(\w+|\u03bcs|\u00b5s)\]', header[mean_col])
    column_unit = unit_match.group(1) if unit_match and unit_match.group(1) in TIME_UNITS else None

    # Parameters: the columns after the job characteristics (and Categories) and before Mean.
    last_known = max([i for i, h in enumerate(header[:mean_col]) if h in JOB_COLUMNS or h == 'Method'] + [-1])
    params = [i for i in range(last_known + 1, mean_col)]
    varying = [i for i in params if len({row[i] for row in data}) > 1]
    if 'Job' in col and len({row[col['Job']] for row in data}) > 1:
        varying.insert(0, col['Job'])
    if 'Runtime' in col and len({row[col['Runtime']] for row in data}) > 1:
        varying.insert(0, col['Runtime'])

    has_categories = 'Categories' in col and any(row[col['Categories']].strip() for row in data)
    prefix_re = re.compile(r'^(Serialize|Deserialize)_(.+)$')
    use_prefix = not has_categories and any(prefix_re.match(row[col['Method']].strip()) for row in data)

    entries = []
    for number, row in enumerate(data, 2):
        method = row[col['Method']].strip()
        category = ''
        label = method
        if has_categories:
            category = row[col['Categories']].strip()
            if method.startswith(category.split(',')[0].strip() + '_'):
                label = method[len(category.split(',')[0].strip()) + 1:]
            elif prefixed := prefix_re.match(method):
                # A category finer than the method's prefix (SerializeMessagePack for Serialize_FastMessagePack).
                label = prefixed.group(2)
        elif use_prefix:
            match = prefix_re.match(method)
            if match:
                category, label = match.group(1), match.group(2)
        mean = parse_time(row[mean_col], column_unit, f'{path}:{number} ({method})')
        ratio = ratio_text(row[col['Ratio']]) if 'Ratio' in col else None
        alloc = alloc_text(row[col['Allocated']]) if 'Allocated' in col else None
        param_key = tuple(f'{header[i]}={row[i].strip()}' for i in varying)
        entries.append((category, param_key, label, mean, ratio, alloc))

    categories = []
    param_keys = []
    for category, param_key, *_ in entries:
        if category not in categories:
            categories.append(category)
        if param_key not in param_keys:
            param_keys.append(param_key)
    colors = method_colors(e[2] for e in entries)

    groups = []
    baselines = set()
    for category in categories:
        for param_key in param_keys:
            rows = [e for e in entries if e[0] == category and e[1] == param_key]
            if not rows:
                continue
            means = [e[3] for e in rows if e[3] is not None]
            positive = [m for m in means if m > 0]
            unit, factor = 'ns', 1.0
            if positive:
                smallest = min(positive)
                unit, factor = next((u, f) for u, f in DISPLAY_UNITS if smallest >= f or f == 1.0)
            bars = []
            ones = [e[2] for e in rows if e[4] in ('1.00\u00d7', '1.000\u00d7', '1\u00d7')]
            baselines.add(ones[0] if len(ones) == 1 else None)
            for _, _, label, mean, ratio, alloc in rows:
                if mean is None:
                    parts = [('n/a', MUTED, True)]
                    value = None
                else:
                    value = mean / factor
                    parts = [(f'{fmt_sig(value)} {unit}', INK, True)]
                if ratio:
                    parts.append((f'  \u00b7  {ratio}', MUTED, False))
                if alloc:
                    parts.append((f'  \u00b7  {alloc} allocated', MUTED, False))
                bars.append(Bar(label, value, parts, colors[label]))
            title = ' \u00b7 '.join(([category] if category else []) + list(param_key))
            groups.append(Group(title, bars, unit))

    cls = class_name(path)
    short, file_name = chart_name(cls)
    subtitle_bits = [f'BenchmarkDotNet {cls}']
    for name in ('Job', 'Runtime', 'Toolchain'):
        if name in col and col[name] not in varying:
            value = data[0][col[name]].strip()
            if value and value != 'Default':
                subtitle_bits.append(f'{name} {value}')
    has_ratio = 'Ratio' in col and any(e[4] for e in entries)
    baseline = next(iter(baselines)) if len(baselines) == 1 else None
    caption = 'Mean time per operation, lower is better.' + own_scale(groups)
    if has_ratio:
        caption += (' \u00d7 is BenchmarkDotNet\'s Ratio column: the mean over the group\'s baseline'
                    + (f' ({baseline})' if baseline else '') + '.')
    if any(e[5] for e in entries):
        caption += ' Allocated is managed memory per operation.'
    svg = render_chart(f'{short}: mean time per operation', [' \u00b7 '.join(subtitle_bits)], [], groups, caption)
    return file_name, svg


def report_files(directory):
    if os.path.isfile(directory):
        return [directory]
    if not os.path.isdir(directory):
        raise InputError(f'--micro {directory}: no such file or directory')
    for folder in (directory, os.path.join(directory, 'results')):
        if os.path.isdir(folder):
            files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith('-report.csv'))
            if files:
                return files
    raise InputError(f'--micro {directory}: no *-report.csv files in it (nor in its results/ folder)')


def micro_charts(directory):
    """[(file name, svg)] for a BenchmarkDotNet results folder, in file name order."""
    files = report_files(directory)
    charts = {}
    for path in files:
        file_name, svg = micro_chart(path)
        if file_name in charts:
            raise InputError(f'{charts[file_name][0]} and {path} would both be drawn as {file_name}')
        charts[file_name] = (path, svg)
    return [(file_name, charts[file_name][1]) for file_name in sorted(charts)]


# --------------------------------------------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(
        prog='charts.py',
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--http', metavar='DIR',
                        help='a benchmarks/run-http.sh results folder (rps.tsv, alloc.tsv, ...): '
                             'writes http-rps.svg and http-alloc.svg')
    parser.add_argument('--micro', metavar='DIR',
                        help='a BenchmarkDotNet results folder with *-report.csv files (or one such file): '
                             'writes micro-<class>.svg per report')
    parser.add_argument('--sweep', metavar='DIR',
                        help='a benchmarks/run-sweep.sh results folder (sweep.tsv): '
                             'writes sweep-size.svg and sweep-connections.svg')
    parser.add_argument('--out', metavar='DIR', default=os.path.join('docs', 'benchmarks'),
                        help='output folder, created if missing (default: docs/benchmarks)')
    args = parser.parse_args(argv)
    if not args.http and not args.micro and not args.sweep:
        parser.error('give --http DIR, --micro DIR, --sweep DIR, or several')
    try:
        # Read and draw everything first, so that bad input leaves no half-updated output folder.
        charts = []
        if args.http:
            charts += http_charts(args.http)
        if args.micro:
            charts += micro_charts(args.micro)
        if args.sweep:
            charts += sweep_charts(args.sweep)
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as e:
            raise InputError(f'cannot create {args.out}: {e.strerror or e}')
        for file_name, svg in charts:
            write_svg(args.out, file_name, svg)
    except InputError as e:
        print(f'charts.py: {e}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
