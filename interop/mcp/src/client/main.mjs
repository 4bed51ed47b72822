#!/usr/bin/env node
// Interop check: drives a running AgentPort server's MCP endpoint with the official MCP TypeScript SDK's client.
//   node src/client/main.mjs <MCP endpoint URL> <sessions|stateless>
// Prints one line per check, then "N passed, N failed"; exits 1 when a check fails, 2 on bad arguments.
import { parseArgs, runChecks } from '../../../shared/check-runner.mjs';
import { CHECKS } from './checks.mjs';
import { MODES, open } from './session.mjs';

const { url, mode } = parseArgs(process.argv.slice(2), {
  script: 'src/client/main.mjs', what: 'MCP endpoint, e.g. http://127.0.0.1:8080/mcp', modes: MODES,
  modeName: 'session mode',
});
const session = await open(url).catch((error) => ({ error }));
await runChecks(CHECKS, mode, async (check) => {
  if (session.error) {
    throw new Error(`initialize failed: ${session.error.message}`);
  }
  await check.run({ url, mode, session });
});
