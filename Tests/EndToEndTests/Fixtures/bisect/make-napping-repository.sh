#!/bin/sh
# Makes the second git repository of the bisect tests: eight commits of a C program (napper.c
# beside this script) that works 1 ms on its main thread.
#   whole: commit 5 waits 20 ms more before it returns;
#   half:  commit 5 waits 10 ms, commit 7 another 10 ms (commit 5 adds half the regression).
# The others change a comment.
#
#   sh make-napping-repository.sh DIR whole|half
#   cd DIR && launchprof bisect --good HEAD~7 --bad HEAD --build "cc -O1 -o app app.c" -- ./app
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mode=$2
mkdir -p "$1"
cd "$1"
git init -q -b main
cp "$here/napper.c" app.c
printf 'app\n' > .gitignore
commit() { git add -A && git -c user.name=Test -c user.email=test@example.com commit -q -m "$1"; }
nap() { sed -i "s|/\\* EXTRA \\*/|nap($1); /* EXTRA */|" app.c; }
commit "Change 1: work 1 ms on the main thread"
for number in 2 3 4 5 6 7 8; do
    case $mode:$number in
        whole:5) nap 20; subject="wait 20 ms for the cache" ;;
        half:5) nap 10; subject="wait 10 ms for the cache" ;;
        half:7) nap 10; subject="wait 10 ms for the index" ;;
        *) printf '// change %s\n' "$number" >> app.c; subject="a comment" ;;
    esac
    commit "Change $number: $subject"
done
