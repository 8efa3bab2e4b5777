/**
 * What the WebSocket pushes to every browser that has a project open: `chat_message` for chat
 * changes (new messages, read receipts: the chat refetches), `project_event` for everything else
 * (the checklist refetches). `streamId` says which aggregate changed (see events/streams.ts).
 */
export interface ProjectEventNotice {
  readonly type: 'project_event' | 'chat_message';
  readonly projectId: string;
  readonly streamId: string;
  readonly version: number;
  readonly eventType: string;
}
