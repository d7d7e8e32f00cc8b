"""csv-parse: comma-separated text parsed by one loop over its characters (benchmarks/scheme/csv-parse.scm).

The same algorithm as the Scheme: one pass over the text's characters by
index, carrying the current field's characters (a list joined at the end
of the field), the current record's fields, the records and whether it is
inside quotes, where a doubled quote stands for one; numbers read by
int(), notes searched for a character with `in` over their characters.
"""


def make_row(i):
    if i % 5 == 0:
        note = '"a, b"'
    elif i % 7 == 3:
        note = '"say ""hi"""'
    else:
        note = "n" + str(i % 3)
    return "item" + str(i) + "," + str((7 * i + 3) % 17) + "," + str((37 * i + 50) % 1000) + "," + note + "\n"


def make_text(n):
    rows = ["name,qty,price,note\n"]
    for i in range(n):
        rows.append(make_row(i))
    return "".join(rows)


def parse_csv(text):
    """The records of the text, each a list of field strings."""
    chars = list(text)
    field = []
    fields = []
    records = []
    quoted = False
    i = 0
    while i < len(chars):
        c = chars[i]
        if quoted:
            if c != '"':
                field.append(c)
            elif i + 1 < len(chars) and chars[i + 1] == '"':
                field.append('"')
                i += 1
            else:
                quoted = False
        elif c == '"':
            quoted = True
        elif c == ",":
            fields.append("".join(field))
            field = []
        elif c == "\n":
            fields.append("".join(field))
            records.append(fields)
            field = []
            fields = []
        else:
            field.append(c)
        i += 1
    if field or fields:
        fields.append("".join(field))
        records.append(fields)
    return records


def holds_char(text, c):
    return c in list(text)


def run(n: int = 2000) -> list:
    count = total = commas = quotes = 0
    four_fields = True
    last = []
    for record in parse_csv(make_text(n))[1:]:
        note = record[3]
        count += 1
        total += int(record[1]) * int(record[2])
        if holds_char(note, ","):
            commas += 1
        if holds_char(note, '"'):
            quotes += 1
        four_fields = four_fields and len(record) == 4
        last = record
    return [count, total, commas, quotes, four_fields, last]
