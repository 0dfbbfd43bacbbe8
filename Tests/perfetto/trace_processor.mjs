// Perfetto's own trace processor (the WebAssembly build the Perfetto UI runs), driven from
// Node without a browser: the UI's engine bundle (engine_bundle.js) is loaded as it would be
// in a web worker, and spoken to over its RPC protocol (protobuf messages, encoded here by
// hand: only the few fields this needs).
//
//   const tp = await TraceProcessor.load("/path/to/web_dist/v52.0-...");
//   tp.parse(bytes);                 // append the trace, then finalize it
//   tp.reset();                      // empty, for the next trace
//   const rows = tp.query("select count(*) as n from slice");   // [{n: 12}]
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { pathToFileURL } from "node:url";

// TraceProcessorRpc.TraceProcessorMethod (perfetto/protos/perfetto/trace_processor/trace_processor.proto)
const TPM_APPEND_TRACE_DATA = 1;
const TPM_FINALIZE_TRACE_DATA = 2;
const TPM_QUERY_STREAMING = 3;
const TPM_RESET_TRACE_PROCESSOR = 11;

// --- protobuf wire format: varints and length-delimited fields ---
function varint(n) {
    const out = [];
    let v = BigInt(n);
    do {
        let byte = Number(v & 0x7fn);
        v >>= 7n;
        if (v !== 0n) byte |= 0x80;
        out.push(byte);
    } while (v !== 0n);
    return out;
}
function fieldVarint(field, n) { return [...varint(field << 3), ...varint(n)]; }
function fieldBytes(field, bytes) { return [...varint((field << 3) | 2), ...varint(bytes.length), ...bytes]; }

class Reader {
    constructor(bytes) { this.b = bytes; this.pos = 0; }
    get done() { return this.pos >= this.b.length; }
    varint() {
        let v = 0n, shift = 0n;
        for (;;) {
            const byte = this.b[this.pos++];
            v |= BigInt(byte & 0x7f) << shift;
            if (!(byte & 0x80)) return v;
            shift += 7n;
        }
    }
    bytes() { const n = Number(this.varint()); const s = this.b.subarray(this.pos, this.pos + n); this.pos += n; return s; }
    /// [field, wire type]
    tag() { const t = Number(this.varint()); return [t >>> 3, t & 7]; }
    skip(wire) {
        if (wire === 0) this.varint();
        else if (wire === 1) this.pos += 8;
        else if (wire === 2) this.bytes();
        else if (wire === 5) this.pos += 4;
        else throw new Error(`unexpected protobuf wire type ${wire}`);
    }
}
const utf8 = new TextDecoder();
const utf8Encode = (s) => [...new TextEncoder().encode(s)];

/// One TraceProcessorRpc message: the fields this reads.
function decodeRpc(bytes) {
    const r = new Reader(bytes);
    const msg = {};
    while (!r.done) {
        const [field, wire] = r.tag();
        if (field === 1 && wire === 0) msg.seq = Number(r.varint());
        else if (field === 3 && wire === 0) msg.response = Number(r.varint());
        else if (field === 4 && wire === 0) msg.invalidRequest = Number(r.varint());
        else if (field === 5 && wire === 2) msg.fatalError = utf8.decode(r.bytes());
        else if (field === 201 && wire === 2) msg.appendResult = decodeAppendResult(r.bytes());
        else if (field === 203 && wire === 2) msg.queryResult = r.bytes().slice();
        else r.skip(wire);
    }
    return msg;
}
function decodeAppendResult(bytes) {
    const r = new Reader(bytes);
    const out = {};
    while (!r.done) {
        const [field, wire] = r.tag();
        if (field === 1 && wire === 0) out.totalBytesParsed = Number(r.varint());
        else if (field === 2 && wire === 2) out.error = utf8.decode(r.bytes());
        else r.skip(wire);
    }
    return out;
}

// QueryResult.CellsBatch.CellType
const CELL_NULL = 1, CELL_VARINT = 2, CELL_FLOAT64 = 3, CELL_STRING = 4, CELL_BLOB = 5;

/// Adds the rows of one QueryResult message to `into` ({columns, rows, error, complete}).
function decodeQueryResult(bytes, into) {
    const r = new Reader(bytes);
    while (!r.done) {
        const [field, wire] = r.tag();
        if (field === 1 && wire === 2) into.columns.push(utf8.decode(r.bytes()));
        else if (field === 2 && wire === 2) { const e = utf8.decode(r.bytes()); if (e.length) into.error = e; }
        else if (field === 3 && wire === 2) decodeBatch(r.bytes(), into);
        else r.skip(wire);
    }
}
function decodeBatch(bytes, into) {
    const r = new Reader(bytes);
    let types = [], varints = [], floats = [], strings = [], blobs = [];
    while (!r.done) {
        const [field, wire] = r.tag();
        if (field === 1 && wire === 2) types = [...r.bytes()];              // packed enum, each < 128
        else if (field === 2 && wire === 2) {                              // packed int64
            const p = new Reader(r.bytes());
            while (!p.done) varints.push(BigInt.asIntN(64, p.varint()));
        } else if (field === 3 && wire === 2) {                            // packed double
            const s = r.bytes();
            const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
            for (let k = 0; k < s.byteLength; k += 8) floats.push(view.getFloat64(k, true));
        } else if (field === 4 && wire === 2) blobs.push(r.bytes().slice());
        else if (field === 5 && wire === 2) strings = utf8.decode(r.bytes()).split("\0");
        else if (field === 6 && wire === 0) into.complete = r.varint() !== 0n;
        else r.skip(wire);
    }
    const n = into.columns.length;
    let vi = 0, fi = 0, si = 0, bi = 0, row = null;
    types.forEach((type, k) => {
        if (k % n === 0) { row = {}; into.rows.push(row); }
        const column = into.columns[k % n];
        switch (type) {
            case CELL_NULL: row[column] = null; break;
            case CELL_VARINT: row[column] = Number(varints[vi++]); break;
            case CELL_FLOAT64: row[column] = floats[fi++]; break;
            case CELL_STRING: row[column] = strings[si++]; break;
            case CELL_BLOB: row[column] = blobs[bi++]; break;
            default: throw new Error(`unexpected cell type ${type}`);
        }
    });
}

export class TraceProcessor {
    /// Loads engine_bundle.js and trace_processor.wasm from `dir` (the UI's versioned folder).
    static async load(dir) {
        const bundle = fs.readFileSync(path.join(dir, "engine_bundle.js"), "utf8");
        // The bundle is built for the web and web workers: it sees a worker global scope, and
        // fetches the .wasm (named relative to the worker's location) with a synchronous
        // XMLHttpRequest, which reads the file here.
        const replies = [];
        let onmessage = null;
        const self = { location: { href: pathToFileURL(path.join(dir, "engine_bundle.js")).href } };
        class XMLHttpRequest {
            open(method, url) { this.url = url; }
            send() {
                const file = new URL(this.url, self.location.href);
                const data = fs.readFileSync(file);
                this.status = 200;
                this.response = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
            }
        }
        const stderr = [];
        const context = {
            // Not the JavaScript built-ins (WebAssembly, Promise, TypeError, ...): the context has
            // its own, and the bundle compares errors with its own TypeError.
            self, XMLHttpRequest, WorkerGlobalScope: class {}, TextDecoder, TextEncoder, URL,
            console: { log: () => {}, warn: (m) => stderr.push(String(m)), error: (m) => stderr.push(String(m)), info: () => {} },
            setTimeout, clearTimeout, performance, crypto: globalThis.crypto,
        };
        context.globalThis = context;
        vm.createContext(context);
        vm.runInContext(bundle, context, { filename: "engine_bundle.js" });
        if (typeof self.onmessage !== "function") throw new Error("engine_bundle.js did not install its message handler");
        // The UI hands the worker a MessagePort; this one collects the replies.
        const port = {
            postMessage: (bytes) => replies.push(bytes),
            set onmessage(f) { onmessage = f; },
        };
        self.onmessage({ data: port });
        // The module is compiled synchronously; the bridge sets up its request buffer when the
        // runtime reports it is initialized (a promise callback), so one turn of the event
        // loop later it takes requests.
        await new Promise((r) => setTimeout(r, 0));
        if (!onmessage) throw new Error("engine_bundle.js did not take the message port");
        const tp = new TraceProcessor(onmessage, replies, stderr, vm.runInContext("Uint8Array", context));
        const one = tp.query("select 1 as one");
        if (one.length !== 1 || one[0].one !== 1) throw new Error("trace_processor.wasm answers `select 1` wrongly");
        return tp;
    }

    /// `bytes` is the bundle's own Uint8Array (it checks requests with instanceof).
    constructor(send, replies, stderr, bytes) {
        this.send = send; this.replies = replies; this.stderr = stderr; this.bytes = bytes;
        this.seq = 0; this.pending = new Uint8Array(0);
    }

    /// Sends one request (fields after seq and request) and returns the replies it caused.
    rpc(method, args) {
        const msg = [...fieldVarint(1, this.seq++), ...fieldVarint(2, method), ...args];
        const frame = this.bytes.from(fieldBytes(1, msg));   // TraceProcessorRpcStream.msg
        this.replies.length = 0;
        this.send({ data: frame });
        // Replies are TraceProcessorRpcStream frames, possibly split across callbacks.
        const all = concat([this.pending, ...this.replies]);
        this.replies.length = 0;
        const r = new Reader(all);
        const out = [];
        let consumed = 0;
        while (!r.done) {
            const start = r.pos;
            const [field, wire] = r.tag();
            if (field !== 1 || wire !== 2) throw new Error(`unexpected RPC frame field ${field}`);
            const n = Number(r.varint());
            if (r.pos + n > all.length) { r.pos = start; break; }
            out.push(decodeRpc(all.subarray(r.pos, r.pos + n)));
            r.pos += n;
            consumed = r.pos;
        }
        this.pending = all.slice(consumed);
        for (const m of out) {
            if (m.fatalError) throw new Error(`trace processor: ${m.fatalError}`);
            if (m.invalidRequest !== undefined) throw new Error(`trace processor refused request ${m.invalidRequest}`);
        }
        return out;
    }

    /// Loads a whole trace: appends it (in chunks), then finalizes it. Throws on a parse error.
    parse(bytes) {
        const chunk = 1024 * 1024;   // each chunk is copied into a plain array to encode it
        for (let off = 0; off < bytes.length; off += chunk) {
            for (const m of this.rpc(TPM_APPEND_TRACE_DATA, fieldBytes(101, bytes.subarray(off, off + chunk)))) {
                if (m.appendResult && m.appendResult.error) throw new Error(`trace processor cannot parse the trace: ${m.appendResult.error}`);
            }
        }
        this.rpc(TPM_FINALIZE_TRACE_DATA, []);
    }

    /// Empties the trace processor (default settings) for the next trace.
    reset() { this.rpc(TPM_RESET_TRACE_PROCESSOR, fieldBytes(107, [])); }

    /// Runs SQL; returns the rows as objects. Throws on an SQL error.
    query(sql) {
        const result = { columns: [], rows: [], error: undefined, complete: false };
        for (const m of this.rpc(TPM_QUERY_STREAMING, fieldBytes(103, fieldBytes(1, utf8Encode(sql))))) {
            if (m.queryResult) decodeQueryResult(m.queryResult, result);
        }
        if (result.error) throw new Error(`${sql}: ${result.error}`);
        if (!result.complete) throw new Error(`${sql}: incomplete result`);
        return result.rows;
    }
}

function concat(parts) {
    const n = parts.reduce((s, p) => s + p.length, 0);
    const out = new Uint8Array(n);
    let off = 0;
    for (const p of parts) { out.set(p, off); off += p.length; }
    return out;
}
