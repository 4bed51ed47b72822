// Prints the attribute and block names each Terraform resource or data source accepts, read from the prebuilt CDK
// provider bindings pinned in package-lock.json (generated from the providers' published schemas). The bindings are
// read as text, never loaded: for each type, the generated synthesizeAttributes() of its class lists the top-level
// names in their Terraform (snake_case) form, and each nested block has its own <block>ToTerraform(struct) function.
//
//   node terraform-schema.js resource:aws_lambda_function data:aws_iam_policy_document
//
// prints { "resource:aws_lambda_function": { "provider": "hashicorp/aws 6.66.0", "schema": { "memory_size": null,
// "snap_start": { "apply_on": null }, ... } }, "data:...": ... }; a type with no binding maps to null.
"use strict";

const fs = require("fs");
const path = require("path");

const PACKAGES = {
  aws: "@cdktn/provider-aws",
  google: "@cdktf/provider-google",
  archive: "@cdktf/provider-archive",
};

function packageDir(name) {
  return path.dirname(require.resolve(name + "/package.json"));
}

function providerVersion(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  const provider = (manifest.cdktn || manifest.cdktf || {}).provider || {};
  return String(provider.name || "").replace("registry.terraform.io/", "") + " " + (provider.version || "?");
}

// lib/<type without the provider prefix, dashes>/ for resources, lib/data-<type, dashes>/ for data sources.
function bindingDir(root, kind, type, provider) {
  const base = kind === "data" ? "data-" + type : type.slice(provider.length + 1);
  return path.join(root, "lib", base.replace(/_/g, "-"));
}

function sources(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      files.push(...sources(full));
    } else if (entry.name.endsWith(".js")) {
      files.push(fs.readFileSync(full, "utf8"));
    }
  }
  return files.join("\n");
}

// The keys of the object literal returned first after `start`, each with the struct function it calls, if any.
function returnedKeys(text, start) {
  const open = text.indexOf("return {", start) + "return ".length;
  let depth = 0;
  let close = open;
  do {
    const c = text[close++];
    depth += c === "{" ? 1 : c === "}" ? -1 : 0;
  } while (depth > 0);
  const keys = {};
  for (const line of text.slice(open + 1, close - 1).split("\n")) {
    const match = /^\s*([a-z0-9_]+): (.*)$/.exec(line);
    if (!match) {
      continue;
    }
    const nested = /(?<![\w.])([a-z]\w*)ToTerraform\b/.exec(match[2]);
    keys[match[1]] = nested ? nested[1] : null;
  }
  return keys;
}

function structs(text) {
  const found = {};
  const pattern = /function (\w+)ToTerraform\(struct\) \{/g;
  let match;
  while ((match = pattern.exec(text)) !== null) {
    found[match[1]] = returnedKeys(text, match.index);
  }
  return found;
}

function expand(keys, all, seen) {
  const schema = {};
  for (const [name, struct] of Object.entries(keys)) {
    schema[name] = struct && all[struct] && !seen.has(struct)
      ? expand(all[struct], all, new Set([...seen, struct]))
      : null;
  }
  return schema;
}

function describe(spec) {
  const [kind, type] = spec.split(":");
  const provider = type.split("_")[0];
  if (!PACKAGES[provider]) {
    return null;
  }
  const root = packageDir(PACKAGES[provider]);
  const dir = bindingDir(root, kind, type, provider);
  if (!fs.existsSync(dir)) {
    return null;
  }
  const text = sources(dir);
  // cdktn: `static tfResourceType = "<type>";` inside the class; cdktf: `<Class>.tfResourceType = "<type>";` after it.
  const marker = text.search(new RegExp(`tfResourceType = "${type}";`));
  if (marker < 0) {
    return null;
  }
  const resourceClass = text.search(/\nclass \w+ extends cdkt[nf]\.Terraform(Resource|DataSource) \{/);
  const top = returnedKeys(text, text.indexOf("synthesizeAttributes() {", resourceClass));
  return { provider: providerVersion(root), schema: expand(top, structs(text), new Set()) };
}

const result = {};
for (const spec of process.argv.slice(2)) {
  result[spec] = describe(spec);
}
process.stdout.write(JSON.stringify(result));
