'use strict';
// The AgentPort playground. Plain JavaScript, no framework, no build step. Every request below goes to this server's
// public endpoints, exactly as any client of the face would send it, with the token the user typed (if any).

const $ = (id) => document.getElementById(id);
const TOKEN_KEY = 'agentport-playground-token';
const MCP_VERSION = '2025-11-25';

// What each face needs to continue a conversation, and the run waiting for an answer, if any.
const state = {
  agentbreeder: { session: null },
  daedalus: { contextId: null },
  a2a: { contextId: null },
  mcp: { conversation: null, session: null, protocol: null },
  paused: null,
  busy: false,
  rpcId: 0,
};

// ---- requests ---------------------------------------------------------------------------------------------------

function newId() {
  if (window.crypto && crypto.randomUUID) {
    return crypto.randomUUID();
  }
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function withToken(headers) {
  const token = $('token').value.trim();
  return token ? Object.assign({ Authorization: 'Bearer ' + token }, headers) : headers;
}

function post(path, body, headers) {
  return fetch(path, {
    method: 'POST',
    headers: withToken(Object.assign({ 'Content-Type': 'application/json' }, headers)),
    body: JSON.stringify(body),
  });
}

async function httpError(response) {
  const hints = { 401: ' (the server wants a token: type it above)', 403: ' (the server refused this token)' };
  return new Error('HTTP ' + response.status + (hints[response.status] || '') + ': ' + await response.text());
}

async function jsonOf(response) {
  if (!response.ok) {
    throw await httpError(response);
  }
  return response.json();
}

function isEventStream(response) {
  return (response.headers.get('Content-Type') || '').startsWith('text/event-stream');
}

// Server-sent events read from a fetch response (EventSource cannot POST): calls onEvent({event, data}) per event.
async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      break;
    }
    buffer += decoder.decode(value, { stream: true }).replace(/\r/g, '');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      dispatchEvent(buffer.slice(0, end), onEvent);
      buffer = buffer.slice(end + 2);
    }
  }
  dispatchEvent(buffer, onEvent);
}

function dispatchEvent(block, onEvent) {
  let event = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') {
      event = value;
    } else if (field === 'data') {
      data.push(value);
    }
  }
  if (data.length > 0) {
    onEvent({ event, data: data.join('\n') });
  }
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    return text;
  }
}

// ---- what the page shows ----------------------------------------------------------------------------------------

function addTurn(kind, text) {
  const turn = document.createElement('div');
  turn.className = 'turn ' + kind;
  turn.textContent = text;
  $('transcript').append(turn);
  $('transcript').scrollTop = $('transcript').scrollHeight;
  return turn;
}

// The agent's turn: deltas append to it; the final answer, a failure or a pause replaces it.
function newReply() {
  const turn = addTurn('agent', '');
  const show = (kind, text) => {
    turn.className = 'turn ' + kind;
    turn.textContent = text;
  };
  return {
    append: (text) => { turn.textContent += text; },
    set: (text) => show('agent', text),
    fail: (text) => show('error', text),
    pause: (text) => show('pause', text),
  };
}

function logEvent(kind, detail) {
  const item = document.createElement('li');
  const name = document.createElement('span');
  name.className = 'kind';
  name.textContent = kind;
  item.append(name, typeof detail === 'string' ? detail : JSON.stringify(detail));
  $('events').append(item);
  $('events').scrollTop = $('events').scrollHeight;
}

function logged(result) {
  logEvent('result', result);
  return result;
}

function showSession() {
  const mcp = state.mcp;
  const names = {
    agentbreeder: () => 'session_id ' + (state.agentbreeder.session || '(new)'),
    daedalus: () => 'contextId ' + (state.daedalus.contextId || '(new)'),
    a2a: () => 'contextId ' + (state.a2a.contextId || '(new)'),
    mcp: () => 'conversation_id ' + (mcp.conversation || '(new)') + ', protocol ' + (mcp.protocol || '(not initialized)')
      + (mcp.session ? ', Mcp-Session-Id ' + mcp.session : ''),
  };
  $('session').textContent = names[$('face').value]();
}

function pause(paused, question) {
  state.paused = paused;
  $('question').textContent = question || 'The agent is waiting for an answer.';
  $('approval').hidden = false;
  logEvent('paused', paused);
}

// ---- AgentBreeder: /invoke, /stream, /resume ---------------------------------------------------------------------

const agentbreeder = {
  async send(text, stream, reply) {
    const body = { input: text };
    if (state.agentbreeder.session) {
      body.session_id = state.agentbreeder.session;
    }
    if (!stream) {
      this.done(logged(await jsonOf(await post('/invoke', body))), reply);
      return;
    }
    const response = await post('/stream', body, { Accept: 'text/event-stream' });
    if (!response.ok) {
      throw await httpError(response);
    }
    await readEvents(response, ({ event, data }) => {
      const value = parse(data);
      if (data === '[DONE]') {
        logEvent('done', data);
      } else if (event === 'message' && value.delta !== undefined) {
        logEvent('delta', value.delta);
        reply.append(value.delta);
      } else if (event === 'result') {
        logEvent('result', value);
        this.done(value, reply);
      } else if (event === 'error') {
        logEvent('error', value);
        reply.fail((value.error && value.error.message) || data);
      } else {
        logEvent(event, value); // step, tool_call
      }
    });
  },

  // A paused run's output is {status: "interrupted", thread_id, awaiting, question}; /resume continues it.
  done(result, reply) {
    state.agentbreeder.session = result.session_id;
    const output = result.output;
    if (result.metadata && result.metadata.interrupted) {
      reply.pause(output.question || JSON.stringify(output));
      pause({ face: 'agentbreeder', thread: output.thread_id }, output.question);
    } else {
      reply.set(typeof output === 'string' ? output : JSON.stringify(output, null, 2));
    }
  },

  async answer(paused, text, reply) {
    this.done(logged(await jsonOf(await post('/resume', { thread_id: paused.thread, human_input: text }))), reply);
  },
};

// ---- A2A: Daedalus's POST / (0.3 shapes, no envelope) and JSON-RPC 1.0 on /a2a ----------------------------------

// TASK_STATE_INPUT_REQUIRED (1.0) and input-required (0.3) alike become input-required.
function a2aState(status) {
  return String((status && status.state) || '').replace(/^TASK_STATE_/, '').toLowerCase().replace(/_/g, '-');
}

function partsText(parts) {
  return (parts || []).filter((part) => typeof part.text === 'string').map((part) => part.text).join('');
}

// One event of a stream, in either form: 0.3 names it in `kind`; 1.0 wraps it ({task}, {statusUpdate}, ...).
function a2aEvent(face, value, reply) {
  const kind = value.kind || Object.keys(value)[0];
  const event = value.kind ? value : value[kind];
  if (kind === 'task') {
    logEvent('task', event.id + ' ' + a2aState(event.status));
    state[face].contextId = event.contextId;
    if (event.artifacts && event.artifacts.length > 0) {
      a2aTask(face, event, reply);
    }
  } else if (kind === 'message') {
    logEvent('message', event);
    reply.set(partsText(event.parts));
  } else if (kind === 'artifact-update' || kind === 'artifactUpdate') {
    const artifact = event.artifact;
    const text = partsText(artifact.parts);
    logEvent('artifact', artifact.name + (event.append ? ' +' : ' ') + JSON.stringify(text));
    if (artifact.artifactId.endsWith('-reply')) {
      if (event.append) {
        reply.append(text);
      } else {
        reply.set(text);
      }
    }
  } else if (kind === 'status-update' || kind === 'statusUpdate') {
    const message = event.status.message ? partsText(event.status.message.parts) : '';
    logEvent('status', a2aState(event.status) + (message ? ': ' + message : '')
      + (event.metadata && event.metadata.progress ? ' ' + JSON.stringify(event.metadata.progress) : ''));
    a2aEnd(face, event.taskId, event.contextId, event.status, reply);
  } else {
    logEvent(kind, event);
  }
}

// A whole task (the answer to a send that waits): the first artifact is the reply.
function a2aTask(face, task, reply) {
  state[face].contextId = task.contextId;
  const artifacts = task.artifacts || [];
  if (artifacts.length > 0) {
    reply.set(partsText(artifacts[0].parts));
  }
  for (const artifact of artifacts.slice(1)) {
    logEvent('artifact', artifact);
  }
  a2aEnd(face, task.id, task.contextId, task.status, reply);
}

function a2aEnd(face, taskId, contextId, status, reply) {
  const current = a2aState(status);
  const message = status.message ? partsText(status.message.parts) : '';
  if (current === 'input-required') {
    reply.pause(message);
    pause({ face, taskId, contextId }, message);
  } else if (current === 'failed' || current === 'rejected' || current === 'canceled') {
    reply.fail(current + (message ? ': ' + message : ''));
  }
}

function a2aFace(face, build) {
  return {
    async send(text, stream, reply, taskId) {
      const message = build.message(text);
      message.messageId = newId();
      if (state[face].contextId) {
        message.contextId = state[face].contextId;
      }
      if (taskId) {
        message.taskId = taskId; // answers the paused task
      }
      const response = await post(build.path, build.body(message, stream), build.headers(stream));
      if (!response.ok) {
        throw await httpError(response);
      }
      if (isEventStream(response)) {
        await readEvents(response, ({ data }) => a2aEvent(face, build.result(parse(data)), reply));
      } else {
        const result = build.result(await response.json());
        logEvent('answer', result);
        if (result.message) {
          reply.set(partsText(result.message.parts));
        } else {
          a2aTask(face, result.task || result, reply);
        }
      }
    },

    answer(paused, text, reply) {
      return this.send(text, $('stream').checked, reply, paused.taskId);
    },
  };
}

const daedalus = a2aFace('daedalus', {
  path: '/',
  message: (text) => ({ role: 'user', parts: [{ kind: 'text', text }] }),
  body: (message) => ({ message }),
  headers: (stream) => ({ Accept: stream ? 'text/event-stream' : 'application/json' }),
  result: (value) => value,
});

const a2a = a2aFace('a2a', {
  path: '/a2a',
  message: (text) => ({ role: 'ROLE_USER', parts: [{ text }] }),
  body: (message, stream) => ({
    jsonrpc: '2.0', id: ++state.rpcId, method: stream ? 'SendStreamingMessage' : 'SendMessage', params: { message },
  }),
  headers: (stream) => ({ 'A2A-Version': '1.0', Accept: stream ? 'text/event-stream' : 'application/json' }),
  result: (answer) => {
    if (answer.error) {
      throw new Error('JSON-RPC error ' + answer.error.code + ': ' + answer.error.message);
    }
    return answer.result;
  },
});

// ---- MCP: initialize, then tools/call send_message with a progress token ----------------------------------------

const mcp = {
  headers() {
    const headers = { Accept: 'application/json, text/event-stream' };
    if (state.mcp.protocol) {
      headers['MCP-Protocol-Version'] = state.mcp.protocol;
    }
    if (state.mcp.session) {
      headers['Mcp-Session-Id'] = state.mcp.session;
    }
    return headers;
  },

  async call(method, params) {
    const response = await post('/mcp', { jsonrpc: '2.0', id: ++state.rpcId, method, params }, this.headers());
    if (!response.ok) {
      throw await httpError(response);
    }
    let answer = null;
    if (isEventStream(response)) {
      await readEvents(response, ({ data }) => {
        const message = parse(data);
        if (message.method === 'notifications/progress') {
          const p = message.params;
          logEvent('progress', p.progress + (p.total ? '/' + p.total : '') + ' ' + (p.message || ''));
        } else if (message.method) {
          logEvent(message.method, message.params);
        } else {
          answer = message;
        }
      });
    } else {
      answer = await response.json();
    }
    if (!answer) {
      throw new Error('the stream ended without an answer');
    }
    if (answer.error) {
      throw new Error('JSON-RPC error ' + answer.error.code + ': ' + answer.error.message);
    }
    return { result: answer.result, session: response.headers.get('Mcp-Session-Id') };
  },

  async initialize() {
    const { result, session } = await this.call('initialize', {
      protocolVersion: MCP_VERSION, capabilities: {}, clientInfo: { name: 'agentport-playground', version: '1.0' },
    });
    state.mcp.protocol = result.protocolVersion;
    state.mcp.session = session;
    logEvent('initialize', result.serverInfo);
    const initialized = await post('/mcp', { jsonrpc: '2.0', method: 'notifications/initialized' }, this.headers());
    if (!initialized.ok) {
      throw await httpError(initialized);
    }
  },

  async send(text, stream, reply) {
    if (!state.mcp.protocol) {
      await this.initialize();
    }
    state.mcp.conversation = state.mcp.conversation || newId();
    const params = { name: 'send_message', arguments: { message: text, conversation_id: state.mcp.conversation } };
    if (stream) {
      params._meta = { progressToken: newId() };
    }
    const { result } = await this.call('tools/call', params);
    logEvent('result', result);
    const answer = partsText(result.content);
    if (result.isError) {
      reply.fail(answer);
      return;
    }
    reply.set(answer);
    // A paused run answers with its question only (MCP has no pause); the next send_message in the conversation is
    // the answer that continues it. So a reply that asks something offers the answer buttons; chatting on is the same.
    if (answer.includes('?')) {
      pause({ face: 'mcp' }, answer);
    }
  },

  answer(paused, text, reply) {
    return this.send(text, $('stream').checked, reply);
  },
};

const faces = { agentbreeder, daedalus, a2a, mcp };

// ---- wiring -------------------------------------------------------------------------------------------------------

async function busy(action) {
  if (state.busy) {
    return;
  }
  state.busy = true;
  $('send').disabled = true;
  const reply = newReply();
  try {
    await action(reply);
  } catch (e) {
    reply.fail(e.message);
    logEvent('error', e.message);
  } finally {
    state.busy = false;
    $('send').disabled = false;
    showSession();
  }
}

function send(event) {
  event.preventDefault();
  const text = $('message').value.trim();
  if (!text) {
    return;
  }
  $('message').value = '';
  state.paused = null;
  $('approval').hidden = true;
  addTurn('user', text);
  const face = $('face').value;
  logEvent('send', face);
  busy((reply) => faces[face].send(text, $('stream').checked, reply));
}

function answer(text) {
  const paused = state.paused;
  state.paused = null;
  $('approval').hidden = true;
  addTurn('user', text);
  logEvent('answer', paused.face + ': ' + text);
  busy((reply) => faces[paused.face].answer(paused, text, reply));
}

function newConversation() {
  state.agentbreeder.session = null;
  state.daedalus.contextId = null;
  state.a2a.contextId = null;
  state.mcp.conversation = null;
  state.paused = null;
  $('approval').hidden = true;
  $('transcript').replaceChildren();
  showSession();
}

async function showDocument(path) {
  $('document-status').textContent = 'GET ' + path + ' ...';
  try {
    const response = await fetch(path, { headers: withToken({ Accept: 'application/json' }) });
    const text = await response.text();
    const value = parse(text);
    $('document-status').textContent = 'GET ' + path + ': ' + response.status;
    $('document').textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  } catch (e) {
    $('document-status').textContent = 'GET ' + path + ' failed: ' + e.message;
  }
}

function rememberToken() {
  if ($('remember').checked) {
    sessionStorage.setItem(TOKEN_KEY, $('token').value);
  } else {
    sessionStorage.removeItem(TOKEN_KEY);
  }
}

async function showAgentName() {
  for (const path of ['/.well-known/agent.json', '/.well-known/agent-card.json']) {
    try {
      const response = await fetch(path);
      if (response.ok) {
        const card = await response.json();
        $('agent-name').textContent = card.name + ' ' + (card.version || '');
        return;
      }
    } catch (e) {
      // the other card may be served
    }
  }
}

document.addEventListener('DOMContentLoaded', () => {
  const saved = sessionStorage.getItem(TOKEN_KEY);
  if (saved !== null) {
    $('token').value = saved;
    $('remember').checked = true;
  }
  $('token').addEventListener('input', rememberToken);
  $('remember').addEventListener('change', rememberToken);
  $('token-form').addEventListener('submit', (event) => event.preventDefault());
  $('chat-form').addEventListener('submit', send);
  $('message').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      send(event);
    }
  });
  $('face').addEventListener('change', showSession);
  $('new-conversation').addEventListener('click', newConversation);
  $('approve').addEventListener('click', () => answer('yes'));
  $('reject').addEventListener('click', () => answer('no'));
  $('send-answer').addEventListener('click', () => answer($('answer').value.trim() || 'yes'));
  $('clear-events').addEventListener('click', () => $('events').replaceChildren());
  for (const button of $('documents').querySelectorAll('button')) {
    button.addEventListener('click', () => showDocument(button.dataset.path));
  }
  showSession();
  showAgentName();
});
