// Gzips standard input to standard output with Zopfli: node tools/gzip.mjs ITERATIONS
// (tools/build.py calls it once per file, the files in parallel).  Zopfli searches
// far harder than zlib's level 9 and writes an ordinary gzip stream, so the
// browser's DecompressionStream reads it as before; the same input and
// ITERATIONS give the same bytes (no timestamp, no threads).
import { createRequire } from "node:module";

const { gzipAsync } = createRequire(import.meta.url)("@gfx/zopfli");
const iterations = Number(process.argv[2]);
if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`gzip.mjs: bad ITERATIONS ${process.argv[2]}`);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(await gzipAsync(Buffer.concat(chunks), { numiterations: iterations }));
