#!/usr/bin/env node
// Interop check: drives a running AgentPort server with the official A2A JavaScript SDK's client.
//   node src/main.mjs <base URL> <1.0|0.3|rest>
// Prints one line per check, then "N passed, N failed"; exits 1 when a check fails, 2 on bad arguments.
import { parseArgs, runChecks } from '../../shared/check-runner.mjs';
import { CHECKS } from './checks.mjs';
import { connect, MODES } from './connect.mjs';

/** Why a check cannot run: the card could not be read, or (except for the card check) there is no client. */
function blocker(connection, mode, check) {
  if (connection.error) {
    return `reading the agent card failed: ${connection.error.message}`;
  }
  if (connection.client === undefined && !check.cardOnly) {
    return `no client: the card names no interface for the ${mode} mode`;
  }
  return undefined;
}

const { url: baseUrl, mode } = parseArgs(process.argv.slice(2), {
  script: 'src/main.mjs', what: 'base URL, e.g. http://127.0.0.1:8080', modes: MODES, modeName: 'protocol mode',
});
const connection = await connect(baseUrl, mode).catch((error) => ({ error }));
await runChecks(CHECKS.filter((candidate) => (candidate.modes ?? MODES).includes(mode)), mode, async (check) => {
  const blocked = blocker(connection, mode, check);
  if (blocked) {
    throw new Error(blocked);
  }
  await check.run({ baseUrl, mode, connection, client: connection.client });
});
