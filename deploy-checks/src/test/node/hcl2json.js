// Parses Terraform files with HashiCorp's HCL parser (compiled to WebAssembly in @cdktf/hcl2json) and prints one
// JSON object: { "<file as given>": <the file as JSON>, ... }. On the first syntax error it prints the parser's
// message (file:line,column) to stderr and exits with 1.
//
//   node hcl2json.js main.tf variables.tf
"use strict";

const fs = require("fs");
const { parse } = require("@cdktf/hcl2json");

async function main(files) {
  const parsed = {};
  for (const file of files) {
    parsed[file] = await parse(file, fs.readFileSync(file, "utf8"));
  }
  process.stdout.write(JSON.stringify(parsed));
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(String(error && error.message ? error.message : error) + "\n");
  process.exit(1);
});
