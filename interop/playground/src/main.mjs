// End-to-end check of the playground page: headless Chromium (the machine's own) on a running server whose
// AGENT_AUTH_TOKEN is TOKEN, driven through the page as a person would use it.
// usage: node src/main.mjs <base URL> <token> <chromium binary> [screenshot.png]
import { chromium } from 'playwright-core';

const [url, token, executablePath, screenshot] = process.argv.slice(2);
if (!url || !token || !executablePath) {
  console.error('usage: node src/main.mjs <base URL> <token> <chromium binary> [screenshot.png]');
  process.exit(2);
}

const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const problems = [];
page.on('pageerror', (error) => problems.push('page error: ' + error.message));
page.on('console', (message) => {
  if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
    problems.push('console: ' + message.text());
  }
});

function assert(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

const text = (selector) => page.locator(selector).innerText();
const lastTurn = () => page.locator('#transcript .turn').last();
const events = () => text('#events');

// Sends a message (or clicks a button that answers) and waits until the page is idle again.
async function act(action) {
  await action();
  await page.waitForFunction(() => !document.getElementById('send').disabled, null, { timeout: 20000 });
  return { text: await lastTurn().innerText(), kind: await lastTurn().getAttribute('class') };
}

async function say(message) {
  return act(async () => {
    await page.fill('#message', message);
    await page.click('#send');
  });
}

async function useFace(face, stream) {
  await page.selectOption('#face', face);
  await page.setChecked('#stream', stream);
  await page.click('#new-conversation');
  await page.click('#clear-events');
}

async function approve() {
  await page.locator('#approval').waitFor({ state: 'visible' });
  const question = await text('#question');
  const reply = await act(() => page.click('#approve'));
  assert(reply.text.startsWith('Approved'), 'the answer did not resume the run: ' + reply.text + ' (asked: ' + question + ')');
  assert(await page.locator('#approval').isHidden(), 'the approval panel stayed open');
}

const checks = [
  {
    name: 'the page loads under its content security policy, without errors',
    run: async () => {
      const response = await page.goto(new URL('/playground', url).href);
      assert(response.status() === 200, 'GET /playground: ' + response.status());
      await page.waitForFunction(() => document.getElementById('agent-name').textContent !== '');
      assert((await text('#agent-name')).includes('agentport-default-agent'), 'no agent name from the card');
    },
  },
  {
    name: 'without the token a call is refused, and the page says so',
    run: async () => {
      await useFace('agentbreeder', false);
      const reply = await say('hello');
      assert(reply.kind.includes('error') && reply.text.includes('HTTP 401'), 'expected a 401: ' + reply.text);
    },
  },
  {
    name: 'AgentBreeder: a chat turn through /invoke with the token',
    run: async () => {
      await page.fill('#token', token);
      await useFace('agentbreeder', false);
      const reply = await say('hello');
      assert(reply.text === 'You said "hello". This is turn 1 of this session.', reply.text);
      assert((await text('#session')).startsWith('session_id '), await text('#session'));
    },
  },
  {
    name: 'AgentBreeder: a stream through /stream shows its step and deltas, in the same session',
    run: async () => {
      await page.setChecked('#stream', true);
      const reply = await say('tell me something');
      assert(reply.text.includes('This is turn 2 of this session'), reply.text);
      const log = await events();
      for (const kind of ['step', 'delta', 'result', 'done']) {
        assert(log.includes(kind), 'no ' + kind + ' event in: ' + log);
      }
    },
  },
  {
    name: 'AgentBreeder: a paused run is approved through /resume',
    run: async () => {
      const paused = await say('please approve the refund');
      assert(paused.kind.includes('pause'), 'no pause: ' + paused.text);
      await approve();
    },
  },
  {
    name: 'A2A JSON-RPC 1.0: a streamed turn, then a paused task answered with its task id',
    run: async () => {
      await useFace('a2a', true);
      const reply = await say('hello');
      assert(reply.text.startsWith('You said "hello"'), reply.text);
      assert((await events()).includes('artifact'), 'no artifact update');
      const again = await say('and again');
      assert(again.text.includes('turn 2'), 'the context was not continued: ' + again.text);
      const paused = await say('please approve it');
      assert(paused.kind.includes('pause'), 'no pause: ' + paused.text);
      await approve();
    },
  },
  {
    name: 'Daedalus: a streamed turn and a waiting one, in one context',
    run: async () => {
      await useFace('daedalus', true);
      assert((await say('hello')).text.startsWith('You said "hello"'), 'streamed turn');
      await page.setChecked('#stream', false);
      const again = await say('and again');
      assert(again.text.includes('turn 2'), again.text);
    },
  },
  {
    name: 'MCP: initialize, send_message with progress, then a paused run answered by the next send_message',
    run: async () => {
      await useFace('mcp', true);
      const reply = await say('hello');
      assert(reply.text.startsWith('You said "hello"'), reply.text);
      const log = await events();
      assert(log.includes('initialize') && log.includes('progress'), 'no initialize or progress: ' + log);
      assert((await text('#session')).includes('protocol 2025-11-25'), await text('#session'));
      const question = await say('please approve the transfer');
      assert(question.text.startsWith('Approve'), 'no question: ' + question.text);
      await approve();
    },
  },
  {
    name: 'the cards and documents are shown',
    run: async () => {
      const documents = {
        'AgentBreeder card': '"name": "agentport-default-agent"',
        'A2A card': '"supportedInterfaces"',
        'OpenAPI': '"openapi"',
        'Runtime manifest': '"agentCardPath"',
        'MCP registry': '"remotes"',
      };
      for (const [name, expected] of Object.entries(documents)) {
        const button = page.locator(`#documents button:text-is("${name}")`);
        const done = 'GET ' + await button.getAttribute('data-path') + ': ';
        await button.click();
        await page.waitForFunction(() => !document.getElementById('document-status').textContent.endsWith('...'));
        assert((await text('#document-status')) === done + '200', name + ': ' + await text('#document-status'));
        assert((await text('#document')).includes(expected), name + ' lacks ' + expected);
      }
    },
  },
  {
    name: 'nothing broke the page',
    run: async () => {
      assert(problems.length === 0, problems.join('; '));
    },
  },
];

// One line per check, as the other interop checks print them; the browser is closed before the exit code is set.
let failed = 0;
for (const check of checks) {
  try {
    await check.run();
    console.log(`PASS [chromium] ${check.name}`);
  } catch (error) {
    console.log(`FAIL [chromium] ${check.name}: ${error.message}`);
    failed++;
  }
  if (screenshot && check.name.startsWith('AgentBreeder: a paused run')) {
    await page.click('#documents button:text-is("A2A card")');
    await page.waitForFunction(() => document.getElementById('document').textContent.includes('supportedInterfaces'));
    await page.screenshot({ path: screenshot, fullPage: true });
  }
}
console.log(`${checks.length - failed} passed, ${failed} failed`);
await browser.close();
process.exitCode = failed === 0 ? 0 : 1;
