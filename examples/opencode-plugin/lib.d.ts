// Types of opencode-compactguard/lib (lib.js): the client, the guard and
// the hooks without opencode's loader.
import type { CompactguardHooks, MessageWithParts } from "./index.js";

export declare const DEFAULT_URL: string;
export declare const ALLOW: "allow";
export declare const REPAIR: "repair";
export declare const REFUSE: "refuse";

export interface Span {
  id: string;
  kind: string;
  text: string;
  meta?: Record<string, string>;
}

export declare class APIError extends Error {
  status: number;
  field: string;
  constructor(message: string, status?: number, field?: string);
}

export declare class Client {
  constructor(url?: string, token?: string, timeoutMs?: number);
  call(method: string, path: string, body?: unknown): Promise<any>;
  sessionPath(sid: string, rest?: string): string;
}

export declare class Verdict {
  action: "allow" | "repair" | "refuse";
  summary: string;
  decisions: Record<string, any>[];
  error: string;
  readonly lost: Record<string, any>[];
  describe(): string;
}

export declare class Guard {
  constructor(client: Client, sessionId: string, opts?: { repair?: boolean; maxRepairs?: number; failOpen?: boolean });
  sessionId: string;
  known: Set<string>;
  live: string[];
  recorded: Map<string, string>;
  rejected: Map<string, string>;
  open(): Promise<void>;
  pin(spans: Span[]): Promise<Span[]>;
  check(covers: string[], summary: string, summaryId: string): Promise<Verdict>;
  mustKeep(): Promise<Record<string, any>[]>;
}

export declare function pinList(items: Record<string, any>[], limit?: number): string;
export declare function messageSpans(msg: MessageWithParts): Span[];
export declare function isSummary(msg: MessageWithParts): boolean;

export interface HooksOptions {
  client: Client;
  repair?: boolean;
  sessionPrefix?: string;
  sdk?: unknown;
  notify?: (sessionID: string, verdict: Verdict) => void | Promise<void>;
}

export declare function createHooks(opts: HooksOptions): Required<CompactguardHooks>;
