// opencode-compactguard: an opencode plugin that asks compactguard about
// every compaction. Before opencode compacts a session it adds the pin
// list (the constraints that must survive) to the compaction prompt; after,
// it checks the summary against the pinned messages it replaced and, when
// must-keep items were lost, restores them verbatim at the end of the
// summary the model sees.
//
// opencode calls every function this module exports as a plugin (older
// loaders without deduplicating), so it exports the plugin once, by name;
// the logic is in ./lib.js ("opencode-compactguard/lib").
//
// Settings, from the environment opencode runs in:
//   COMPACTGUARD_URL        compactguard serve's base URL (default http://127.0.0.1:7700)
//   COMPACTGUARD_API_TOKEN  the tenant's bearer token
//   COMPACTGUARD_OPENCODE   "off" disables the plugin; "pin-only" adds the pin
//                           list but never amends a summary

import { Client, DEFAULT_URL, createHooks } from "./lib.js";

/**
 * The plugin. opencode passes its PluginInput (client, project, directory,
 * worktree, $); the client is used to read a session's messages and to
 * show a toast with each verdict.
 * @param {{client?: any}} input
 */
export const CompactguardPlugin = async (input) => {
  const env = globalThis.process?.env ?? {};
  const mode = (env.COMPACTGUARD_OPENCODE ?? "").toLowerCase();
  if (mode === "off") return {};
  const sdk = input?.client;
  return createHooks({
    client: new Client(env.COMPACTGUARD_URL || DEFAULT_URL, env.COMPACTGUARD_API_TOKEN ?? ""),
    repair: mode !== "pin-only",
    sdk,
    notify: async (_sessionID, verdict) => {
      const message = verdict.describe();
      const variant = verdict.error ? "warning" : verdict.action === "allow" ? "info" : "warning";
      try {
        await sdk?.tui?.showToast?.({ body: { message, variant } });
        await sdk?.app?.log?.({ body: { service: "compactguard", level: variant === "info" ? "info" : "warn", message } });
      } catch {
        // A notice that cannot be shown changes nothing.
      }
    },
  });
};
