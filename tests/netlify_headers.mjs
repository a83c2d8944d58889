// Which netlify.toml [[headers]] rules match each path, by Netlify's own parser.
// Usage: node tests/netlify_headers.mjs NETLIFY_TOML < paths.json  (a JSON list of URL paths)
// Prints {"errors": [...], "rules": [{"for", "values"}], "matches": {path: [rule index, ...]}}.
import { readFileSync } from "node:fs";
import { parseAllHeaders } from "@netlify/headers-parser";

const paths = JSON.parse(readFileSync(0, "utf8"));
const { headers, errors } = await parseAllHeaders({ netlifyConfigPath: process.argv[2], minimal: false });
const matches = Object.fromEntries(
  paths.map((path) => [path, headers.flatMap((rule, index) => (rule.forRegExp.test(path) ? [index] : []))]),
);
const rules = headers.map((rule) => ({ for: rule.for, values: rule.values }));
process.stdout.write(JSON.stringify({ errors: errors.map(String), rules, matches }));
