#!/usr/bin/env python3
"""Every public declaration of the library products has a summary.

Reads the symbol graphs `swift package dump-symbol-graph` writes (the folder is the first
argument) and prints each public symbol of the named modules that has no documentation
comment, with its file and line. Exits 1 if there is one. Symbols the compiler synthesizes
(default implementations of protocol requirements) are not ours to document.

    Scripts/check-doc-comments.py .build/x86_64-unknown-linux-gnu/symbolgraph ContextChain ...
"""
import glob
import json
import os
import sys


def main() -> int:
    folder, modules = sys.argv[1], set(sys.argv[2:])
    missing = []
    counted = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        module = os.path.basename(path).split(".symbols")[0].split("@")[0]
        if module not in modules:
            continue
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            # An extension block of another module's type: its members are counted, not it.
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            counted += 1
            if symbol.get("docComment"):
                continue
            location = symbol.get("location", {})
            where = location.get("uri", "").split("/Sources/")[-1]
            line = location.get("position", {}).get("line", 0) + 1
            name = ".".join(symbol["pathComponents"])
            missing.append(f"Sources/{where}:{line}: {module}: {name} has no summary")
    for line in sorted(set(missing)):
        print(line)
    print(f"{counted} public declarations, {len(set(missing))} without a summary", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
