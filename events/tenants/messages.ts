/**
 * What a tenant's people are told while the service holds it (issue 31), once: the server
 * answers them (403) and the web recognises them to show its notices.
 */

/** A suspended (or offboarded) tenant's contractors, on every route and the WebSocket. */
export const TENANT_SUSPENDED_MESSAGE = "Your company's account is suspended by the service. Your projects and data are kept; contact support.";

/** A client, on the projects of a tenant that is not active. */
export const PROJECT_PAUSED_MESSAGE = 'This project is paused by the service';
