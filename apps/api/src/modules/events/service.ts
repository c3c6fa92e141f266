/**
 * The live events module's public face: the hub that announces every change to live streams on every
 * instance (hub.ts), for the modules that publish or listen and for app.ts, which starts it.
 */
export { createEventHub, EVENTS_CHANNEL, type EventHub, type LiveEvent, type NewEvent } from './hub.js';
export { listenAfterCommit, type AfterCommitListener } from './listener.js';
