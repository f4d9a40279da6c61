#!/usr/bin/env bash
# make.sh: rebuilds store.db, a SQLite store written by a released
# compactguard (schema version 4, session ids global), through its real
# HTTP API. It is kept to show how the fixture was made; the fixture is
# what the migration test opens, and rebuilding it with a newer binary
# would test nothing. Usage, from the repository root at the release:
#   make build && bash host/ledger/sqlstore/testdata/release-v4/make.sh
# With PG_DSN set (an empty database, e.g. from `.ci/pg.sh start`) it
# writes the same sessions to PostgreSQL instead (schema version 3 there)
# and keeps the rows as postgres-rows.sql (its key's public half as
# postgres-audit.key.pub), INSERT statements without the
# schema: the test creates the old schema from the old migrations and
# loads them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../../.." && pwd)
bin=$root/bin
work=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

# The config: two tenants, the budget authority, the repository's plugins
# and policies, checkpoints signed with a key made for the fixture.
store=sqlite:store.db
if [ -n "${PG_DSN:-}" ]; then store=postgres:$PG_DSN; fi
sed -e "s|^  store = .*|  store = \"$store\"|" \
    -e 's|^  listen .*|  listen = "127.0.0.1:7791"|' \
    -e 's|^  tenant "default" {|  tenant "beta" {\n    token_env = "CG_BETA_TOKEN"\n  }\n  tenant "alpha" {|' \
    -e 's|COMPACTGUARD_API_TOKEN|CG_ALPHA_TOKEN|' \
    "$root/policies.hcl" > "$work/policies.hcl"
cat >> "$work/policies.hcl" <<'HCL'

audit {
  signing_key_file = "audit.key"
  checkpoint_file  = "checkpoints.jsonl"
}
HCL
"$bin/compactguard" audit keygen -out "$work/audit.key" >/dev/null

export CG_ALPHA_TOKEN=alpha-token CG_BETA_TOKEN=beta-token COMPACTGUARD_BUDGET_CREDENTIAL=authority-credential
PATH=$bin:$PATH "$bin/compactguard" serve -config "$work/policies.hcl" >"$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -fs http://127.0.0.1:7791/readyz >/dev/null && break; sleep 0.2; done

api() { # api TOKEN METHOD PATH [BODY]: prints the status and body
	curl -s -o "$work/out" -w '%{http_code}' -X "$2" -H "Authorization: Bearer $1" \
		-H 'Content-Type: application/json' ${4:+--data "$4"} "http://127.0.0.1:7791$3"
	echo " $3 $(head -c 160 "$work/out")"
}
A=alpha-token B=beta-token AUTH=authority-credential

# alpha/s1: spans, a refused and an allowed compaction, a phase signal,
# a policy edit, the authority's budget change and a tenant's attempt.
api $A POST /v1/sessions '{"id":"s1"}'
api $A POST /v1/sessions/s1/spans '{"spans":[
 {"id":"u1","kind":"user","text":"Migrate the billing tables to Postgres 16. Never run DROP TABLE on the invoices table, and keep the migration under 30 minutes of downtime."},
 {"id":"a1","kind":"assistant","text":"I will copy the invoices table first and switch the readers over before touching the old one."},
 {"id":"t1","kind":"tool_result","text":"ERROR: relation \"invoices_v2\" already exists","meta":{"tool":"bash","exit_code":"1"}},
 {"id":"a2","kind":"assistant","text":"The copy exists from an earlier attempt; I will reuse it."}]}'
api $A POST /v1/sessions/s1/compactions '{"covers":["u1","a1","t1","a2"],"summary":"We are migrating billing.","self_score":0.9,"request_id":"r1"}'
api $A POST /v1/sessions/s1/compactions '{"covers":["a1","t1"],"summary":"Copying the invoices table first; the copy invoices_v2 already existed from an earlier attempt and is reused.","self_score":0.9,"request_id":"r2"}'
api $A POST /v1/sessions/s1/phase-signals '{"request_id":"sig1"}'
api $A POST /v1/sessions/s1/policy-edits '{"policy":"synthesize","signal":"latest","request_id":"e1"}'
api $AUTH PUT /v1/sessions/s1/budget '{"tokens":64000,"request_id":"b1"}'
api $A PUT /v1/sessions/s1/budget '{"tokens":999999,"request_id":"b1"}'
# alpha/s2: a second session, spans only.
api $A POST /v1/sessions '{"id":"s2"}'
api $A POST /v1/sessions/s2/spans '{"spans":[{"id":"u1","kind":"user","text":"Only touch files under ./docs."}]}'
# beta/b1: the other tenant, reusing alpha's request id r1 in its own session.
api $B POST /v1/sessions '{"id":"b1"}'
api $B POST /v1/sessions/b1/spans '{"spans":[{"id":"u1","kind":"user","text":"Ship the release on Friday, not before 18:00 UTC."},{"id":"a1","kind":"assistant","text":"Noted: release Friday after 18:00 UTC."}]}'
api $B POST /v1/sessions/b1/compactions '{"covers":["a1"],"summary":"The release ships Friday after 18:00 UTC.","self_score":0.95,"request_id":"r1"}'
api $AUTH PUT /v1/sessions/b1/budget '{"tokens":32000,"request_id":"b1"}'
# What this release does with another tenant's id: 409.
api $B POST /v1/sessions '{"id":"s1"}'

kill "$pid"; wait "$pid" 2>/dev/null || true
"$bin/compactguard" audit verify -config "$work/policies.hcl" --key "$work/audit.key.pub"
if [ -n "${PG_DSN:-}" ]; then
	pg_dump --data-only --column-inserts --no-owner --no-privileges "$PG_DSN" |
		grep -E '^(INSERT INTO|SELECT pg_catalog.setval)' | grep -v '^INSERT INTO public.readiness_probe' | sed -e 's/public\.//g' >"$here/postgres-rows.sql"
	cp "$work/audit.key.pub" "$here/postgres-audit.key.pub"
	echo "wrote $here/postgres-rows.sql and postgres-audit.key.pub"
	exit 0
fi
# One file: fold the WAL into it.
sqlite3 "$work/store.db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null 2>&1 || true
cp "$work/store.db" "$here/store.db"
cp "$work/audit.key.pub" "$here/audit.key.pub"
cp "$work/checkpoints.jsonl" "$here/checkpoints.jsonl"
echo "wrote $here/store.db"
