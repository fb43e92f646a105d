"""Copies of a corpus slice for blind labelling (issue 23; scripts/blind-agreement.ts reads the labels).

    python3 scripts/blind-copies.py PART OUTDIR KEYFILE

Each log of test/corpus/PART is written to OUTDIR under a random name (PART-NNNN.txt) with only its
`paste:` line above `---`: the kind, label, cause, conclusion, fix, facts, framework, source and year
(written by a gatherer who read the thread's conclusion) are taken off, and so is the file name, which
starts with the kind. KEYFILE (JSON) maps the random names back: keep it outside OUTDIR, from the labellers.
"""
import json
import os
import random
import sys

part, out, keyfile = sys.argv[1], sys.argv[2], sys.argv[3]
src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "corpus", part)
os.makedirs(out, exist_ok=True)
files = sorted(f for f in os.listdir(src) if f.endswith(".txt"))
names = random.Random(part).sample(range(1000, 9999), len(files))
key = {}
for file, number in zip(files, names):
    with open(os.path.join(src, file), encoding="utf8", newline="") as f:
        text = f.read()
    cut = text.replace("\r\n", "\n").index("\n---\n")
    header = text.replace("\r\n", "\n")[:cut].split("\n")
    kept = [line for line in header if line.split(":", 1)[0] == "paste"]
    body = text[text.index("---", cut) + 3 :]
    name = f"{part}-{number}.txt"
    with open(os.path.join(out, name), "w", encoding="utf8", newline="") as f:
        f.write("\n".join(kept) + "\n---" + body)
    key[name] = file
with open(keyfile, "w") as f:
    json.dump(key, f, indent=0)
print(f"{len(files)} files -> {out}")
