// Runs SQL over traces in Perfetto's own trace processor (see trace_processor.mjs).
//
//   node check.mjs WEB_DIST < request.json
//
// The request is {"traces": [{"file": PATH, "queries": {KEY: SQL, ...}}, ...]}; the answer,
// on standard output, is one JSON object per trace and line: {"file", "results": {KEY: rows
// or {"error": message}}}, or {"file", "error": message} when the trace processor cannot load it.
import fs from "node:fs";
import { TraceProcessor } from "./trace_processor.mjs";

const [webDist] = process.argv.slice(2);
if (!webDist) { console.error("usage: node check.mjs WEB_DIST < request.json"); process.exit(2); }
const request = JSON.parse(fs.readFileSync(0, "utf8"));
const tp = await TraceProcessor.load(webDist);
for (const [n, trace] of request.traces.entries()) {
    // Emptied between traces: its tables hold one trace.
    let answer;
    try {
        if (n > 0) tp.reset();
        tp.parse(fs.readFileSync(trace.file));
        const results = {};
        for (const [key, sql] of Object.entries(trace.queries)) {
            try { results[key] = tp.query(sql); } catch (e) { results[key] = { error: String(e.message).split("\n").pop() }; }
        }
        answer = { file: trace.file, results };
    } catch (e) {
        answer = { file: trace.file, error: String(e && e.message ? e.message : e).slice(0, 2000) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
}
