"""The service's HTML, rendered on the server from Python string templates.

Every piece of text a submission controls (its name, its source, its console
output and error messages, which reach the verdict, warnings and forfeits)
goes through `esc` (html.escape, quotes included) before it is placed in a
page or an SVG.  Pages work without JavaScript: a page waiting for a job
refreshes itself with a <noscript> meta refresh, and a few lines of script
poll the JSON API instead when scripts run.
"""

from __future__ import annotations

from html import escape

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1000px;padding:0 1em 3em;color:#222}
nav{padding:.6em 0;border-bottom:1px solid #ccc;margin-bottom:1em}
nav a{margin-right:1.2em}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
td.l,th.l{text-align:left}
pre{background:#f6f6f6;padding:.6em;overflow:auto;max-height:30em}
.pass{color:#176b26;font-weight:bold}.fail{color:#a31515;font-weight:bold}
.won{background:#e6f4e9}.lost{background:#fbeaea}
.error{color:#a31515}
textarea{width:100%;font-family:monospace}
label{display:block;margin:.5em 0 .2em}
"""


def esc(value) -> str:
    """Return any value as HTML text, quotes escaped too."""
    return escape("" if value is None else str(value), quote=True)


def layout(title: str, body: str, waiting_for: str | None = None) -> str:
    """Return a whole page.  `waiting_for` is the API URL of a job the page shows in progress."""
    head_extra = ""
    script = ""
    if waiting_for:
        head_extra = '<noscript><meta http-equiv="refresh" content="2"></noscript>'
        script = (
            "<script>\n"
            "(function poll(){fetch(" + _js_string(waiting_for) + ").then(r=>r.json()).then(d=>{\n"
            " if(d.status==='done'){location.reload();return;}\n"
            " var p=document.getElementById('played');if(p)p.textContent=d.games_played;\n"
            " var s=document.getElementById('status');if(s)s.textContent=d.status;\n"
            " setTimeout(poll,700);}).catch(()=>setTimeout(poll,2000));})();\n"
            "</script>"
        )
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{esc(title)} - schemehost Pig grader</title>{head_extra}<style>{STYLE}</style></head><body>"
        '<nav><a href="/">Submit</a><a href="/leaderboard">Leaderboard</a><a href="/arena">Arena</a>'
        '<a href="/api/health">API</a></nav>'
        f"{body}{script}</body></html>"
    )


def _js_string(text: str) -> str:
    import json

    # json.dumps escapes quotes; '<' is escaped too so the string cannot close the script element.
    return json.dumps(text).replace("<", "\\u003c")


def error_page(status: int, message: str) -> str:
    return layout(f"Error {status}", f"<h1>Error {status}</h1><p class=\"error\">{esc(message)}</p>")


# -- the front page and the leaderboard ---------------------------------------------


def index(board: list[dict], settings, error: str | None = None, name: str = "", source: str = "") -> str:
    err = f'<p class="error" id="form-error">{esc(error)}</p>' if error else ""
    form = f"""
<h1>Pig player checker</h1>
<p>Paste or upload a Scheme file defining <code>(player my-total other-total accum current state)</code>.
It plays {settings.games} games against the dummy (holds at a turn total of 10); it passes with a majority of wins.
Sources up to {settings.max_source_bytes // 1024} KiB.</p>
{err}
<form method="post" action="/submit" enctype="multipart/form-data">
<label for="name">Name</label><input id="name" name="name" maxlength="{settings.max_name_chars}" required value="{esc(name)}">
<label for="source">Source</label><textarea id="source" name="source" rows="14">{esc(source)}</textarea>
<label for="file">or upload a .scm file</label><input type="file" id="file" name="file" accept=".scm,text/plain">
<p><button type="submit" id="submit">Submit</button></p>
</form>
<h2>Leaderboard</h2>
{leaderboard_table(board)}
<p><a href="/leaderboard">Round robin and heat map</a></p>"""
    return layout("Submit", form)


def leaderboard_table(board: list[dict]) -> str:
    if not board:
        return "<p>No accepted submissions yet.</p>"
    rows = []
    for i, s in enumerate(board, 1):
        rr = s["round_robin"]
        lo, hi = rr["ci95"]
        rows.append(
            f'<tr><td>{i}</td><td class="l">{esc(s["name"])}</td><td>{s["score"]:.2f}</td>'
            f'<td>{s["wins"]}/{s["games"]}</td><td>{rr["wins"]}/{rr["games"]}</td>'
            f'<td>{rr["win_rate"]:.3f}</td><td>[{lo:.3f}, {hi:.3f}]</td><td>{rr["matches_won"]}/{rr["matches"]}</td>'
            f'<td>{s["pending_matches"]}</td></tr>'
        )
    return (
        '<table id="leaderboard"><tr><th>rank</th><th class="l">name</th><th>check score</th><th>check wins</th>'
        "<th>round-robin wins</th><th>win rate</th><th>95% interval</th><th>matches won</th><th>matches to play</th></tr>"
        + "".join(rows) + "</table>"
    )


def leaderboard_page(board: list[dict], matrix: dict) -> str:
    body = ("<h1>Leaderboard</h1><p>Every submission that passed the check; each pair of them plays a match "
            "(played once, when the newer one is accepted). Ranked by round-robin win rate, then check score.</p>"
            + leaderboard_table(board) + "<h2>Heat map</h2>" + heat_map(board, matrix))
    return layout("Leaderboard", body)


def heat_map(board: list[dict], matrix: dict) -> str:
    """Return an SVG: cell (row, column) is the row's share of wins in their match."""
    if len(board) < 2:
        return "<p>The heat map appears once two submissions are accepted.</p>"
    n = len(board)
    cell, left, top = 28, 170, 150
    size_w, size_h = left + n * cell + 10, top + n * cell + 10
    parts = [f'<svg id="heatmap" xmlns="http://www.w3.org/2000/svg" width="{size_w}" height="{size_h}" '
             f'font-size="11" font-family="sans-serif" role="img"><title>win share of each row against each column</title>']
    for i, s in enumerate(board):
        label = esc(_short(s["name"]))
        parts.append(f'<text x="{left - 6}" y="{top + i * cell + cell * 0.65:.1f}" text-anchor="end">{label}</text>')
        x = left + i * cell + cell * 0.6
        parts.append(f'<text x="{x:.1f}" y="{top - 6}" transform="rotate(-60 {x:.1f} {top - 6})">{label}</text>')
    for i, row in enumerate(board):
        for j, col in enumerate(board):
            x, y = left + j * cell, top + i * cell
            cellv = matrix.get((row["id"], col["id"]))
            if i == j or cellv is None:
                fill, tip = "#eeeeee", ("" if i == j else "to be played")
            else:
                wins, games = cellv
                share = wins / games if games else 0.5
                fill = _colour(share)
                tip = f"{esc(row['name'])} won {wins} of {games} against {esc(col['name'])}"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{fill}"><title>{tip}</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


def _short(name: str, width: int = 24) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def _colour(share: float) -> str:
    """Red (0) through white (0.5) to green (1)."""
    share = min(1.0, max(0.0, share))
    if share < 0.5:
        t = share / 0.5
        r, g, b = 214, int(96 + (255 - 96) * t), int(96 + (255 - 96) * t)
    else:
        t = (share - 0.5) / 0.5
        r, g, b = int(255 - (255 - 60) * t), int(255 - (255 - 170) * t), int(255 - (255 - 80) * t)
    return f"#{r:02x}{g:02x}{b:02x}"


# -- a submission ---------------------------------------------------------------------


def submission_page(sub: dict, source: str | None) -> str:
    """Return a submission's page; `source` only when the viewer holds the submission's key."""
    head = f"<h1>{esc(sub['name'])}</h1>"
    api = f"/api/submissions/{sub['id']}"
    if sub["status"] != "done":
        body = head + _progress(sub, f"{sub['games']} games against the dummy")
        body += _source_block(source)
        return layout(sub["name"], body, waiting_for=api)
    if sub.get("error"):
        body = head + f'<p class="error" id="verdict">{esc(sub["error"])}</p>' + _source_block(source)
        return layout(sub["name"], body)
    r = sub["result"]
    body = head + verdict_block(r) + games_table(r, f"/submissions/{sub['id']}/replay")
    body += _source_block(source)
    return layout(sub["name"], body)


def _progress(row: dict, what: str) -> str:
    return (f'<p>Status: <b id="status">{esc(row["status"])}</b>; games played: '
            f'<b id="played">{row["games_played"]}</b> of {what}.</p>'
            "<p>This page updates by itself.</p>")


def _source_block(source: str | None) -> str:
    if source is None:
        return ""
    return f'<h2>Source</h2><pre id="submitted-source">{esc(source)}</pre>'


def verdict_block(r: dict) -> str:
    cls = "pass" if r["passed"] else "fail"
    lines = [f'<p id="verdict" class="{cls}">{esc(r["verdict"])}</p>', "<table>"]

    def row(label, value):
        lines.append(f'<tr><th class="l">{label}</th><td class="l">{value}</td></tr>')

    row("player", esc(r["player"]))
    row("opponent", esc(r["opponent"]))
    row("seed", esc(r["seed"]))
    if not r["verdict"].startswith("REJECTED"):
        row("wins", f'{r["wins"]} of {r["games"]} (as first {r["wins_first"]} of {r["games_first"]}, '
                    f'as second {r["wins_second"]} of {r["games_second"]})')
        row("score", f'{r["score"]:.2f}')
        lo, hi = r["win_rate_ci95"]
        row("win rate, 95% interval", f"[{lo:.3f}, {hi:.3f}]")
        if r.get("draws"):
            row("draws (turn cap)", esc(r["draws"]))
        if r.get("slowest_call"):
            sc = r["slowest_call"]
            row("slowest call", f'{sc["seconds"] * 1000:.2f} ms for <code>{esc(sc["call"])}</code>')
    lines.append("</table>")
    for title, items in (("Forfeits", r.get("forfeits")), ("Warnings", r.get("warnings")),
                         ("Opponent's forfeits", r.get("opponent_forfeits")),
                         ("Opponent's warnings", r.get("opponent_warnings"))):
        if items:
            lines.append(f"<h3>{title}</h3><ul>" + "".join(f"<li><code>{esc(i)}</code></li>" for i in items) + "</ul>")
    if r.get("opponent_rejected"):
        lines.append(f'<p>Opponent rejected: <code>{esc(r["opponent_rejected"])}</code></p>')
    return "".join(lines)


def games_table(r: dict, replay_base: str) -> str:
    if not r["results"]:
        return ""
    me, other = esc(r["player"]), esc(r["opponent"])
    rows = []
    for g in r["results"]:
        first = me if g["first"] == "player" else other
        scores = g["scores"]
        if scores is None:
            # The game's page says why: the forfeit's reason.
            score_text, label = "forfeited", "why"
        else:
            mine = scores[0] if g["first"] == "player" else scores[1]
            theirs = scores[1] if g["first"] == "player" else scores[0]
            score_text, label = f"{mine} - {theirs}", "replay"
        link = f'<a href="{replay_base}/{g["game"]}" id="replay-{g["game"]}">{label}</a>'
        cls = "won" if g["won"] else "lost"
        rows.append(f'<tr class="{cls}"><td>{g["game"]}</td><td class="l">{first}</td>'
                    f'<td class="l">{"won" if g["won"] else "lost"}</td><td>{score_text}</td><td class="l">{link}</td></tr>')
    return (f'<h2>Games</h2><table id="games"><tr><th>game</th><th class="l">moves first</th>'
            f'<th class="l">{me}</th><th>score ({me} - {other})</th><th class="l"></th></tr>'
            + "".join(rows) + "</table>")


# -- a replay ---------------------------------------------------------------------------


def replay_page(title: str, back: str, row: dict | None, api: str, verdict: str | None = None) -> str:
    """Return a replay page: waiting, failed, or the game throw by throw with its chart.

    `verdict` (the match's) is shown under the title, so the page reads as the
    submission's page opened at one game.
    """
    head = f'<h1>{esc(title)}</h1>'
    if verdict:
        head += f'<p id="verdict">{esc(verdict)}</p>'
    head += f'<p><a href="{esc(back)}">back to all games</a></p>'
    if row is None or row["status"] in ("queued", "running"):
        body = head + '<p>Preparing the replay (the match is played again up to this game): <b id="status">' \
               f'{esc(row["status"] if row else "queued")}</b>.</p>'
        return layout(title, body, waiting_for=api)
    data = row["data"]
    if row["status"] == "failed":
        return layout(title, head + f'<p class="error">{esc(data.get("error"))}</p>')
    return layout(title, head + replay_body(data))


def replay_body(d: dict) -> str:
    if not d["events"]:
        reasons = "".join(f"<li><code>{esc(f)}</code></li>" for f in d["forfeits"])
        return f"<p>No throws recorded: the game was forfeited or not played.</p><ul>{reasons}</ul>"
    names = (d["player"], d["opponent"]) if d["first"] == "player" else (d["opponent"], d["player"])
    winner = d["player"] if d["won"] else d["opponent"]
    out = [f'<p id="replay-summary">{esc(names[0])} moves first; {esc(winner)} wins, '
           f'{d["scores"][0]} - {d["scores"][1]} (first mover\'s total first).</p>',
           totals_svg(d["events"], names)]
    rows = []
    for i, (side, my, other, accum, current, decision) in enumerate(d["events"], 1):
        what = ("turn lost" if decision is None else "throws again" if decision
                else f"holds, banking {accum + current} -> {my + accum + current}")
        rows.append(f'<tr><td>{i}</td><td class="l">{esc(names[side])}</td><td>{my}</td><td>{other}</td>'
                    f'<td>{accum}</td><td>{current}</td><td class="l">{what}</td></tr>')
    out.append('<h2>Throw by throw</h2><table id="throws"><tr><th>#</th><th class="l">thrower</th><th>total</th>'
               '<th>other</th><th>turn so far</th><th>threw</th><th class="l">then</th></tr>'
               + "".join(rows) + "</table>")
    return "".join(out)


def turn_totals(events) -> list[tuple[int, int]]:
    """Return both totals (first mover's, second's) at the start and after every turn."""
    totals = [0, 0]
    series = [(0, 0)]
    for side, my, _other, accum, current, decision in events:
        if decision is True:
            continue
        if decision is False:
            totals[side] = my + accum + current
        series.append((totals[0], totals[1]))
    return series


def totals_svg(events, names) -> str:
    """Return an SVG line chart of both totals turn by turn, with the goal of 100."""
    series = turn_totals(events)
    w, h, pad = 640, 260, 36
    turns = max(1, len(series) - 1)
    top = max(100, max(max(p) for p in series))

    def xy(i, v):
        return pad + (w - 2 * pad) * i / turns, h - pad - (h - 2 * pad) * v / top

    colours = ("#1f77b4", "#e4572e")
    parts = [f'<svg id="totals" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-size="11" '
             f'font-family="sans-serif" role="img"><title>both totals turn by turn</title>',
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#fff"/>']
    gx0, gy = xy(0, 100)
    gx1, _ = xy(turns, 100)
    parts.append(f'<line x1="{gx0:.1f}" y1="{gy:.1f}" x2="{gx1:.1f}" y2="{gy:.1f}" stroke="#999" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{gx0 - 4:.1f}" y="{gy + 4:.1f}" text-anchor="end">100</text>')
    x0, y0 = xy(0, 0)
    parts.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{gx1:.1f}" y2="{y0:.1f}" stroke="#333"/>')
    parts.append(f'<text x="{x0 - 4:.1f}" y="{y0 + 4:.1f}" text-anchor="end">0</text>')
    parts.append(f'<text x="{gx1:.1f}" y="{y0 + 16:.1f}" text-anchor="end">turn {turns}</text>')
    for side in (0, 1):
        pts = " ".join("{:.1f},{:.1f}".format(*xy(i, p[side])) for i, p in enumerate(series))
        parts.append(f'<polyline fill="none" stroke="{colours[side]}" stroke-width="2" points="{pts}"/>')
        parts.append(f'<text x="{pad + 8 + side * 220}" y="16" fill="{colours[side]}">'
                     f'{"first" if side == 0 else "second"}: {esc(_short(names[side], 28))}</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- the arena ----------------------------------------------------------------------


def arena_form(candidates: list[dict], recent: list[dict], settings, error: str | None = None) -> str:
    err = f'<p class="error">{esc(error)}</p>' if error else ""
    if len(candidates) < 2:
        form = "<p>The arena opens once two submissions have been graded.</p>"
    else:
        opts = "".join(f'<option value="{esc(c["id"])}">{esc(c["name"])}</option>' for c in candidates)
        form = (f'<form method="post" action="/arena"><label for="a">A (second in game 1)</label>'
                f'<select id="a" name="a">{opts}</select><label for="b">B</label><select id="b" name="b">{opts}</select>'
                f'<label for="games">games</label><input id="games" name="games" type="number" min="1" '
                f'max="{settings.arena_max_games}" value="{settings.games}">'
                '<p><button type="submit" id="play">Play</button></p></form>')
    items = []
    for r in recent:
        label = f"{esc(r['a_name'])} vs {esc(r['b_name'])}"
        state = esc(r["result"]["verdict"]) if r.get("result") else esc(r["status"])
        items.append(f'<li><a href="/arena/{esc(r["id"])}">{label}</a>: {state}</li>')
    listing = ("<h2>Recent matches</h2><ul>" + "".join(items) + "</ul>") if items else ""
    body = ("<h1>Arena</h1><p>Two submissions play a match on common dice (both see the same throws in "
            "each game; sides alternate, A second in game 1).</p>" + err + form + listing)
    return layout("Arena", body)


def arena_page(row: dict) -> str:
    title = f"{row['a_name']} vs {row['b_name']}"
    head = f"<h1>{esc(title)}</h1>"
    if row["status"] != "done":
        return layout(title, head + _progress(row, f"{row['games']}"), waiting_for=f"/api/arena/{row['id']}")
    if row.get("error"):
        return layout(title, head + f'<p class="error" id="verdict">{esc(row["error"])}</p>')
    r = row["result"]
    a_wins = r["wins"]
    b_wins = r["games"] - r["wins"] - r.get("draws", 0)
    summary = (f'<p id="arena-result"><b>{esc(row["a_name"])}</b> {a_wins} - {b_wins} '
               f'<b>{esc(row["b_name"])}</b> ({r["games"]} games, seed {r["seed"]})</p>')
    return layout(title, head + summary + verdict_block(r) + games_table(r, f"/arena/{row['id']}/replay"))
