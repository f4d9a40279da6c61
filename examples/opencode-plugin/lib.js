// The opencode plugin's logic, apart from opencode's loader: the HTTP
// client of compactguard serve, one guard per opencode session, and the
// two hooks. index.js (the package's main) only wires these to opencode;
// tests import this file directly. Plain JavaScript with JSDoc types, no
// dependencies: node 18+ or Bun (global fetch).

/** @typedef {{id: string, kind: string, text: string, meta?: Record<string, string>}} Span */
/** @typedef {Record<string, any>} Decision */
/** @typedef {{info: Record<string, any>, parts: Record<string, any>[]}} MessageWithParts */

export const DEFAULT_URL = "http://127.0.0.1:7700";
export const ALLOW = "allow";
export const REPAIR = "repair";
export const REFUSE = "refuse";

/** An HTTP answer other than 2xx, or no answer at all. */
export class APIError extends Error {
  /**
   * @param {string} message
   * @param {number} status the HTTP status, 0 when the server was not reached
   * @param {string} field the request field the server named, if any
   */
  constructor(message, status = 0, field = "") {
    super(message);
    this.name = "APIError";
    this.status = status;
    this.field = field;
  }
}

/** A minimal client of compactguard's HTTP API on fetch. */
export class Client {
  /**
   * @param {string} url base URL of compactguard serve
   * @param {string} token the tenant's bearer token
   * @param {number} timeoutMs per request
   */
  constructor(url = DEFAULT_URL, token = "", timeoutMs = 60000) {
    this.base = url.replace(/\/+$/, "");
    this.token = token;
    this.timeoutMs = timeoutMs;
  }

  /**
   * Send one request and return the decoded JSON answer.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  async call(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { Accept: "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let resp;
    try {
      resp = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const cause = /** @type {any} */ (e).cause;
      throw new APIError(`${method} ${path}: ${cause?.code ?? cause?.message ?? /** @type {Error} */ (e).message}`);
    }
    const raw = await resp.text();
    if (!resp.ok) {
      let msg = raw.trim();
      let field = "";
      try {
        const err = JSON.parse(raw);
        field = err.field ?? "";
        msg = (field ? `${field}: ` : "") + (err.error ?? raw);
      } catch {}
      throw new APIError(`${method} ${path}: ${resp.status} ${resp.statusText}: ${msg}`, resp.status, field);
    }
    return JSON.parse(raw);
  }

  /** @param {string} sid @param {string} [rest] */
  sessionPath(sid, rest = "") {
    return `/v1/sessions/${encodeURIComponent(sid)}${rest}`;
  }
}

/**
 * What to do with one proposed summary. action is ALLOW, REPAIR or
 * REFUSE; summary the text to use (amended on REPAIR); decisions every
 * decision compactguard answered; error set when it could not be asked.
 */
export class Verdict {
  /**
   * @param {string} action
   * @param {string} summary
   * @param {Decision[]} decisions
   * @param {string} error
   */
  constructor(action, summary, decisions = [], error = "") {
    this.action = action;
    this.summary = summary;
    this.decisions = decisions;
    this.error = error;
  }

  /** The must-keep items the first decision found missing. */
  get lost() {
    return (this.decisions[0]?.items ?? []).filter((/** @type {any} */ it) => it.preserved === false);
  }

  /** One line for the person: the verdict, the reason, what was lost. */
  describe() {
    if (this.error) return `compactguard could not check the compaction summary (${this.error})`;
    const first = this.decisions[0];
    if (!first) return "compactguard: the compaction summary replaces nothing compactguard holds.";
    const lost = this.lost;
    /** @type {Record<string, number>} */
    const cats = {};
    for (const it of lost) cats[it.category] = (cats[it.category] ?? 0) + 1;
    const what = lost.length
      ? `lost ${lost.length} must-keep item${lost.length === 1 ? "" : "s"} (${Object.entries(cats).map(([c, n]) => `${c} ${n}`).join(", ")})`
      : `kept every must-keep item`;
    const tail = {
      [ALLOW]: "",
      [REPAIR]: "; they are restored verbatim at the end of the summary",
      [REFUSE]: "; compactguard refused it and did not change the summary",
    }[this.action];
    return `compactguard: the compaction summary ${what} (${first.reason})${tail}.`;
  }
}

/**
 * One compactguard session seen from the plugin. See the Python twin,
 * examples/python-guard/compactguard_guard.py, for the same logic.
 */
export class Guard {
  /**
   * @param {Client} client
   * @param {string} sessionId the compactguard session; adopted when it exists
   * @param {{repair?: boolean, maxRepairs?: number, failOpen?: boolean}} [opts]
   */
  constructor(client, sessionId, { repair = true, maxRepairs = 2, failOpen = false } = {}) {
    this.c = client;
    this.sessionId = sessionId;
    this.repair = repair;
    this.maxRepairs = maxRepairs;
    this.failOpen = failOpen;
    /** Ids compactguard holds: pinned spans and allowed summaries. */
    this.known = new Set();
    /** @type {string[]} the held ids still in the live view, in order */
    this.live = [];
    /** @type {Map<string, string>} summary id -> text, of an adopted session's allowed summaries */
    this.recorded = new Map();
    /** @type {Map<string, string>} span id -> why compactguard refused to pin it */
    this.rejected = new Map();
    /** @type {Promise<void> | null} */
    this._open = null;
  }

  /** Create the session, or adopt it when this tenant already holds it. */
  open() {
    this._open ??= (async () => {
      try {
        await this.c.call("POST", "/v1/sessions", { id: this.sessionId });
      } catch (e) {
        if (!(e instanceof APIError) || e.status !== 409) throw e;
        const ledger = await this.c.call("GET", this.c.sessionPath(this.sessionId, "/records"));
        for (const r of ledger.records ?? []) {
          this.known.add(r.span.id);
          if (!r.covered_by) this.live.push(r.span.id);
          if (r.span.kind === "summary") this.recorded.set(r.span.id, r.span.text);
        }
      }
    })().catch((e) => {
      this._open = null;
      throw e;
    });
    return this._open;
  }

  /**
   * Pin the spans compactguard does not hold yet (empty ones are skipped).
   * A batch the server rejects as bad input (400: a span it holds with
   * other text, say) is sent again one span at a time, and the spans it
   * still rejects are set aside for good, so one bad span does not stop
   * every later pin. They stay out of covers.
   * @param {Span[]} spans
   * @returns {Promise<Span[]>} the spans pinned
   */
  async pin(spans) {
    await this.open();
    const fresh = spans.filter((s) => s.text && !this.known.has(s.id) && !this.rejected.has(s.id));
    /** @type {Span[]} */
    const pinned = [];
    const send = async (/** @type {Span[]} */ batch) => {
      await this.c.call("POST", this.c.sessionPath(this.sessionId, "/spans"), { spans: batch });
      for (const s of batch) {
        this.known.add(s.id);
        this.live.push(s.id);
        pinned.push(s);
      }
    };
    for (let i = 0; i < fresh.length; i += 200) {
      const batch = fresh.slice(i, i + 200);
      try {
        await send(batch);
      } catch (e) {
        if (!(e instanceof APIError) || e.status !== 400) throw e;
        for (const s of batch) {
          try {
            await send([s]);
          } catch (e1) {
            if (!(e1 instanceof APIError) || e1.status !== 400) throw e1;
            this.rejected.set(s.id, e1.message);
          }
        }
      }
    }
    return pinned;
  }

  /**
   * Ask compactguard about a summary that replaces covers; never throws
   * for an API failure (the verdict then follows failOpen).
   * @param {string[]} covers
   * @param {string} summary
   * @param {string} summaryId
   */
  async check(covers, summary, summaryId) {
    /** @type {Decision[]} */
    const decisions = [];
    try {
      await this.open();
      covers = covers.filter((id) => this.known.has(id));
      if (!covers.length) return new Verdict(ALLOW, summary);
      let text = summary;
      for (let attempt = 0; attempt <= this.maxRepairs; attempt++) {
        const d = await this.c.call("POST", this.c.sessionPath(this.sessionId, "/compactions"), {
          id: summaryId,
          covers,
          summary: text,
        });
        decisions.push(d);
        if (d.allowed) {
          const sid = d.summary_id || summaryId;
          this.known.add(sid);
          const gone = new Set(covers);
          this.live = [...this.live.filter((id) => !gone.has(id)), sid];
          return new Verdict(attempt ? REPAIR : ALLOW, text, decisions);
        }
        if (!this.repair || !d.repair || attempt === this.maxRepairs) break;
        text = `${text.replace(/\n+$/, "")}\n\n${d.repair}`;
      }
      return new Verdict(REFUSE, summary, decisions);
    } catch (e) {
      if (!(e instanceof APIError)) throw e;
      return new Verdict(this.failOpen ? ALLOW : REFUSE, summary, decisions, e.message);
    }
  }

  /** The session's must-keep items (GET .../items). */
  async mustKeep() {
    await this.open();
    const res = await this.c.call("GET", this.c.sessionPath(this.sessionId, "/items"));
    return (res.items ?? []).filter((/** @type {any} */ it) => it.must_keep);
  }
}

/**
 * The pin list: the must-keep items as lines for the compaction prompt,
 * one per sentence with every category found in it, prohibitions first,
 * cut before limit characters. "" when there is nothing to keep.
 * @param {any[]} items
 * @param {number} [limit]
 */
export function pinList(items, limit = 20000) {
  const rank = (/** @type {string} */ c) => ({ prohibition: 0, numeric_commitment: 1, entity: 2 })[c] ?? 3;
  /** @type {Map<string, {text: string, cats: string[]}>} */
  const lines = new Map();
  for (const it of items) {
    const key = `${it.span}\u0000${it.text}`;
    const line = lines.get(key) ?? { text: it.text, cats: [] };
    if (!line.cats.includes(it.category)) line.cats.push(it.category);
    lines.set(key, line);
  }
  if (!lines.size) return "";
  const ranked = [...lines.values()].sort((a, b) => Math.min(...a.cats.map(rank)) - Math.min(...b.cats.map(rank)));
  let out =
    "compactguard: the constraints below were set earlier in this session and are still in force. " +
    'In the summary, add a section titled "Constraints still in force" and copy each of them into it verbatim:';
  for (const { text, cats } of ranked) {
    const line = `\n- [${cats.join("+")}] ${text}`;
    if (out.length + line.length > limit) break;
    out += line;
  }
  return out;
}

/**
 * The spans of one opencode message: its text parts (user or assistant),
 * reasoning parts, and each finished tool part as a tool_call (the tool
 * and its input) and a tool_result (its output or error). A tool part
 * still pending or running is left for a later call: its input may not be
 * final, and a pinned span never changes. Compaction, file and step parts
 * hold nothing to pin. Text parts opencode adds itself (synthetic) are
 * pinned with source harness.
 * @param {MessageWithParts} msg
 * @returns {Span[]}
 */
export function messageSpans(msg) {
  const role = msg.info?.role;
  /** @type {Span[]} */
  const out = [];
  for (const p of msg.parts ?? []) {
    if (p.type === "text" && p.text && !p.id?.endsWith(":compactguard")) {
      /** @type {Span} */
      const s = { id: p.id, kind: role === "user" ? "user" : "assistant", text: p.text };
      if (p.synthetic) s.meta = { source: "harness" };
      out.push(s);
    } else if (p.type === "reasoning" && p.text) {
      out.push({ id: p.id, kind: "reasoning", text: p.text });
    } else if (p.type === "tool" && (p.state?.status === "completed" || p.state?.status === "error")) {
      const st = p.state;
      const meta = { tool: String(p.tool) };
      out.push({ id: `${p.id}:call`, kind: "tool_call", text: `${p.tool} ${JSON.stringify(st.input ?? {})}`, meta });
      if (st.status === "completed" && st.output) {
        out.push({ id: `${p.id}:result`, kind: "tool_result", text: String(st.output), meta });
      } else if (st.status === "error" && st.error) {
        out.push({ id: `${p.id}:result`, kind: "tool_result", text: String(st.error), meta: { ...meta, exit_code: "1" } });
      }
    }
  }
  return out;
}

/**
 * Whether msg is the assistant message a compaction wrote (opencode marks
 * it summary: true, mode "compaction").
 * @param {MessageWithParts} msg
 */
export function isSummary(msg) {
  return msg.info?.role === "assistant" && msg.info?.summary === true && !msg.info?.error;
}

/** @param {MessageWithParts} msg */
function summaryText(msg) {
  return (msg.parts ?? [])
    .filter((p) => p.type === "text" && p.text && !p.synthetic)
    .map((p) => p.text)
    .join("\n");
}

/**
 * @typedef {object} HooksOptions
 * @property {Client} client compactguard's client
 * @property {boolean} [repair] append the lost items to a refused summary (default true)
 * @property {string} [sessionPrefix] compactguard session = prefix + opencode session id
 * @property {any} [sdk] opencode's SDK client (PluginInput.client), to read a session's messages
 * @property {(sessionID: string, verdict: Verdict) => void | Promise<void>} [notify] told every verdict
 */

/**
 * The plugin's hooks: experimental.session.compacting adds the pin list to
 * the compaction prompt; experimental.chat.messages.transform pins what
 * the model sees and, the first time it sees a compaction summary, asks
 * compactguard about it, then amends it on every later call when it was
 * repaired.
 * @param {HooksOptions} opts
 */
export function createHooks({ client, repair = true, sessionPrefix = "opencode-", sdk, notify }) {
  /** @type {Map<string, {guard: Guard, verdicts: Map<string, Verdict>, unchecked: Set<string>, busy: Promise<void>}>} */
  const sessions = new Map();
  const state = (/** @type {string} */ sid) => {
    let s = sessions.get(sid);
    if (!s) {
      s = {
        guard: new Guard(client, sessionPrefix + sid, { repair }),
        verdicts: new Map(),
        unchecked: new Set(),
        busy: Promise.resolve(),
      };
      sessions.set(sid, s);
    }
    return s;
  };
  // One session's messages are handled one call at a time, in order.
  const serial = (/** @type {ReturnType<typeof state>} */ s, /** @type {() => Promise<void>} */ fn) => {
    const run = s.busy.then(fn);
    s.busy = run.catch(() => {});
    return run;
  };

  /**
   * Pin msgs and judge each compaction summary among them once.
   * @param {ReturnType<typeof state>} s
   * @param {string} sid
   * @param {MessageWithParts[]} msgs
   */
  const observe = async (s, sid, msgs) => {
    await s.guard.open();
    for (const m of msgs) {
      const id = m.info?.id;
      if (isSummary(m) && !s.verdicts.has(id)) {
        const text = summaryText(m);
        const recorded = s.guard.recorded.get(id);
        if (recorded !== undefined) {
          // Judged before this process started: reuse the recorded text.
          s.verdicts.set(id, new Verdict(recorded.length > text.length ? REPAIR : ALLOW, recorded));
          continue;
        }
        const verdict = await s.guard.check(s.guard.live, text, id);
        if (verdict.error) {
          // compactguard could not be asked: say so once, ask again on
          // the next call.
          if (!s.unchecked.has(id)) await notify?.(sid, verdict);
          s.unchecked.add(id);
          continue;
        }
        s.verdicts.set(id, verdict);
        if (!s.guard.known.has(id)) {
          // Not allowed: the summary is in opencode's context all the
          // same; it and the originals stay to be covered next time.
          await s.guard.pin([{ id, kind: "assistant", text }]).catch(() => []);
        }
        await notify?.(sid, verdict);
        continue;
      }
      if (isSummary(m)) continue;
      await s.guard.pin(messageSpans(m));
    }
  };

  return {
    /**
     * @param {{}} _input
     * @param {{messages: MessageWithParts[]}} output
     */
    "experimental.chat.messages.transform": async (_input, output) => {
      const msgs = output.messages ?? [];
      const sid = msgs.find((m) => m.info?.sessionID)?.info.sessionID;
      if (!sid) return;
      const s = state(sid);
      await serial(s, async () => {
        try {
          await observe(s, sid, msgs);
        } catch (e) {
          // Pinning failed: the model's call goes on; the next call retries.
          if (!(e instanceof APIError)) throw e;
        }
      });
      for (const m of msgs) {
        const v = s.verdicts.get(m.info?.id);
        if (v?.action !== REPAIR) continue;
        const block = v.summary.slice(summaryText(m).replace(/\n+$/, "").length).replace(/^\n+/, "");
        m.parts.push({
          id: `${m.info.id}:compactguard`,
          sessionID: sid,
          messageID: m.info.id,
          type: "text",
          text: block,
          synthetic: true,
        });
      }
    },

    /**
     * @param {{sessionID: string}} input
     * @param {{context: string[], prompt?: string}} output
     */
    "experimental.session.compacting": async (input, output) => {
      const s = state(input.sessionID);
      await serial(s, async () => {
        try {
          const res = await sdk?.session?.messages?.({ path: { id: input.sessionID } });
          const msgs = Array.isArray(res) ? res : res?.data;
          if (Array.isArray(msgs)) await observe(s, input.sessionID, msgs);
        } catch {
          // Reading the session is a best effort: the transform hook has
          // pinned what the model saw.
        }
        try {
          const list = pinList(await s.guard.mustKeep());
          if (list) output.context.push(list);
        } catch (e) {
          if (!(e instanceof APIError)) throw e;
        }
      });
    },
  };
}
