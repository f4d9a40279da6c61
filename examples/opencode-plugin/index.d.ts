// Types of opencode-compactguard's main entry. They are structural copies
// of the two hooks of @opencode-ai/plugin's Hooks that the plugin sets, so
// the package needs no dependency.

/** A message as opencode's hooks pass it: its info and its parts. */
export interface MessageWithParts {
  info: { id: string; sessionID: string; role: "user" | "assistant"; summary?: unknown; [k: string]: unknown };
  parts: Array<{ id: string; type: string; [k: string]: unknown }>;
}

/** The hooks the plugin returns (a subset of @opencode-ai/plugin's Hooks). */
export interface CompactguardHooks {
  "experimental.chat.messages.transform"?: (input: {}, output: { messages: MessageWithParts[] }) => Promise<void>;
  "experimental.session.compacting"?: (
    input: { sessionID: string },
    output: { context: string[]; prompt?: string },
  ) => Promise<void>;
}

/** The plugin: give it opencode's PluginInput. */
export declare const CompactguardPlugin: (input: { client?: unknown; [k: string]: unknown }) => Promise<CompactguardHooks>;
