/**
 * The A2A task lifecycle the A2A faces share (Daedalus, JSON-RPC, HTTP+JSON): a message starts a task (or continues
 * one waiting for input), its run goes on in the background and publishes its events on the task's channel, its end
 * is mapped to a stored task (completed, input-required, failed, canceled) and written to the task store, and a cancel
 * stops it, here or, through the store, on another instance. The faces only read their requests and render the
 * channel in their wire shapes.
 */
package dev.agentport.a2a.tasks;
