// Runs a bench module's measurement (bench/speed.py unless named) inside Pyodide under Node.js
// and prints its JSON.
//   node bench/speed_pyodide.mjs '<json arguments for MODULE.measure>' [MODULE | path/to/module.py]
// Pyodide comes from the repo's node_modules/pyodide (npm package `pyodide`), or
// from the folder named by PYODIDE_DIR.  The repo's pyapp/ and bench/*.py are
// written into Pyodide's file system, so the code measured is the code on disk.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`no Pyodide in ${pyodideDir}: run npm install (or set PYODIDE_DIR)`);
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === "__pycache__") continue;
    if (statSync(full).isDirectory()) {
      pyodide.FS.mkdirTree("/repo/" + relative(root, full));
      copyTree(full);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile("/repo/" + relative(root, full), readFileSync(full));
    }
  }
}
pyodide.FS.mkdirTree("/repo/pyapp");
copyTree(join(root, "pyapp"));
pyodide.FS.mkdirTree("/repo/bench");
for (const name of readdirSync(join(root, "bench")).filter((n) => n.endsWith(".py"))) {
  pyodide.FS.writeFile("/repo/bench/" + name, readFileSync(join(root, "bench", name)));
}
pyodide.globals.set("SPEED_ARGS", process.argv[2] || "{}");
let moduleName = process.argv[3] || "speed";
if (moduleName.endsWith(".py")) {  // a module from elsewhere in the repo (a test's), beside bench's
  const base = moduleName.split("/").pop();
  pyodide.FS.writeFile("/repo/bench/" + base, readFileSync(moduleName));
  moduleName = base.slice(0, -3);
}
pyodide.globals.set("SPEED_MODULE", moduleName);
// Emscripten's clock is wall time: give Python the process's CPU time for rates.
globalThis.cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const out = await pyodide.runPythonAsync(`
import sys, json, importlib
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
json.dumps(importlib.import_module(SPEED_MODULE).measure(**json.loads(SPEED_ARGS)))
`);
console.log(out);
