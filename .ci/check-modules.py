#!/usr/bin/env python3
"""Checks that Package.swift, the sources and docs/architecture.md agree on the modules and their arrows.

- every `import` of a package module (or of a dependency's product) in a target's Swift
  sources names one of that target's declared dependencies, and every module a Swift target
  declares is imported by one of its sources (no arrow that nothing uses);
- the arrows table of docs/architecture.md (between `<!-- arrows: begin -->` and `end`) lists
  each non-test target's dependencies exactly as Package.swift declares them, in both directions;
- the app side (LaunchTrace, LaunchProbe, LaunchKit and their C) depends on no tool-side module;
- LaunchHistory, the store, depends on LaunchTrace alone among the package's modules;
- only test targets depend on `launchprof` or on the tests' support targets;
- the library products are app-side modules only;
- docs/architecture.md names every target of the package.

Run from the repository root: `python3 .ci/check-modules.py`. Exits 1 with one line per problem.
"""
import json
import pathlib
import re
import subprocess
import sys

APP_SIDE = {"LaunchTrace", "LaunchProbe", "LaunchKit", "CLaunchProbe", "CLaunchDisplay", "CLaunchABI"}
TOOL_SIDE = {"LaunchRunner", "CLaunchRunner", "LaunchSymbolication", "LaunchHistory", "LaunchTool", "launchprof"}
TEST_SUPPORT = {"LaunchTestSupport", "DenyPerfEvents", "ScreenWatch", "WaylandWatch"}
STORE = "LaunchHistory"
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_implementationOnly\s+|public\s+|internal\s+|package\s+)*import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                    re.MULTILINE)
ARROW_ROW = re.compile(r"^\| `([^`]+)` \|(.*)\|\s*$")


def dependencies(target):
    """The target's package targets and its products of other packages, as two sets."""
    targets, products = set(), set()
    for dependency in target.get("dependencies", []):
        if "byName" in dependency or "target" in dependency:
            targets.add((dependency.get("byName") or dependency["target"])[0])
        elif "product" in dependency:
            products.add(dependency["product"][0])
    return targets, products


def documented_arrows(architecture):
    """The arrows table of docs/architecture.md: module -> (targets, products)."""
    block = architecture.split("<!-- arrows: begin -->", 1)[-1].split("<!-- arrows: end -->", 1)[0]
    arrows = {}
    for line in block.splitlines():
        match = ARROW_ROW.match(line)
        if match:
            cell = match.group(2)
            products = set(re.findall(r"[A-Za-z]+", " ".join(re.findall(r"\(([^)]*)\)", cell))))
            arrows[match.group(1)] = (set(re.findall(r"`([^`]+)`", cell)), products)
    return arrows


def import_problems(root, name, target, targets, products):
    folder = root / (target.get("path") or ("Tests/" + name if target["type"] == "test" else "Sources/" + name))
    declared_targets, declared_products = dependencies(target)
    declared = declared_targets | declared_products
    imported = set()
    problems = []
    for source in sorted(folder.rglob("*.swift")):
        for module in set(IMPORT.findall(source.read_text(encoding="utf-8"))):
            if module == name or module not in set(targets) | products:
                continue
            imported.add(module)
            if module not in declared:
                problems.append(f"{source.relative_to(root)}: imports {module}, which {name} does not declare in Package.swift")
    swift_sources = any(folder.rglob("*.swift"))
    for module in sorted(declared - imported):
        library = targets.get(module, {}).get("type") in ("regular", "system") or module in declared_products
        if swift_sources and library and target["type"] != "test" and not module.startswith("C"):
            problems.append(f"Package.swift: {name} declares {module}, which none of its sources imports")
    return problems


def rule_problems(name, target, targets_by_name, package):
    declared, _ = dependencies(target)
    problems = []
    if name in APP_SIDE and declared & TOOL_SIDE:
        problems.append(f"Package.swift: the app-side module {name} depends on {sorted(declared & TOOL_SIDE)}")
    if name == STORE and declared - {"LaunchTrace"}:
        problems.append(f"Package.swift: {STORE}, the store, depends on {sorted(declared - {'LaunchTrace'})}")
    if target["type"] != "test" and name not in TEST_SUPPORT and declared & (TEST_SUPPORT | {"launchprof"}):
        problems.append(f"Package.swift: {name} depends on {sorted(declared & (TEST_SUPPORT | {'launchprof'}))}, which only tests may")
    return problems


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}
    products = {d["product"][0] for t in targets.values() for d in t.get("dependencies", []) if "product" in d}
    architecture = (root / "docs/architecture.md").read_text(encoding="utf-8")
    arrows = documented_arrows(architecture)
    problems = []
    for name, target in targets.items():
        if target["type"] in ("plugin", "system"):
            continue
        problems += import_problems(root, name, target, targets, products)
        problems += rule_problems(name, target, targets, package)
        if target["type"] == "test":
            continue
        declared = dependencies(target)
        if name not in arrows:
            problems.append(f"docs/architecture.md: the arrows table has no row for {name}")
        elif arrows[name] != declared:
            problems.append(f"docs/architecture.md: the arrows of {name} are {sorted(arrows[name][0])} "
                            f"({sorted(arrows[name][1])}); Package.swift declares {sorted(declared[0])} ({sorted(declared[1])})")
    for name in sorted(set(arrows) - set(targets)):
        problems.append(f"docs/architecture.md: the arrows table names {name}, which Package.swift does not declare")
    for product in package["products"]:
        if "library" in product["type"] and not set(product["targets"]) <= APP_SIDE:
            problems.append(f"Package.swift: the library product {product['name']} is not an app-side module")
    for name, target in targets.items():
        if target["type"] == "test" or name in ("PreloadLibrary", "LaunchprofCommand", "BuildCommit"):
            continue
        if f"`{name}`" not in architecture:
            problems.append(f"docs/architecture.md: the target {name} is not named")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-modules: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-modules: {len(targets)} targets agree with their imports, their arrows and docs/architecture.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
