#!/usr/bin/env node
// Interop check: drives a running AgentPort server with the official A2A JavaScript SDK's client.
//   node src/main.mjs <base URL> <1.0|0.3>
// Prints one line per check, then "N passed, N failed"; exits 1 when a check fails, 2 on bad arguments.
import { CHECKS } from './checks.mjs';
import { connect, MODES } from './connect.mjs';

function usage(message) {
  console.error(`${message}\nusage: node src/main.mjs <base URL, e.g. http://127.0.0.1:8080> <${MODES.join('|')}>`);
  process.exit(2);
}

function parseArgs([baseUrl, mode]) {
  if (!baseUrl || !mode) {
    usage('missing arguments');
  }
  if (!MODES.includes(mode)) {
    usage(`unknown protocol mode "${mode}"`);
  }
  try {
    return { baseUrl: new URL(baseUrl).href, mode };
  } catch {
    return usage(`not a URL: "${baseUrl}"`);
  }
}

/** Why a check cannot run: the card could not be read, or (except for the card check) there is no client. */
function blocker(connection, mode, check) {
  if (connection.error) {
    return `reading the agent card failed: ${connection.error.message}`;
  }
  if (connection.client === undefined && !check.cardOnly) {
    return `no client: the card names no ${mode} JSON-RPC interface`;
  }
  return undefined;
}

const { baseUrl, mode } = parseArgs(process.argv.slice(2));
const connection = await connect(baseUrl, mode).catch((error) => ({ error }));
let passed = 0;
let failed = 0;
for (const check of CHECKS.filter((candidate) => (candidate.modes ?? MODES).includes(mode))) {
  try {
    const blocked = blocker(connection, mode, check);
    if (blocked) {
      throw new Error(blocked);
    }
    await check.run({ baseUrl, mode, connection, client: connection.client });
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
