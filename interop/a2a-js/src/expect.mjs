// Assertions that fail a check with a message saying what the server answered.

export class CheckFailure extends Error {}

export function expect(condition, message) {
  if (!condition) {
    throw new CheckFailure(typeof message === 'function' ? message() : message);
  }
}

/** Runs `work`, failing with `what` when it has not settled after `ms` milliseconds. */
export async function within(ms, what, work) {
  const controller = new AbortController();
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CheckFailure(`${what} did not finish within ${ms / 1000} s`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
