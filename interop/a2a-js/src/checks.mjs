// The calls an A2A client makes, each a check run through the SDK's client against the server.
import { TaskState } from '@a2a-js/sdk';
import { expect, within } from './expect.mjs';
import {
  agentText, describeEvent, isTask, sendRequest, stateName, TERMINAL, textOfParts, userMessage,
} from './messages.mjs';
import { BINDINGS, legacyClient } from './connect.mjs';

const CALL_MS = 30_000;
const LONG_INPUT = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');

async function send(client, text, ids) {
  return within(CALL_MS, 'the send', (signal) =>
    client.sendMessage(sendRequest(userMessage(text, ids)), { signal }));
}

/** Sends and expects a Task (the default agent always answers with one), returning it. */
async function sendForTask(client, text, ids) {
  const result = await send(client, text, ids);
  expect(isTask(result), () => `expected a Task, got a Message: ${JSON.stringify(result)}`);
  return result;
}

function taskIdOf(event) {
  const payload = event.payload;
  return payload?.$case === 'task' ? payload.value.id : payload?.value?.taskId;
}

function stateOf(event) {
  const payload = event.payload;
  return payload?.$case === 'task' || payload?.$case === 'statusUpdate' ? payload.value.status?.state : undefined;
}

export const CHECKS = [
  {
    name: 'card: the agent card names an interface of this binding and version and the client speaks it',
    cardOnly: true,
    async run({ baseUrl, mode, connection }) {
      const { card, interfaces, client } = connection;
      const { binding, version } = BINDINGS[mode];
      expect(card.name, 'the card has no name');
      expect(card.capabilities?.streaming === true, 'the card does not declare streaming');
      expect(interfaces.length > 0, () => `no ${binding} interface with protocolVersion ${version} in `
        + JSON.stringify(card.supportedInterfaces));
      expect(client?.protocolVersion === version, `the SDK built a ${client?.protocolVersion} client`);
      expect(client?.transport?.protocolName === binding,
        `the SDK built a ${client?.transport?.protocolName} transport, not ${binding}`);
    },
  },
  {
    name: 'card (0.3 fields): a client that knows only 0.3 reads url and preferredTransport, and its send completes',
    modes: ['0.3'],
    async run({ baseUrl }) {
      const { card, client } = await legacyClient(baseUrl);
      const primary = card.supportedInterfaces[0];
      expect(primary.protocolBinding === 'JSONRPC', `preferredTransport is ${primary.protocolBinding}`);
      expect(client.protocolVersion === '0.3', `the SDK built a ${client.protocolVersion} client for ${primary.url}`);
      const result = await send(client, 'hello at the 0.3 url');
      expect(agentText(result).includes('hello at the 0.3 url'),
        () => `the send to ${primary.url} did not echo the input: ${JSON.stringify(result)}`);
    },
  },
  {
    name: 'send: a message gets a completed task with the agent\'s reply',
    async run({ client }) {
      const result = await send(client, 'hello from the interop check');
      if (isTask(result)) {
        expect(result.status?.state === TaskState.TASK_STATE_COMPLETED,
          `the task is ${stateName(result.status?.state)}, not completed`);
      }
      expect(agentText(result).includes('hello from the interop check'),
        () => `the reply does not echo the input: ${JSON.stringify(result)}`);
    },
  },
  {
    name: 'stream: events arrive until the final one, which completes the task',
    async run({ client }) {
      const events = await within(CALL_MS, 'the stream', async (signal) => {
        const collected = [];
        for await (const event of client.sendMessageStream(
          sendRequest(userMessage('stream this back')), { signal })) {
          collected.push(event);
        }
        return collected;
      });
      const seen = () => events.map(describeEvent).join(', ');
      expect(events.length > 0, 'the stream ended without an event');
      const first = events[0].payload?.$case;
      expect(first === 'task' || first === 'message', () => `the first event is not a task or message: ${seen()}`);
      if (first === 'task') {
        const last = events.at(-1);
        expect(stateOf(last) === TaskState.TASK_STATE_COMPLETED,
          () => `the last event does not complete the task: ${seen()}`);
        expect(events.every((event) => taskIdOf(event) === taskIdOf(events[0])),
          () => `the events name more than one task: ${seen()}`);
      }
      const text = events.map((event) => {
        const payload = event.payload;
        if (payload?.$case === 'artifactUpdate') {
          return textOfParts(payload.value.artifact?.parts);
        }
        if (payload?.$case === 'statusUpdate') {
          return textOfParts(payload.value.status?.message?.parts);
        }
        return agentText(payload?.value);
      }).join('');
      expect(text.includes('stream') && text.includes('back'), () => `the streamed reply lacks the input: ${seen()}`);
    },
  },
  {
    name: 'get: the task by id, with historyLength 1, is completed and has one history message',
    async run({ client }) {
      const sent = await sendForTask(client, 'remember this task');
      const task = await within(CALL_MS, 'the get', (signal) =>
        client.getTask({ tenant: '', id: sent.id, historyLength: 1 }, { signal }));
      expect(task.id === sent.id, `asked for task ${sent.id}, got ${task.id}`);
      expect(task.contextId === sent.contextId, `the context changed from ${sent.contextId} to ${task.contextId}`);
      expect(task.status?.state === TaskState.TASK_STATE_COMPLETED,
        `the task is ${stateName(task.status?.state)}, not completed`);
      expect((task.history ?? []).length === 1, `historyLength 1 gave ${(task.history ?? []).length} messages`);
    },
  },
  {
    name: 'cancel: a running task is canceled, its stream ends with that state and get says canceled',
    async run({ client }) {
      const outcome = await within(CALL_MS, 'the canceled stream', async (signal) => {
        const events = [];
        let canceled;
        for await (const event of client.sendMessageStream(sendRequest(userMessage(LONG_INPUT)), { signal })) {
          events.push(event);
          const running = stateOf(event) === TaskState.TASK_STATE_WORKING
            || event.payload?.$case === 'artifactUpdate';
          if (canceled === undefined && running) {
            canceled = await client.cancelTask({ tenant: '', id: taskIdOf(event), metadata: undefined }, { signal });
          }
        }
        return { events, canceled };
      });
      const seen = () => outcome.events.map(describeEvent).join(', ');
      expect(outcome.canceled !== undefined, () => `the task finished before it was seen running: ${seen()}`);
      expect(outcome.canceled.status?.state === TaskState.TASK_STATE_CANCELED,
        `cancel answered a ${stateName(outcome.canceled.status?.state)} task`);
      const lastState = outcome.events.map(stateOf).filter((state) => state !== undefined).at(-1);
      expect(lastState === TaskState.TASK_STATE_CANCELED, () => `the stream did not end canceled: ${seen()}`);
      const task = await within(CALL_MS, 'the get', (signal) =>
        client.getTask({ tenant: '', id: outcome.canceled.id }, { signal }));
      expect(task.status?.state === TaskState.TASK_STATE_CANCELED, `get says ${stateName(task.status?.state)}`);
    },
  },
  {
    name: 'input required: a paused task waits for input, and a message carrying its taskId completes it',
    async run({ client }) {
      const paused = await sendForTask(client, 'please approve the refund');
      expect(paused.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED,
        `the task is ${stateName(paused.status?.state)}, not input-required`);
      expect(!TERMINAL.has(paused.status?.state), 'the paused task is terminal');
      const answered = await sendForTask(client, 'yes', { taskId: paused.id, contextId: paused.contextId });
      expect(answered.id === paused.id, `the answer went to task ${answered.id}, not ${paused.id}`);
      expect(answered.status?.state === TaskState.TASK_STATE_COMPLETED,
        `the answered task is ${stateName(answered.status?.state)}, not completed`);
      expect(agentText(answered).includes('Approved'), () => `no approval in ${JSON.stringify(answered)}`);
    },
  },
  {
    name: 'tenant (HTTP+JSON): a message sent under a tenant prefix makes a task that reads the same without one',
    modes: ['rest'],
    async run({ client }) {
      const sent = await within(CALL_MS, 'the send', (signal) => client.sendMessage(
        { ...sendRequest(userMessage('hello from a tenant')), tenant: 'acme' }, { signal }));
      expect(isTask(sent), () => `expected a Task, got ${JSON.stringify(sent)}`);
      const task = await within(CALL_MS, 'the get', (signal) => client.getTask({ tenant: '', id: sent.id }, { signal }));
      expect(task.status?.state === TaskState.TASK_STATE_COMPLETED, `get says ${stateName(task.status?.state)}`);
    },
  },
  {
    name: 'list (HTTP+JSON): the tasks of a context are listed newest first',
    modes: ['rest'],
    async run({ client }) {
      const first = await sendForTask(client, 'first of the context');
      const second = await sendForTask(client, 'second of the context', { contextId: first.contextId });
      const list = await within(CALL_MS, 'the list', (signal) =>
        client.listTasks({ tenant: '', contextId: first.contextId, pageSize: 10 }, { signal }));
      const ids = (list.tasks ?? []).map((task) => task.id);
      expect(ids.length === 2 && ids[0] === second.id && ids[1] === first.id,
        () => `listed ${JSON.stringify(ids)}, expected [${second.id}, ${first.id}]`);
    },
  },
  {
    name: 'subscribe (HTTP+JSON): a paused task streams as stored, ending input-required',
    modes: ['rest'],
    async run({ client }) {
      const paused = await sendForTask(client, 'please approve the refund');
      const events = await within(CALL_MS, 'the subscription', async (signal) => {
        const collected = [];
        for await (const event of client.resubscribeTask({ tenant: '', id: paused.id }, { signal })) {
          collected.push(event);
        }
        return collected;
      });
      const seen = () => events.map(describeEvent).join(', ');
      expect(taskIdOf(events[0] ?? {}) === paused.id, () => `the first event is not the task: ${seen()}`);
      expect(stateOf(events.at(-1)) === TaskState.TASK_STATE_INPUT_REQUIRED,
        () => `the subscription did not end input-required: ${seen()}`);
    },
  },
];
