#!/usr/bin/env bash
# compactbench on a pull request: the team's policy module at the PR head against the same file at the
# merge base (checked out in a git worktree), on identical workloads and seeds. The logic of action.yml,
# kept here so it can be tested without GitHub (test/ci/action-e2e.test.ts).
#
#   pr-compare.sh compare   run the comparison; writes $OUT (comparison.md, report.html, result.json…)
#                           and $OUT/exit-code; appends comparison.md to $GITHUB_STEP_SUMMARY when set;
#                           exits with compare's code: 0 pass, 2 gate failed, 3 not evaluated, 1 error
#   pr-compare.sh comment   post (or update) comparison.md as a PR comment with `gh` (needs GH_TOKEN, PR)
#   pr-compare.sh gate CODE turn compare's exit code into the job's result, with an annotation
#
# Environment: POLICY (module path in the repository; required), BASE_REF (commit or ref to compare
# against; the merge base of it and HEAD is used; default origin/main), CONFIG (a compactbench config file
# for scenarios, seeds and gate), GATE (gate file), SEEDS, MIN_RETENTION (a floor on the head's retention,
# 0..1: compare --min-retention), OUT (default compactbench-report), EXTRA_ARGS
# (more compare flags, word-split), COMPACTBENCH (the command; default: this checkout's bin), PR (number),
# FAIL_ON_NOT_EVALUATED (default true).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
COMPACTBENCH="${COMPACTBENCH:-node $HERE/../../bin/compactbench.js}"
OUT="${OUT:-compactbench-report}"

compare() {
  : "${POLICY:?set POLICY to the policy module path (relative to the repository root)}"
  local root base wt code
  root="$(git rev-parse --show-toplevel)"
  cd "$root"
  base="$(git merge-base HEAD "${BASE_REF:-origin/main}")"
  # inside the repository, so the base module resolves the same node_modules as the head module
  wt="$root/.compactbench-base"
  git worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
  git worktree add --detach --quiet "$wt" "$base"
  # shellcheck disable=SC2064
  trap "git -C '$root' worktree remove --force '$wt' >/dev/null 2>&1 || true" EXIT
  mkdir -p "$OUT"
  if [ ! -f "$wt/$POLICY" ]; then
    printf '# compactbench comparison\n\n`%s` does not exist at the merge base %s: a new policy has no baseline to compare with.\n' "$POLICY" "${base:0:12}" > "$OUT/comparison.md"
    echo 0 > "$OUT/exit-code"
    summary
    return 0
  fi
  local args=(compare --baseline "base=$wt/$POLICY" --candidate "head=$root/$POLICY" --out "$OUT" --json --quiet)
  [ -n "${CONFIG:-}" ] && args+=(--config "$CONFIG")
  [ -n "${GATE:-}" ] && args+=(--gate "$GATE")
  [ -n "${SEEDS:-}" ] && args+=(--seeds "$SEEDS")
  [ -n "${MIN_RETENTION:-}" ] && args+=(--min-retention "$MIN_RETENTION")
  # shellcheck disable=SC2206
  [ -n "${EXTRA_ARGS:-}" ] && args+=(${EXTRA_ARGS})
  set +e
  # the JSON goes beside the output first: compactbench writes --out whole, and refuses a folder holding other files
  local json
  json="$(mktemp)"
  # shellcheck disable=SC2086
  $COMPACTBENCH "${args[@]}" > "$json"
  code=$?
  set -e
  mkdir -p "$OUT"
  mv "$json" "$OUT/result.json"
  echo "$code" > "$OUT/exit-code"
  echo "compactbench: head ${POLICY} vs merge base ${base:0:12}: exit code $code"
  summary
  return "$code"
}

summary() {
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] || return 0
  if [ -f "$OUT/comparison.md" ]; then
    cat "$OUT/comparison.md" >> "$GITHUB_STEP_SUMMARY"
    printf '\nThe interactive HTML report and the charts are in the `compactbench-report` artifact of this run.\n' >> "$GITHUB_STEP_SUMMARY"
  else
    echo "compactbench produced no comparison (tool error); see the log." >> "$GITHUB_STEP_SUMMARY"
  fi
}

comment() {
  [ -f "$OUT/comparison.md" ] || { echo "no $OUT/comparison.md to post"; return 0; }
  [ -n "${PR:-}" ] || { echo "not a pull request: no comment posted"; return 0; }
  # GitHub caps a comment at 65536 characters
  head -c 60000 "$OUT/comparison.md" > "$OUT/comment.md"
  gh pr comment "$PR" --edit-last --body-file "$OUT/comment.md" 2>/dev/null || gh pr comment "$PR" --body-file "$OUT/comment.md"
}

gate() {
  local code="${1:-$(cat "$OUT/exit-code" 2>/dev/null || echo 1)}"
  case "$code" in
    0) echo "compactbench gate passed" ;;
    2) echo "::error::compactbench gate failed: ${POLICY:-the policy} at the PR head breaks a limit against the merge base (see the job summary)"; return 2 ;;
    3) if [ "${FAIL_ON_NOT_EVALUATED:-true}" = true ]; then
         echo "::error::compactbench gate not evaluated (e.g. an unpriced model; see the job summary)"; return 3
       fi
       echo "::warning::compactbench gate not evaluated (e.g. an unpriced model)" ;;
    *) echo "::error::compactbench failed with exit code $code (tool error; see the log)"; return 1 ;;
  esac
}

cmd="${1:-}"; shift || true
case "$cmd" in
  compare) compare ;;
  comment) comment ;;
  gate) gate "$@" ;;
  *) echo "usage: pr-compare.sh compare|comment|gate [CODE]" >&2; exit 1 ;;
esac
