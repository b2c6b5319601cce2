#!/bin/sh
# Makes the git repository of the bisect tests and of the bisect transcript in docs/compare.md:
# eight commits of a C program (app.c beside this script) that works 5 ms on its main thread.
# Commit 3 does not build, commit 4 mends it, commit 5 primes a cache for 20 ms more before it
# returns; the others change a comment.
#
#   sh make-repository.sh DIR
#   cd DIR && launchprof bisect --good HEAD~7 --bad HEAD --build "clang -O1 -g -o app app.c" -- ./app
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
cd "$1"
git init -q -b main
cp "$here/app.c" app.c
printf 'app\n' > .gitignore
commit() { git add -A && git -c user.name=Test -c user.email=test@example.com commit -q -m "$1"; }
commit "Change 1: work 5 ms on the main thread"
for number in 2 3 4 5 6 7 8; do
    case $number in
        3) printf 'int broken(void) { return }\n' >> app.c; subject="does not build" ;;
        4) sed -i '/int broken/d' app.c; subject="builds again" ;;
        5) sed -i 's|/\* EXTRA \*/|prime_cache(20); /* EXTRA */|' app.c; subject="prime the cache at start-up" ;;
        *) printf '// change %s\n' "$number" >> app.c; subject="a comment" ;;
    esac
    commit "Change $number: $subject"
done
