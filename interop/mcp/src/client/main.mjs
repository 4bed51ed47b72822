#!/usr/bin/env node
// Interop check: drives a running AgentPort server's MCP endpoint with the official MCP TypeScript SDK's client.
//   node src/client/main.mjs <MCP endpoint URL> <sessions|stateless>
// Prints one line per check, then "N passed, N failed"; exits 1 when a check fails, 2 on bad arguments.
import { CHECKS } from './checks.mjs';
import { MODES, open } from './session.mjs';

function usage(message) {
  console.error(`${message}\nusage: node src/client/main.mjs <MCP endpoint, e.g. http://127.0.0.1:8080/mcp> `
    + `<${MODES.join('|')}>`);
  process.exit(2);
}

function parseArgs([url, mode]) {
  if (!url || !mode) {
    usage('missing arguments');
  }
  if (!MODES.includes(mode)) {
    usage(`unknown session mode "${mode}"`);
  }
  try {
    return { url: new URL(url).href, mode };
  } catch {
    return usage(`not a URL: "${url}"`);
  }
}

const { url, mode } = parseArgs(process.argv.slice(2));
const session = await open(url).catch((error) => ({ error }));
let passed = 0;
let failed = 0;
for (const check of CHECKS) {
  try {
    if (session.error) {
      throw new Error(`initialize failed: ${session.error.message}`);
    }
    await check.run({ url, mode, session });
    console.log(`PASS [${mode}] ${check.name}`);
    passed++;
  } catch (error) {
    const cause = error.cause?.message ? ` (${error.cause.message})` : '';
    console.log(`FAIL [${mode}] ${check.name}: ${error.message}${cause}`);
    failed++;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
