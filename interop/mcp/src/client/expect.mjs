// Assertions that fail a check with a message saying what the server answered.

export class CheckFailure extends Error {}

export function expect(condition, message) {
  if (!condition) {
    throw new CheckFailure(typeof message === 'function' ? message() : message);
  }
}

/** Runs `work`, failing with `what` when it has not settled after `ms` milliseconds. */
export async function within(ms, what, work) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailure(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one text block of a tools/call result. */
export function onlyText(result, tool) {
  expect(result.isError !== true, () => `${tool} answered isError: ${JSON.stringify(result)}`);
  expect(Array.isArray(result.content) && result.content.length === 1 && result.content[0].type === 'text',
    () => `${tool} did not answer one text block: ${JSON.stringify(result)}`);
  return result.content[0].text;
}
