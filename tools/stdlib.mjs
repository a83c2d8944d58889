// Runs tools/stdlib.py inside the vendored Pyodide: node tools/stdlib.mjs PACKAGE_DIR OUT_DIR
// (tools/build.py calls it).  The modules Pyodide's own start imported are read
// first, before stdlib.py imports anything, and handed to it as roots.
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [packageDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
const pyodideDir = join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: the bytecode keeps line numbers but not column ranges (the ^^^ under a
// traceback's line), which are about a quarter of it compressed.
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
const startModules = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
mkdirSync(outDir, { recursive: true });
pyodide.FS.mkdirTree("/package");
pyodide.FS.mkdirTree("/out");
pyodide.mountNodeFS("/package", dirname(packageDir));
pyodide.mountNodeFS("/out", outDir);
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(join(root, "tools", "stdlib.py"), "utf8"), { globals: namespace, filename: "stdlib.py" });
namespace.get("main")(pyodide.toPy(startModules), "/package/" + packageDir.split("/").pop(), "/out");
