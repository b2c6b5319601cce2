#!/usr/bin/env python3
"""Checks that Package.swift, the sources and docs/architecture.md agree on the modules.

- every `import` of a package module (or of a dependency's product) in a target's Swift
  sources names one of that target's declared dependencies;
- the app side (LaunchTrace, LaunchProbe, LaunchKit and their C: CLaunchABI, CLaunchProbe, CLaunchDisplay) depends on no tool-side module;
- docs/architecture.md names every target of the package.

Run from the repository root: `python3 .ci/check-modules.py`. Exits 1 with one line per problem.
"""
import json
import pathlib
import re
import subprocess
import sys

APP_SIDE = {"LaunchTrace", "LaunchProbe", "LaunchKit", "CLaunchProbe", "CLaunchDisplay", "CLaunchABI"}
TOOL_SIDE = {"LaunchRunner", "CLaunchRunner", "LaunchSymbolication", "LaunchAnalysis", "LaunchReports",
             "LaunchHistory", "LaunchWorkflow", "launchprof"}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|public\s+|internal\s+|package\s+)*import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                    re.MULTILINE)


def dependency_names(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}
    products = set()
    for target in targets.values():
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                products.add(dependency["product"][0])
    problems = []
    for name, target in targets.items():
        if target["type"] in ("plugin", "system"):
            continue
        folder = root / (target.get("path") or ("Tests/" + name if target["type"] == "test" else "Sources/" + name))
        declared = dependency_names(target)
        for source in sorted(folder.rglob("*.swift")):
            for imported in set(IMPORT.findall(source.read_text(encoding="utf-8"))):
                if imported == name or imported not in set(targets) | products:
                    continue
                if imported not in declared:
                    problems.append(f"{source.relative_to(root)}: imports {imported}, which {name} does not declare in Package.swift")
        if name in APP_SIDE and declared & TOOL_SIDE:
            problems.append(f"Package.swift: the app-side module {name} depends on {sorted(declared & TOOL_SIDE)}")
    architecture = (root / "docs/architecture.md").read_text(encoding="utf-8")
    for name, target in targets.items():
        if target["type"] == "test" or name in ("PreloadLibrary", "LaunchprofCommand"):
            continue
        if f"`{name}`" not in architecture and f"`{name}`," not in architecture:
            problems.append(f"docs/architecture.md: the target {name} is not named")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-modules: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-modules: {len(targets)} targets agree with their imports and docs/architecture.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
