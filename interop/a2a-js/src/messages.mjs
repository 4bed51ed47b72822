// Builds the user's messages and reads text and states out of the SDK's (A2A 1.0 shaped) results.
import { randomUUID } from 'node:crypto';
import { Role, TaskState } from '@a2a-js/sdk';

export function userMessage(text, { taskId = '', contextId = '' } = {}) {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function sendRequest(message, configuration) {
  return { tenant: '', message, configuration, metadata: undefined };
}

export function stateName(state) {
  return state === undefined ? 'no state' : (TaskState[state] ?? String(state));
}

export const TERMINAL = new Set([
  TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
]);

/** A send result is a Task or a Message; a Message has a messageId and no status. */
export function isTask(result) {
  return result !== undefined && 'status' in result && 'id' in result;
}

export function textOfParts(parts) {
  return (parts ?? []).filter((part) => part.content?.$case === 'text').map((part) => part.content.value).join('');
}

/** All the agent's text in a Task (status message, artifacts, agent turns of the history) or a Message. */
export function agentText(result) {
  if (!isTask(result)) {
    return textOfParts(result?.parts);
  }
  const texts = [textOfParts(result.status?.message?.parts)];
  for (const artifact of result.artifacts ?? []) {
    texts.push(textOfParts(artifact.parts));
  }
  for (const message of result.history ?? []) {
    if (message.role === Role.ROLE_AGENT) {
      texts.push(textOfParts(message.parts));
    }
  }
  return texts.join('\n');
}

/** Short description of a stream event for failure messages. */
export function describeEvent(event) {
  const payload = event.payload;
  if (!payload) {
    return 'an empty event';
  }
  switch (payload.$case) {
    case 'task':
      return `task ${payload.value.id} ${stateName(payload.value.status?.state)}`;
    case 'statusUpdate':
      return `statusUpdate ${stateName(payload.value.status?.state)}`;
    case 'artifactUpdate':
      return `artifactUpdate "${textOfParts(payload.value.artifact?.parts)}"`;
    default:
      return payload.$case;
  }
}
