# Puts Node 24 first on PATH when the machine's Node is older than 22.12 (the product's engines).
# Source it from the repository's root or anywhere: `. scripts/use-node.sh`, then npm ci, npm start, npm test.
# Node 24 comes from the npm registry's `node@24` package, installed once into `.node/` (git-ignored);
# nothing is downloaded from anywhere else. A machine with Node 22.12+ keeps its own.
_tabloid_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_tabloid_node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! _tabloid_node_ok; then
  if [ ! -x "$_tabloid_root/.node/node_modules/node/bin/node" ]; then
    echo "use-node: Node $(node -v 2>/dev/null || echo missing) is older than 22.12; installing node@24 from the npm registry into .node/" >&2
    npm install --prefix "$_tabloid_root/.node" --no-save --no-package-lock --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$_tabloid_root/.node/node_modules/node/bin:$PATH"
  hash -r 2>/dev/null || true
fi
echo "use-node: $(command -v node) $(node -v)" >&2
unset -f _tabloid_node_ok
unset _tabloid_root
