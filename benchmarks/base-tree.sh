# Sourced by the before/after scripts (run-compare.sh, run-coldstart.sh with BASE): the worktree of a base commit beside
# this working tree, and the folder its builds go to, both kept for the next run with the same base.
#   base_tree_for COMMIT   sets base_sha, base_tree and base_artifacts (and makes the worktree when it is missing)
# COMPARE_DIR (default: <this tree>-compare beside it) is where they go; repo must be set to this tree's root.
base_tree_for() {
  base_sha=$(git -C "$repo" rev-parse --verify --quiet "$1^{commit}") || { echo "'$1' is not a commit" >&2; return 1; }
  compare_dir=${COMPARE_DIR:-$(dirname "$repo")/$(basename "$repo")-compare}
  base_tree="$compare_dir/base-${base_sha:0:12}"
  base_artifacts="$compare_dir/artifacts-base-${base_sha:0:12}"
  mkdir -p "$compare_dir"
  if [ ! -d "$base_tree" ]; then
    git -C "$repo" worktree add --detach "$base_tree" "$base_sha" >&2
  fi
  [ "$(git -C "$base_tree" rev-parse HEAD)" = "$base_sha" ] \
    || { echo "$base_tree is not at $base_sha; remove it (git worktree remove)" >&2; return 1; }
}
