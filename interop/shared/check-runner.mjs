// What the interop scripts share: reading "<URL> <mode>" from the command line, and running checks one line each.

/**
 * The URL and the mode of `node <script> <URL> <mode>`; on bad arguments, prints why and the usage, and exits 2.
 * `what` names the URL (e.g. "base URL, e.g. http://127.0.0.1:8080"), `modeName` the kind of mode.
 */
export function parseArgs([url, mode], { script, what, modes, modeName }) {
  const usage = (message) => {
    console.error(`${message}\nusage: node ${script} <${what}> <${modes.join('|')}>`);
    process.exit(2);
  };
  if (!url || !mode) {
    usage('missing arguments');
  }
  if (!modes.includes(mode)) {
    usage(`unknown ${modeName} "${mode}"`);
  }
  try {
    return { url: new URL(url).href, mode };
  } catch {
    return usage(`not a URL: "${url}"`);
  }
}

/**
 * Runs each check through `run(check)`, printing "PASS [mode] name" or "FAIL [mode] name: why", then
 * "N passed, N failed"; exits 1 when a check failed, 0 otherwise.
 */
export async function runChecks(checks, mode, run) {
  let passed = 0;
  let failed = 0;
  for (const check of checks) {
    try {
      await run(check);
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
}
