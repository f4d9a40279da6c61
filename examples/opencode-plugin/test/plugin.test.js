// Tests of the opencode plugin's hooks against a real `compactguard serve`,
// with node's built-in test runner. opencode itself is not needed: the
// hooks are called the way opencode's compaction calls them
// (packages/opencode/src/session/compaction.ts): the transform hook with
// the session's messages, the compacting hook with the session id, then
// the transform hook with the compaction's user message, the summary
// (an assistant message with summary: true) and the "continue" message.
//
// Run by go test (examples/opencode-plugin), which starts the server and
// sets COMPACTGUARD_URL, COMPACTGUARD_API_TOKEN and COMPACTGUARD_FIXTURE.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import * as plugin from "../index.js";
import { APIError, Client, Guard, REFUSE, REPAIR, createHooks, messageSpans } from "../lib.js";

const URL = process.env.COMPACTGUARD_URL ?? "";
const TOKEN = process.env.COMPACTGUARD_API_TOKEN ?? "";
const FIXTURE = process.env.COMPACTGUARD_FIXTURE ?? "";
const skip = URL && FIXTURE ? false : "run by go test ./examples/opencode-plugin (needs a compactguard serve)";

/** The fixture as an opencode session: the messages before the compaction and the three after. */
function session(summaryName) {
  const conv = JSON.parse(readFileSync(FIXTURE, "utf8"));
  const sessionID = `ses_${randomUUID().slice(0, 12)}`;
  const msg = (id, role, parts, extra = {}) => ({ info: { id, sessionID, role, ...extra }, parts });
  const before = [];
  const byId = Object.fromEntries(conv.messages.map((m) => [m.id, m]));
  for (const m of conv.messages) {
    if (m.role === "system" || m.role === "tool_result") continue; // opencode keeps the system prompt apart
    if (m.role === "tool_call") {
      const result = byId[`m${Number(m.id.slice(1)) + 1}`];
      const state = { status: "completed", input: { command: m.text }, output: result.text };
      before.push(msg(`msg_${m.id}`, "assistant", [{ id: `prt_${m.id}`, type: "tool", tool: m.tool, callID: `call_${m.id}`, state }]));
      continue;
    }
    before.push(msg(`msg_${m.id}`, m.role, [{ id: `prt_${m.id}`, type: "text", text: m.text }]));
  }
  const after = [
    msg("msg_c1", "user", [{ id: "prt_c1", type: "compaction", auto: true }]),
    msg("msg_s1", "assistant", [{ id: "prt_s1", type: "text", text: conv.summaries[summaryName] }], {
      summary: true,
      mode: "compaction",
    }),
    msg("msg_u11", "user", [{ id: "prt_u11", type: "text", text: "Continue if you have next steps", synthetic: true }]),
  ];
  return { conv, sessionID, before, after };
}

/** Runs one compaction through the hooks; returns what the model sees after it. */
async function compact(hooks, s) {
  await hooks["experimental.chat.messages.transform"]({}, { messages: structuredClone(s.before) });
  const prompt = { context: [], prompt: undefined };
  await hooks["experimental.session.compacting"]({ sessionID: s.sessionID }, prompt);
  const seen = { messages: structuredClone(s.after) };
  await hooks["experimental.chat.messages.transform"]({}, seen);
  return { prompt, seen: seen.messages };
}

async function decisions(sessionID) {
  const c = new Client(URL, TOKEN);
  const trail = await c.call("GET", c.sessionPath(`opencode-${sessionID}`, "/decisions"));
  assert.ok(trail.chain_ok, trail.chain_error);
  return trail.decisions.map((r) => r.decision);
}

function hooksFor(s, opts = {}) {
  const verdicts = [];
  const sdk = { session: { messages: async ({ path }) => ({ data: path.id === s.sessionID ? structuredClone(s.before) : [] }) } };
  const hooks = createHooks({ client: new Client(URL, TOKEN), sdk, notify: (_sid, v) => verdicts.push(v), ...opts });
  return { hooks, verdicts };
}

describe("against compactguard serve", { skip }, () => {
  test("refusal: the pin list goes into the prompt, and the refused summary is reported, not changed", async () => {
    const s = session("careless");
    const { hooks, verdicts } = hooksFor(s, { repair: false });
    const { prompt, seen } = await compact(hooks, s);
    assert.equal(prompt.context.length, 1);
    assert.match(prompt.context[0], /Constraints still in force/);
    assert.ok(prompt.context[0].includes(s.conv.prohibition), prompt.context[0]);
    assert.deepEqual(seen, s.after);
    assert.equal(verdicts.length, 1);
    assert.equal(verdicts[0].action, REFUSE);
    assert.match(verdicts[0].describe(), /lost \d+ must-keep items .*refused it and did not change the summary/);
    const [d] = await decisions(s.sessionID);
    assert.deepEqual([d.allowed, d.reason], [false, "must_keep_item_missing"]);
  });

  test("repair: the lost items are appended to the summary the model sees, on every later call", async () => {
    const s = session("careless");
    const { hooks, verdicts } = hooksFor(s);
    const { seen } = await compact(hooks, s);
    const summary = seen[1];
    assert.equal(summary.parts.length, 2);
    assert.equal(summary.parts[0].text, s.conv.summaries.careless);
    assert.equal(summary.parts[1].synthetic, true);
    assert.ok(summary.parts[1].text.includes(s.conv.prohibition), summary.parts[1].text);
    assert.equal(verdicts[0].action, REPAIR);
    const [refused, allowed] = await decisions(s.sessionID);
    assert.deepEqual([refused.allowed, allowed.allowed, allowed.summary_id], [false, true, "msg_s1"]);
    assert.ok(allowed.covers.includes("prt_m6") && allowed.covers.includes("prt_m4:result"), allowed.covers.join(","));

    // opencode clones the stored messages for every model call: the
    // repair is applied again, without asking again.
    const again = { messages: structuredClone(s.after) };
    await hooks["experimental.chat.messages.transform"]({}, again);
    assert.deepEqual(again.messages[1].parts, summary.parts);
    assert.equal((await decisions(s.sessionID)).length, 2);

    // A restarted plugin reads the repaired summary back from the ledger.
    const fresh = hooksFor(s);
    const restarted = { messages: structuredClone(s.after) };
    await fresh.hooks["experimental.chat.messages.transform"]({}, restarted);
    assert.deepEqual(restarted.messages[1].parts, summary.parts);
    assert.equal((await decisions(s.sessionID)).length, 2);
  });

  test("allowed: a faithful summary is left as it is", async () => {
    const s = session("faithful");
    const { hooks, verdicts } = hooksFor(s);
    const { seen } = await compact(hooks, s);
    assert.deepEqual(seen, s.after);
    assert.equal(verdicts[0].action, "allow");
    const [d] = await decisions(s.sessionID);
    assert.deepEqual([d.allowed, d.reason], [true, "anchored_score_passed"]);
  });
});

test("an unreachable compactguard changes nothing and throws nothing", async () => {
  const hooks = createHooks({ client: new Client("http://127.0.0.1:1", "x") });
  const prompt = { context: [] };
  await hooks["experimental.session.compacting"]({ sessionID: "ses_x" }, prompt);
  assert.deepEqual(prompt.context, []);
  const msgs = [{ info: { id: "msg_1", sessionID: "ses_x", role: "user" }, parts: [{ id: "p1", type: "text", text: "hi" }] }];
  const out = { messages: structuredClone(msgs) };
  await hooks["experimental.chat.messages.transform"]({}, out);
  assert.deepEqual(out.messages, msgs);
});

test("a summary compactguard could not judge is reported once and judged on a later call", async () => {
  const calls = [];
  const client = new Client("http://unused");
  client.call = async (method, path, body) => {
    calls.push(`${method} ${path}`);
    if (path.endsWith("/compactions")) {
      if (calls.filter((c) => c.endsWith("/compactions")).length === 1) throw new APIError(`${method} ${path}: 503`, 503);
      return { allowed: true, reason: "anchored_score_passed", summary_id: body.id };
    }
    return {};
  };
  const notes = [];
  const hooks = createHooks({ client, notify: (_sid, v) => notes.push(v.describe()) });
  const sessionID = "ses_flaky";
  const user = { info: { id: "msg_1", sessionID, role: "user" }, parts: [{ id: "p1", type: "text", text: "Do not push to main." }] };
  const summary = { info: { id: "msg_2", sessionID, role: "assistant", summary: true }, parts: [{ id: "p2", type: "text", text: "Do not push to main." }] };
  await hooks["experimental.chat.messages.transform"]({}, { messages: [user] });
  for (let i = 0; i < 3; i++) await hooks["experimental.chat.messages.transform"]({}, { messages: [structuredClone(summary)] });
  assert.deepEqual(notes, [
    "compactguard could not check the compaction summary (POST /v1/sessions/opencode-ses_flaky/compactions: 503)",
    "compactguard: the compaction summary kept every must-keep item (anchored_score_passed).",
  ]);
  assert.equal(calls.filter((c) => c.endsWith("/compactions")).length, 2);
});

test("a span compactguard rejects is set aside, and the others are pinned", async () => {
  const sent = [];
  const client = new Client("http://unused");
  client.call = async (method, path, body) => {
    if (path.endsWith("/spans")) {
      if (body.spans.some((sp) => sp.id === "bad")) throw new APIError("POST spans: 400 spans[0].id: already pinned", 400, "spans[0].id");
      sent.push(...body.spans.map((sp) => sp.id));
    }
    return {};
  };
  const g = new Guard(client, "s");
  const spans = ["a", "bad", "c"].map((id) => ({ id, kind: "user", text: id }));
  assert.deepEqual((await g.pin(spans)).map((sp) => sp.id), ["a", "c"]);
  assert.deepEqual(sent, ["a", "c"]);
  assert.deepEqual([...g.rejected.keys()], ["bad"]);
  assert.deepEqual(await g.pin(spans), []);
  assert.deepEqual(g.live, ["a", "c"]);
});

test("the main entry exports the plugin once, and COMPACTGUARD_OPENCODE=off turns it off", async () => {
  // opencode calls every export of the main entry as a plugin.
  // Older loaders do not deduplicate, so the plugin is exported once.
  assert.deepEqual(Object.keys(plugin), ["CompactguardPlugin"]);
  assert.equal(typeof plugin.CompactguardPlugin, "function");
  const saved = process.env.COMPACTGUARD_OPENCODE;
  try {
    process.env.COMPACTGUARD_OPENCODE = "off";
    assert.deepEqual(await plugin.CompactguardPlugin({}), {});
    process.env.COMPACTGUARD_OPENCODE = "";
    const hooks = await plugin.CompactguardPlugin({});
    assert.deepEqual(Object.keys(hooks).sort(), ["experimental.chat.messages.transform", "experimental.session.compacting"]);
  } finally {
    if (saved === undefined) delete process.env.COMPACTGUARD_OPENCODE;
    else process.env.COMPACTGUARD_OPENCODE = saved;
  }
});

test("messageSpans maps each part type", () => {
  const info = (role) => ({ id: "m", sessionID: "s", role });
  const cases = [
    [{ info: info("user"), parts: [{ id: "a", type: "text", text: "hi" }] }, [{ id: "a", kind: "user", text: "hi" }]],
    [
      { info: info("user"), parts: [{ id: "b", type: "text", text: "file body", synthetic: true }, { id: "c", type: "file" }] },
      [{ id: "b", kind: "user", text: "file body", meta: { source: "harness" } }],
    ],
    [
      { info: info("assistant"), parts: [{ id: "d", type: "reasoning", text: "think" }, { id: "e", type: "text", text: "ok" }] },
      [{ id: "d", kind: "reasoning", text: "think" }, { id: "e", kind: "assistant", text: "ok" }],
    ],
    [
      { info: info("assistant"), parts: [{ id: "f", type: "tool", tool: "bash", state: { status: "error", input: { command: "x" }, error: "exit 1" } }] },
      [
        { id: "f:call", kind: "tool_call", text: 'bash {"command":"x"}', meta: { tool: "bash" } },
        { id: "f:result", kind: "tool_result", text: "exit 1", meta: { tool: "bash", exit_code: "1" } },
      ],
    ],
    [{ info: info("assistant"), parts: [{ id: "g", type: "tool", tool: "read", state: { status: "running", input: {} } }] }, []],
    [{ info: info("user"), parts: [{ id: "h", type: "compaction" }] }, []],
  ];
  for (const [msg, want] of cases) assert.deepEqual(messageSpans(msg), want);
});
